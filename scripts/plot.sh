#!/usr/bin/env bash
# scripts/plot.sh - `make plot`: draw the progression from docs/bench-*.csv.
#
# At 8192x8192, each chapter's best kernel as % of the copy ceiling of the
# same run, one bar per GPU that `make bench` ran on, into
# docs/progression.png. Needs gnuplot; everything else in the
# repository works without it.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v gnuplot > /dev/null; then
    echo "plot: gnuplot is not installed (e.g. apt-get install gnuplot-nox); nothing drawn" >&2
    exit 1
fi
shape=${SHAPE:-8192x8192}
data=$(mktemp)
trap 'rm -f "$data"' EXIT
# One group per chapter (its best kernel, chapter 5 included), one bar per
# GPU that has a docs/bench-<gpu>.csv: scripts/bench_summary.sh picks them.
SHAPE=$shape FORMAT=tsv bash scripts/bench_summary.sh > "$data"
gpus=$(head -n 1 "$data" | awk -F'\t' '{ print NF - 1 }')

gnuplot <<EOF
set terminal pngcairo size 1400,760 font ",10" noenhanced
set bmargin 15
set output "docs/progression.png"
set title "Matrix transpose, $shape float32: each chapter's best kernel, % of the copy ceiling of the same run"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.8
set datafile separator "\t"
set yrange [0:110]
set ylabel "% of copy"
set xtics rotate by -35 scale 0
set grid ytics
set key top left
plot for [i=2:$((gpus + 1))] "$data" using i:xtic(1) title columnheader(i)
EOF
echo "plot: wrote docs/progression.png" >&2
