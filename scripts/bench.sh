#!/usr/bin/env bash
# scripts/bench.sh - the benchmark: `make bench` (needs a GPU).
#
# Runs every chapter's kernels on a set of shapes on this machine's GPU and
# keeps one set of results per GPU, so that results from several GPUs sit
# side by side:
#   docs/bench-<gpu>.csv     every row of every run (gpu: scripts/lib.sh gpu_tag)
#   docs/results-<gpu>.md    the long tables, one per shape, every kernel
# and rewrites the short table of README.md (between <!-- bench:begin -->
# and <!-- bench:end -->) from every docs/bench-*.csv there is: at
# 8192x8192, the copy ceiling, each chapter's best kernel and cuBLAS, one
# column pair per GPU. `make plot` draws docs/progression.png from the CSVs.
#
# Every % is against the copy ceiling of the same run (the faster of
# cudaMemcpy and the harness's copy kernel; the harness measures both).
# In the long tables each kernel is shown once, in the chapter that
# introduces it, and chapter 5's sweep only at each kernel's best block.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

SHAPES=${SHAPES:-"8192x8192 8191x5003"}
REPS=${REPS:-30}

if ! device=$(gpu_probe); then
    echo "bench: needs a GPU ($device)" >&2
    exit 1
fi
device=${device%%,*}
tag=$(gpu_tag "$device")
csv=docs/bench-$tag.csv
page=docs/results-$tag.md
today=$(date -u +%Y-%m-%d)

mkdir -p docs
echo "shape,program,device,rows,cols,kernel,block,status,median_ms,min_ms,max_ms,gbps,pct_copy,pct_peak,best_block" > "$csv"
for shape in $SHAPES; do
    for prog in $(chapter_programs); do
        echo "bench: $prog --size $shape" >&2
        ./"$prog" --size "$shape" --reps "$REPS" --csv | tail -n +2 | sed "s/^/$shape,$prog,/" >> "$csv"
    done
    # What a user would otherwise call (PyTorch, CuPy), when installed.
    if python3 -c 'import torch' 2> /dev/null; then
        echo "bench: scripts/frameworks.py --size $shape" >&2
        python3 scripts/frameworks.py --size "$shape" --reps "$REPS" >> "$csv"
    else
        echo "bench: PyTorch is not installed here: no frameworks rows" >&2
    fi
done

# The long tables. Columns of the CSV:
# 1 shape 2 program 6 kernel 7 block 8 status 12 gbps 13 pct_copy 14 pct_peak 15 best_block
{
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
} > "$page"

# The short table of README.md, from every GPU's CSV.
summary=$(mktemp)
trap 'rm -f "$summary"' EXIT
bash scripts/bench_summary.sh > "$summary"
awk -v file="$summary" '
    /^<!-- bench:begin -->$/ { print; while ((getline line < file) > 0) print line; skip = 1; next }
    /^<!-- bench:end -->$/   { skip = 0 }
    !skip { print }
' README.md > README.md.new
mv README.md.new README.md
echo "bench: wrote $csv, $page and the short table in README.md" >&2
