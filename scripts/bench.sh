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

# The long tables, then the short table of README.md from every GPU's CSV.
DATE=$today REPS=$REPS bash scripts/results_page.sh "$csv" > "$page"

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
