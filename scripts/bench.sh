#!/usr/bin/env bash
# scripts/bench.sh - the benchmark: `make bench` (needs a GPU).
#
# Runs every chapter's kernels on a fixed set of shapes, writes every row to
# docs/bench.csv, and regenerates the results table of README.md between
# <!-- bench:begin --> and <!-- bench:end --> with the device, the date and
# the command above it. `make plot` draws docs/progression.png from the CSV.
#
# Each kernel is shown once, in the chapter that introduces it (chapters
# include earlier chapters' kernels to compare in the same run), and for
# chapter 5's sweep only the best block shape of each kernel.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

SHAPES=${SHAPES:-"8192x8192 16384x16384 8191x5003 12345x678"}
REPS=${REPS:-30}
csv=docs/bench.csv

if ! device=$(gpu_probe); then
    echo "bench: needs a GPU ($device)" >&2
    exit 1
fi
device=${device%%,*}

mkdir -p docs
echo "shape,program,device,rows,cols,kernel,block,status,median_ms,min_ms,max_ms,gbps,pct_memcpy,pct_peak,best_block" > "$csv"
for shape in $SHAPES; do
    for prog in $(chapter_programs); do
        echo "bench: $prog --size $shape" >&2
        ./"$prog" --size "$shape" --reps "$REPS" --csv | tail -n +2 | sed "s/^/$shape,$prog,/" >> "$csv"
    done
done

# The markdown table, one section per shape. Columns of the CSV:
# 1 shape 2 program 6 kernel 7 block 8 status 12 gbps 13 pct_memcpy 14 pct_peak 15 best_block
table=$(awk -F, -v shapes="$SHAPES" '
    NR == 1 { next }
    {
        key = $1 SUBSEP $6 SUBSEP $7
        if ($6 == "cudaMemcpy device-to-device") {     # one ceiling row per shape: the first run
            if (!($1 in mrow)) mrow[$1] = $0
            next
        }
        if ($2 == "chapter5" && $15 != 1) next           # the sweep: best block only
        if ($6 == "cublas_sgeam") cublas[$1] = $12
        if (key in seen) next                           # shown where it was introduced
        seen[key] = 1
        rows[$1, ++count[$1]] = $0
    }
    END {
        n = split(shapes, s, " ")
        for (i = 1; i <= n; i++) {
            sh = s[i]
            printf "\n**%s** (float32)\n\n", sh
            printf "| chapter | kernel | block | GB/s | %% of memcpy | %% of peak | vs cuBLAS |\n"
            printf "| --- | --- | --- | ---: | ---: | ---: | ---: |\n"
            split(mrow[sh], m, ",")
            printf "| - | cudaMemcpy device-to-device | - | %.0f | 100.0 | %.1f | %s |\n", m[12], m[14],
                   (sh in cublas) ? sprintf("%.2fx", m[12] / cublas[sh]) : "-"
            for (j = 1; j <= count[sh]; j++) {
                split(rows[sh, j], f, ",")
                if (f[8] != "PASS") { printf "| %s | %s | %s | FAIL | | | |\n", f[2], f[6], f[7]; continue }
                printf "| %s | %s | %s | %.0f | %.1f | %.1f | %s |\n", f[2], f[6], f[7], f[12], f[13], f[14],
                       (sh in cublas) ? sprintf("%.2fx", f[12] / cublas[sh]) : "-"
            }
        }
    }' "$csv")

{
    echo "Measured on an $device on $(date -u +%Y-%m-%d) with \`make bench\`"
    echo "(\`./chapterN --size SHAPE --reps $REPS --csv\` for every chapter; all rows in"
    echo "[docs/bench.csv](docs/bench.csv)). Each kernel's %-of-memcpy is against the"
    echo "cudaMemcpy of its own run; 'vs cuBLAS' is GB/s over cublasSgeam's (chapter 9)."
    printf '%s\n' "$table"
} > docs/bench.md

awk '
    /^<!-- bench:begin -->$/ { print; while ((getline line < "docs/bench.md") > 0) print line; skip = 1; next }
    /^<!-- bench:end -->$/   { skip = 0 }
    !skip { print }
' README.md > README.md.new
mv README.md.new README.md
rm -f docs/bench.md
echo "bench: wrote $csv and the table in README.md" >&2
