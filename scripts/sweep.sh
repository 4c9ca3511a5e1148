#!/usr/bin/env bash
# scripts/sweep.sh - chapter 9 on many shapes: `make sweep` (needs a GPU).
#
#   make sweep                  shapes of draw 1
#   make sweep DRAW=7 RANDOM_SHAPES=40
#
# A dispatcher tuned on a fixed list of shapes proves nothing about the
# next shape, so the sweep draws its own: RANDOM_SHAPES shapes with sides
# drawn log-uniformly (draw number DRAW picks them; draw new ones now and
# then), squares from 6000 to 24000, and skinny k x N and N x k matrices
# for k from 2 to 64. Each of them has at least `floor` elements, so that
# its input and output together are at least four times the L2 (floor is
# 2^25 floats, 256 MiB in + out, for an L2 of up to 64 MiB; a larger L2
# raises it): the timed kernel reads and writes DRAM, not the cache. The
# class `small` (squares of 1000, 2000 and 4000: input + output from
# 8 MB, inside the L2, to 128 MB, about twice it) is kept apart and
# labelled so in the CSV, the summary and the picture: at those sizes
# the L2 and the launch weigh in, so they do not measure DRAM alone.
# Each shape runs ./chapter9 on two rows, cublas_sgeam and
# transpose_any_shape, in one process, beside the harness's two copies.
#
# The ceiling of a shape is the harness's: the faster of cudaMemcpy and
# its float4 copy kernel in that run.
# Writes docs/sweep-<gpu>.csv (one line per shape) and the picture
# docs/sweep-<gpu>.svg (scripts/sweep_svg.awk, no plotting tool needed);
# prints the minimum and median of the dispatcher's % of the ceiling
# (small shapes apart) and every shape where cuBLAS is faster.
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
l2=$(gpu_probe --l2-bytes)
floor=$(( 1 << 25 ))                                 # elements, float32
(( floor * 8 >= 4 * l2 )) || floor=$(( (4 * l2 + 7) / 8 ))
tag=$(gpu_tag "$device")
csv=docs/sweep-$tag.csv
mkdir -p docs

# One shape per line: class rows cols.
shapes() {
    # Park and Miller's generator, spelled out so that every awk draws the
    # same shapes for the same draw number (awk's own rand() differs between awks).
    awk -v draw="$draw" -v n="$count" -v floor="$floor" '
        function uniform() { x = (16807 * x) % 2147483647; return x / 2147483647 }
        BEGIN {
            x = draw % 2147483646 + 1
            for (i = 0; i < n; i++) {
                e = exp(log(floor) + uniform() * (log(4e8) - log(floor)))   # elements
                r = int(exp(log(64) + uniform() * (log(e / 64) - log(64))))
                c = int(e / r); if (r * c < floor) c++
                printf "random %d %d\n", r, c
            }
        }'
    for s in 6000 8000 12000 16000 20000 24000; do
        (( s * s >= floor )) && echo "square $s $s"
    done
    for k in 2 3 4 8 16 32 64; do
        echo "k_x_N $k $(( (floor + k - 1) / k ))"
        echo "N_x_k $(( (floor + k - 1) / k )) $k"
    done
    for s in 1000 2000 4000; do echo "small $s $s"; done
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

l2_mib=$(( l2 >> 20 ))
echo "sweep: $device, draw $draw, $(($(wc -l < "$csv") - 1)) shapes, wrote $csv"
echo "sweep: every class but small has input + output >= $(( floor * 8 >> 20 )) MiB, 4 x or more the $l2_mib MiB L2"
sort -t, -k9,9n <(tail -n +2 "$csv") | awk -F, '
    $1 == "small" { printf "small (under 4 x the L2, not DRAM alone): %sx%s: any_shape %.1f%%, cuBLAS %.1f%%\n", $2, $3, $9, $10; next }
    { n++; a[n] = $9; if ($10 > $9) wins = wins sprintf("\n  %sx%s (%s): any_shape %.1f%%, cuBLAS %.1f%%", $2, $3, $1, $9, $10) }
    END {
        printf "transpose_any_shape, %% of the copy ceiling, %d shapes past the L2: min %.1f, median %.1f, max %.1f\n",
               n, a[1], (n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2), a[n]
        printf "shapes past the L2 where cuBLAS is faster: %s\n", wins == "" ? "none" : wins
    }'
awk -F, -v title="$device, chapter 9, shapes of draw $draw" \
    -v note="filled: input + output at least 4 x the $l2_mib MiB L2; grey: the class small, under 4 x the L2" \
    -f scripts/svg_frame.awk -f scripts/sweep_svg.awk "$csv" > "docs/sweep-$tag.svg"
echo "sweep: drew docs/sweep-$tag.svg"
# The numbers the prose quotes from this CSV follow it (scripts/values.sh).
bash scripts/values.sh
