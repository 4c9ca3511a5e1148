#!/usr/bin/env bash
# scripts/plot.sh - `make plot`: draw the progression from docs/bench.csv.
#
# One bar per kernel at 8192x8192, in chapter order, as % of cudaMemcpy,
# into docs/progression.png. Needs gnuplot; everything else in the
# repository works without it.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v gnuplot > /dev/null; then
    echo "plot: gnuplot is not installed (e.g. apt-get install gnuplot-nox); nothing drawn" >&2
    exit 1
fi
if [ ! -f docs/bench.csv ]; then
    echo "plot: docs/bench.csv is missing: run make bench on a GPU machine first" >&2
    exit 1
fi

shape=${SHAPE:-8192x8192}
data=$(mktemp)
trap 'rm -f "$data"' EXIT
# chapter label, kernel, % of memcpy: first appearance of each kernel, and
# chapter 5's sweep at the best block of each of its kernels (the fastest
# kernel without shared memory belongs in the picture).
awk -F, -v sh="$shape" '
    NR > 1 && $1 == sh && $8 == "PASS" && $6 != "cudaMemcpy device-to-device" {
        ch = $2; sub("chapter", "", ch)
        if ($2 == "chapter5") {          # the sweep: each kernel at its best block
            if ($15 == 1) printf "\"%s %s %s\" %s\n", ch, $6, $7, $13
            next
        }
        if ($6 in seen) next
        seen[$6] = 1
        printf "\"%s %s\" %s\n", ch, $6, $13
    }' docs/bench.csv > "$data"

gnuplot <<EOF
set terminal pngcairo size 1400,760 font ",10" noenhanced
set bmargin 13
set rmargin 10
set output "docs/progression.png"
set title "Matrix transpose, $shape float32: % of cudaMemcpy device-to-device (same run)"
set style fill solid 0.8
set boxwidth 0.7
set yrange [0:110]
set ylabel "% of cudaMemcpy"
set xtics rotate by -45 scale 0
set grid ytics
set key off
plot "$data" using 0:2:xtic(1) with boxes lc rgb "#3b75af", \
     "" using 0:(\$2 + 3):(sprintf("%.0f", \$2)) with labels
EOF
echo "plot: wrote docs/progression.png" >&2
