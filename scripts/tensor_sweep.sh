#!/usr/bin/env bash
# scripts/tensor_sweep.sh - chapter 11's permute_nd on random tensor
# permutations: `make tensor-sweep` (needs a GPU).
#
#   make tensor-sweep                 cases of draw 1
#   make tensor-sweep DRAW=4 CASES=60
#   make tensor-sweep DRAW=4 CASES=60 FROM=31   cases 31 to 60 of that draw,
#        added to the CSV that already holds cases 1 to 30 (a long sweep in
#        two runs)
#
# A kernel tuned on a fixed list of cases proves nothing about the next
# one, so the sweep draws its own: CASES cases, each an element size (1, 2,
# 4 or 8 bytes), a rank (2 to 4), a permutation that is not the identity,
# and sides drawn log-uniformly whose input is between `floor` bytes and
# 4e8 bytes. floor is twice the L2 (and at least 4e6 bytes), so that input
# and output together are at least four times the L2: the timed kernel
# reads and writes DRAM, not the cache. DRAW picks the cases; draw new
# ones now and then.
# Each case runs scripts/permute_case.cu (the harness: a permute_nd row and
# a transpose_permute row, the same kernels through the library's API,
# lib/transpose.h): its ceiling is the faster of cudaMemcpy and the
# harness's copy kernel on the same bytes, in the same run. Where PyTorch is
# installed, each case also times x.permute(P).contiguous() and PyTorch's
# own copy (scripts/frameworks.py --permute), and CuPy's
# ascontiguousarray(x.transpose(P)) where CuPy is; the CSV holds them all
# (CuPy against PyTorch's copy).
# Writes docs/tensor-sweep-<gpu>.csv, one line per case (a permutation
# written as its digits: 0231 is (0, 2, 3, 1)), its picture
# docs/tensor-sweep-<gpu>.svg (scripts/tensor_sweep_svg.awk), and prints
# (scripts/tensor_sweep_summary.sh) the minimum and median of permute_nd's
# % of the ceiling, every case below 85%, and every case where PyTorch is
# faster; then the library's: its minimum and median, the cases where it
# is more than 3 points behind permute_nd, and those where PyTorch or CuPy
# is faster than it.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

draw=${DRAW:-1}
count=${CASES:-40}
reps=${REPS:-10}
prog=${PERMUTE_CASE:?run it through make tensor-sweep, which builds scripts/permute_case.cu}

if ! device=$(gpu_probe); then
    echo "tensor-sweep: needs a GPU ($device)" >&2
    exit 1
fi
device=${device%%,*}
l2=$(gpu_probe --l2-bytes)
floor=$(( 2 * l2 > 4000000 ? 2 * l2 : 4000000 ))   # input bytes
tag=$(gpu_tag "$device")
csv=docs/tensor-sweep-$tag.csv
mkdir -p docs
torch=0
python3 -c 'import torch; assert torch.cuda.is_available()' 2> /dev/null && torch=1

# One case per line: elem_bytes shape perm (shape "AxBxC", perm "2,0,1").
cases() {
    # Park and Miller's generator, spelled out so that every awk draws the
    # same cases for the same draw number (awk's own rand() differs).
    awk -v draw="$draw" -v n="$count" -v floor="$floor" '
        function uniform() { x = (16807 * x) % 2147483647; return x / 2147483647 }
        BEGIN {
            x = (draw * 7919) % 2147483646 + 1
            split("1 2 4 8", sizes, " ")
            for (i = 0; i < n; i++) {
                e = sizes[1 + int(uniform() * 4)]
                rank = 2 + int(uniform() * 3)
                elems = exp(log(floor) + uniform() * (log(4e8) - log(floor))) / e
                # Sides: shares of log(elems) drawn at random; the last side
                # rounds the product up to elems.
                total = 0
                for (a = 1; a <= rank; a++) { w[a] = 0.15 + uniform(); total += w[a] }
                prod = 1
                for (a = 1; a < rank; a++) {
                    d[a] = int(exp(log(elems) * w[a] / total)); if (d[a] < 2) d[a] = 2
                    prod *= d[a]
                }
                d[rank] = int(elems / prod) + 1
                # A permutation that is not the identity (Fisher-Yates).
                do {
                    for (a = 0; a < rank; a++) p[a] = a
                    for (a = rank - 1; a > 0; a--) { j = int(uniform() * (a + 1)); t = p[a]; p[a] = p[j]; p[j] = t }
                    same = 1; for (a = 0; a < rank; a++) if (p[a] != a) same = 0
                } while (same)
                shape = d[1]; for (a = 2; a <= rank; a++) shape = shape "x" d[a]
                perm = p[0]; for (a = 1; a < rank; a++) perm = perm "," p[a]
                printf "%d %s %s\n", e, shape, perm
            }
        }'
}

