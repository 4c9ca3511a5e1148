#!/usr/bin/env bash
# scripts/results_page.sh - a GPU's results page, docs/results-<gpu>.md,
# from its docs/bench-<gpu>.csv (scripts/bench.sh runs it after measuring;
# it needs no GPU):
#
#   DATE=2026-11-21 REPS=20 bash scripts/results_page.sh docs/bench-h100.csv
#
# One table per shape of the CSV, every kernel once, in the chapter that
# introduces it; chapter 5's sweep at each kernel's best block.
set -euo pipefail
cd "$(dirname "$0")/.."
csv=$1
device=$(awk -F, 'NR == 2 { gsub(/"/, "", $3); print $3; exit }' "$csv")
tag=${csv#docs/bench-}; tag=${tag%.csv}
SHAPES=$(awk -F, 'NR > 1 && !($1 in s) { s[$1] = 1; printf "%s ", $1 }' "$csv")
REPS=${REPS:-30}
today=${DATE:?give DATE, the day the CSV was measured}

# Columns of the CSV:
# 1 shape 2 program 6 kernel 7 block 8 status 12 gbps 13 pct_copy 14 pct_peak 15 best_block
echo "# Results on an $device"
echo
echo "Measured on $today with \`make bench\` (\`./chapterN --size SHAPE --reps $REPS --csv\`"
echo "for every chapter; every row is in [bench-$tag.csv](bench-$tag.csv)). Each"
echo "kernel's % of copy is against the copy ceiling of its own run: the faster of"
echo "\`cudaMemcpy\` and the harness's float4 copy kernel, both shown (chapter 1's"
echo "run). 'vs cuBLAS' is GB/s over cublasSgeam's (chapter 9's run). The"
echo "frameworks rows (PyTorch, CuPy: [scripts/frameworks.py](../scripts/frameworks.py))"
echo "are against PyTorch's own copy of the same bytes in their process."
awk -F, -v shapes="$SHAPES" '
        NR == 1 { next }
        $6 == "cudaMemcpy device-to-device" || $6 == "copy_kernel_float4" {
            if (!(($1, $6) in ceil)) ceil[$1, $6] = $0     # chapter 1 run: the first
            next
        }
        {
            if ($2 == "chapter5" && $15 != 1) next           # the sweep: best block only
            if ($6 == "cublas_sgeam") cublas[$1] = $12
            key = $1 SUBSEP $6 SUBSEP $7
            if (key in seen) next                           # shown where it was introduced
            seen[key] = 1
            rows[$1, ++count[$1]] = $0
        }
        function line(r,    f) {
            split(r, f, ",")
            if (f[8] != "PASS") { printf "| %s | %s | %s | %s | | | |\n", f[2], f[6], f[7], f[8]; return }
            printf "| %s | %s | %s | %.0f | %.1f | %.1f | %s |\n", f[2], f[6], f[7], f[12], f[13], f[14],
                   (f[1] in cublas) ? sprintf("%.2fx", f[12] / cublas[f[1]]) : "-"
        }
        END {
            n = split(shapes, s, " ")
            for (i = 1; i <= n; i++) {
                sh = s[i]
                printf "\n## %s (float32)\n\n", sh
                printf "| chapter | kernel | block | GB/s | %% of copy | %% of peak | vs cuBLAS |\n"
                printf "| --- | --- | --- | ---: | ---: | ---: | ---: |\n"
                line(ceil[sh, "cudaMemcpy device-to-device"])
                line(ceil[sh, "copy_kernel_float4"])
                for (j = 1; j <= count[sh]; j++)
                    line(rows[sh, j])
            }
        }' "$csv"

