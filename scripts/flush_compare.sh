#!/usr/bin/env bash
# scripts/flush_compare.sh - does the way the L2 is flushed change what a
# timed kernel writes to DRAM? (needs a GPU and Nsight Compute)
#
#   bash scripts/flush_compare.sh [SIZE...]      default: 4000x4000 8192x8192
#
# The harness flushes the L2 before each timed run by reading a buffer
# twice the L2's size (common/harness.cu, flush_l2). The other way, a
# cudaMemset of that buffer, also empties the L2 of earlier data but
# leaves it full of dirty lines. This builds chapter 9 both ways (the
# memset one in a scratch copy of the repository) and, for each SIZE,
# prints per kernel launch the DRAM bytes written and read
# (scripts/flush_writes.sh) and the table of ./chapter9 for the copy and
# transpose_any_shape. A timed launch is one that follows a flush;
# compare its MB written with the output's size.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(4000x4000 8192x8192)
scratch=$(mktemp -d); trap 'rm -rf "$scratch"' EXIT
tar --exclude=./build -cf - . | tar -xf - -C "$scratch"
new='        flush_l2(c);'
old='        CHECK_CUDA(cudaMemset(c->d_flush, i \& 0xFF, c->flush_bytes)); if (0) flush_l2(c);'
[ "$(grep -cxF -- "$new" common/harness.cu)" -eq 1 ] || { echo "flush_compare: '$new' is not one line of common/harness.cu" >&2; exit 1; }
sed -i "s|^$new\$|$old|" "$scratch/common/harness.cu"
${MAKE:-make} -s chapter9 > /dev/null
(cd "$scratch" && ${MAKE:-make} -s chapter9 > /dev/null)
for size in "${sizes[@]}"; do
    for how in read memset; do
        dir=.; [ "$how" = memset ] && dir=$scratch
        echo "=== flush by $how, $size: output $(( ${size%x*} * ${size#*x} * 4 / 1000000 )) MB"
        (cd "$dir" && LAUNCHES=16 bash "$OLDPWD/scripts/flush_writes.sh" \
            ./chapter9 --size "$size" --kernel transpose_any_shape --reps 3)
        (cd "$dir" && ./chapter9 --size "$size" --kernel transpose_any_shape --reps 30) |
            grep -E '^(cudaMemcpy|copy_kernel|transpose_any)'
    done
done