from=${FROM:-1}
if [ "$from" -le 1 ]; then
    echo "elem_bytes,rank,shape,perm,keeps_last_axis,memcpy_gbps,copy_kernel_gbps,nd_gbps,pct_nd,torch_copy_gbps,torch_gbps,pct_torch,lib_gbps,pct_lib,cupy_gbps,pct_cupy" > "$csv"
elif [ ! -f "$csv" ] || [ "$(wc -l < "$csv")" -ne "$from" ]; then
    echo "tensor-sweep: FROM=$from needs $csv with the first $((from - 1)) cases of this draw (a header and $((from - 1)) lines)" >&2
    exit 1
fi
i=0
while read -r e shape perm; do
    i=$((i + 1))
    [ "$i" -ge "$from" ] || continue
    echo "tensor-sweep: $e-byte $shape perm $perm" >&2
    rank=$(awk -F, '{ print NF }' <<< "$perm")
    keeps=$(awk -F, '{ print ($NF == NF - 1) ? "yes" : "no" }' <<< "$perm")
    line=$("$prog" --perm "$perm" --elem "$e" --size "$shape" --reps "$reps" --csv |
        awk -F, '
            NR > 1 && $6 != "PASS" { bad = bad " " $4 }
            NR > 1 && $6 == "PASS" && $4 ~ /^cudaMemcpy/ { m = $10 }
            NR > 1 && $6 == "PASS" && $4 ~ /^copy_kernel/ { v = $10 }
            NR > 1 && $6 == "PASS" && $4 == "permute_nd" { g = $10 }
            NR > 1 && $6 == "PASS" && $4 == "transpose_permute" { l = $10 }
            END {
                if (bad != "" || g == "" || l == "") { printf "not PASS:%s\n", bad; exit 1 }
                ceil = m > v ? m : v
                printf "%.1f,%.1f,%.1f,%.1f %.1f,%.1f\n", m, v, g, 100 * g / ceil, l, 100 * l / ceil
            }') || { echo "tensor-sweep: $e-byte $shape perm $perm: $line" >&2; exit 1; }
    lib=${line#* }    # lib_gbps,pct_lib
    line=${line% *}   # memcpy_gbps,copy_kernel_gbps,nd_gbps,pct_nd
    tline=",,"
    cline=","
    if [ "$torch" = 1 ]; then
        t=$(python3 scripts/frameworks.py --permute "$perm" --elem "$e" --size "$shape" \
            --reps "$reps") || { echo "tensor-sweep: PyTorch failed on this case" >&2; exit 1; }
        tline=$(awk -F, '{ printf "%s,%s,%.1f", $1, $2, 100 * $2 / $1 }' <<< "$t")
        cline=$(awk -F, '{ if ($3 != "") printf "%s,%.1f", $3, 100 * $3 / $1; else printf "," }' <<< "$t")
    fi
    echo "$e,$rank,$shape,${perm//,/},$keeps,$line,$tline,$lib,$cline" >> "$csv"   # perm 2,0,1 as 201
done < <(cases)

echo "tensor-sweep: $device, draw $draw, $(($(wc -l < "$csv") - 1)) cases, wrote $csv"
echo "tensor-sweep: every input is at least $(( floor >> 20 )) MiB: input + output 4 x or more the $(( l2 >> 20 )) MiB L2"
[ "$torch" = 1 ] || echo "tensor-sweep: PyTorch is not installed here: no framework column"
bash scripts/tensor_sweep_summary.sh "$csv"
awk -F, -v title="$device, permute_nd, cases of draw $draw" \
    -v note="input + output at least 4 x the $(( l2 >> 20 )) MiB L2; PyTorch against its own copy" \
    -f scripts/svg_frame.awk -f scripts/tensor_sweep_svg.awk "$csv" > "docs/tensor-sweep-$tag.svg"
echo "tensor-sweep: drew docs/tensor-sweep-$tag.svg"
