#!/usr/bin/env bash
# scripts/ncu_cases.sh - Nsight Compute's sections for a few chosen kernels,
# the counters a lesson quotes when it says why a kernel is slow:
#
#   bash scripts/ncu_cases.sh [OUTDIR]        (OUTDIR defaults to build/ncu)
#   NCU_CASES="chapter10:8191x5003:u8_tile,u8_staged" bash scripts/ncu_cases.sh
#
# Each case is PROGRAM:SIZE:KERNELS. The program runs with --check (one
# launch per table row: no warm-up, no timed repeats) under
#   ncu --clock-control none --cache-control all
# with the SpeedOfLight, MemoryWorkloadAnalysis, Occupancy, LaunchStats and
# WarpStateStats sections and the DRAM bytes and L2 sectors read and
# written. --clock-control none leaves the GPU's clocks alone. One file per
# case in OUTDIR, and a summary on stdout: per kernel its time, DRAM
# throughput, registers, achieved occupancy and largest stall. Exit status
# 1 if ncu or a program is missing or a case fails.
set -u
cd "$(dirname "$0")/.." || exit 1
. scripts/lib.sh

out=${1:-build/ncu}
cases=${NCU_CASES:-"chapter10:8191x5003:u8_tile,u8_staged,u16_tile,u16_staged chapter11:512x512x512:transpose_batched_tile,permute_tiled_210,permute_nd_f32_210,transpose_in_place_square,transpose_in_place_tile64"}
ncu=$(find_cuda_tool ncu) || { echo "ncu_cases: Nsight Compute (ncu) not found" >&2; exit 1; }
mkdir -p "$out"
metrics="dram__bytes_read.sum,dram__bytes_write.sum"
metrics+=",lts__t_sectors_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum"
status=0
for c in $cases; do
    IFS=: read -r prog size kernels <<< "$c"
    [ -x "./$prog" ] || { echo "ncu_cases: ./$prog not built" >&2; status=1; continue; }
    file="$out/$prog-$size.txt"
    if ! "$ncu" --clock-control none --cache-control all \
        --section SpeedOfLight --section MemoryWorkloadAnalysis --section Occupancy \
        --section LaunchStats --section WarpStateStats --metrics "$metrics" \
        ./"$prog" --check --size "$size" --kernel "$kernels" > "$file" 2>&1; then
        echo "ncu_cases: $prog --size $size --kernel $kernels failed: $(tail -n 3 "$file")" >&2
        status=1
        continue
    fi
    echo "== $prog --size $size ($file)"
    # One line per profiled kernel, from ncu's text report.
    awk '
        function flush() { if (name != "") printf "%-40s %9s us  DRAM %6s%%  %3s regs  occupancy %6s%%  %s\n", name, dur, dram, regs, occ, stall }
        /^  [A-Za-z_0-9]+[(<]/ { flush(); name = $1; sub(/[(<].*/, "", name); dur = dram = regs = occ = stall = "?"; next }
        /^    Duration / { dur = $NF }
        /^    DRAM Throughput / { dram = $NF }
        /^    Registers Per Thread / { regs = $NF }
        /^    Achieved Occupancy / { occ = $NF }
        /represents about [0-9.]+% of the total/ && stall == "?" {
            s = $0; sub(/.*represents about /, "", s); sub(/ of the total.*/, "", s); stall = "top stall " s }
        END { flush() }' "$file"
done
exit "$status"
