#!/usr/bin/env bash
# scripts/sweep.sh - chapter 9 on many shapes: `make sweep` (needs a GPU).
#
#   make sweep                  shapes of draw 1
#   make sweep DRAW=7 RANDOM_SHAPES=40
#
# A dispatcher tuned on a fixed list of shapes proves nothing about the
# next shape, so the sweep draws its own: RANDOM_SHAPES shapes with sides
# drawn log-uniformly (draw number DRAW picks them; draw new ones now and then) and 4e6 to
# 4e8 elements, far past the L2; squares from 1000 to 24000; and skinny
# k x N and N x k matrices for k from 2 to 64 (2^24 elements each). Each
# shape runs ./chapter9 on two rows, cublas_sgeam and transpose_any_shape,
# in one process, beside the harness's two copies.
#
# The ceiling of a shape is the harness's: the faster of cudaMemcpy and
# its float4 copy kernel in that run.
# Writes docs/sweep-<gpu>.csv (one line per shape) and the picture
# docs/sweep-<gpu>.svg (scripts/sweep_svg.awk, no plotting tool needed);
# prints the minimum and median of the dispatcher's % of the ceiling and
# every shape where cuBLAS is faster.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

draw=${DRAW:-1}
count=${RANDOM_SHAPES:-24}
reps=${REPS:-10}

if ! device=$(gpu_probe); then
    echo "sweep: needs a GPU ($device)" >&2
    exit 1
fi
device=${device%%,*}
tag=$(gpu_tag "$device")
csv=docs/sweep-$tag.csv
mkdir -p docs

# One shape per line: class rows cols.
shapes() {
    # Park and Miller's generator, spelled out so that every awk draws the
    # same shapes for the same draw number (awk's own rand() differs between awks).
    awk -v draw="$draw" -v n="$count" '
        function uniform() { x = (16807 * x) % 2147483647; return x / 2147483647 }
        BEGIN {
            x = draw % 2147483646 + 1
            for (i = 0; i < n; i++) {
                e = exp(log(4e6) + uniform() * (log(4e8) - log(4e6)))   # elements
                r = int(exp(log(64) + uniform() * (log(e / 64) - log(64))))
                printf "random %d %d\n", r, int(e / r)
            }
        }'
    for s in 1000 2000 4000 8000 12000 16000 20000 24000; do echo "square $s $s"; done
    for k in 2 3 4 8 16 32 64; do
        echo "k_x_N $k $(( (1 << 24) / k ))"
        echo "N_x_k $(( (1 << 24) / k )) $k"
    done
}

echo "class,rows,cols,memcpy_gbps,copy_kernel_gbps,cublas_gbps,any_shape_gbps,ceiling,pct_any,pct_cublas" > "$csv"
while read -r class rows cols; do
    echo "sweep: $class ${rows}x$cols" >&2
    ./chapter9 --size "${rows}x$cols" --reps "$reps" --csv \
        --kernel cublas_sgeam,transpose_any_shape |
    awk -F, -v class="$class" -v r="$rows" -v c="$cols" '
        NR > 1 && $6 == "PASS" { g[$4] = $10 }
        NR > 1 && $6 != "PASS" { bad = bad " " $4 }
        END {
            if (bad != "") { printf "sweep: %s x %s: not PASS:%s\n", r, c, bad > "/dev/stderr"; exit 1 }
            m = g["cudaMemcpy device-to-device"]; v = g["copy_kernel_float4"]
            ceil = m > v ? m : v
            printf "%s,%s,%s,%.1f,%.1f,%.1f,%.1f,%s,%.1f,%.1f\n", class, r, c, m, v,
                   g["cublas_sgeam"], g["transpose_any_shape"], (m > v ? "memcpy" : "copy_kernel"),
                   100 * g["transpose_any_shape"] / ceil, 100 * g["cublas_sgeam"] / ceil
        }' >> "$csv"
done < <(shapes)

echo "sweep: $device, draw $draw, $(($(wc -l < "$csv") - 1)) shapes, wrote $csv"
sort -t, -k9,9n <(tail -n +2 "$csv") | awk -F, '
    { n++; a[n] = $9; if ($10 > $9) wins = wins sprintf("\n  %sx%s (%s): any_shape %.1f%%, cuBLAS %.1f%%", $2, $3, $1, $9, $10) }
    END {
        printf "transpose_any_shape, %% of the copy ceiling: min %.1f, median %.1f, max %.1f\n",
               a[1], (n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2), a[n]
        printf "shapes where cuBLAS is faster: %s\n", wins == "" ? "none" : wins
    }'
awk -F, -v title="$device, chapter 9, shapes of draw $draw" \
    -f scripts/sweep_svg.awk "$csv" > "docs/sweep-$tag.svg"
echo "sweep: drew docs/sweep-$tag.svg"
# The numbers the prose quotes from this CSV follow it (scripts/values.sh).
bash scripts/values.sh
