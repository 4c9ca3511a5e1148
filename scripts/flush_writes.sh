#!/usr/bin/env bash
# scripts/flush_writes.sh - the DRAM bytes each kernel launch of a program
# reads and writes, with the L2 left as the program leaves it (needs a GPU
# and Nsight Compute):
#
#   bash scripts/flush_writes.sh ./chapter9 --size 8192x8192 --kernel transpose_any_shape --reps 3
#
# Nsight Compute flushes the caches before each kernel it profiles unless
# told not to; --cache-control none keeps the L2 as the harness left it,
# so a timed kernel that must first write back lines dirtied by an
# earlier step (the output's poison, an L2 flush that writes) shows more
# DRAM writes than its own output. Prints one line per launch: the
# kernel, MB written, MB read (1 MB = 10^6 bytes), in launch order.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: bash scripts/flush_writes.sh PROGRAM [ARGS...]" >&2; exit 2; }
command -v ncu > /dev/null || { echo "flush_writes: needs ncu (Nsight Compute)" >&2; exit 1; }
ncu --clock-control none --cache-control none --csv --page raw \
    --metrics dram__bytes_write.sum,dram__bytes_read.sum "$@" 2> /dev/null |
    awk -F'","' '
        /^"ID"/ { for (i = 1; i <= NF; i++) col[$i] = i; next }
        /^"[0-9]/ && ("Kernel Name" in col) {
            name = $col["Kernel Name"]; sub(/\(.*/, "", name)
            w = $col["dram__bytes_write.sum"]; r = $col["dram__bytes_read.sum"]
            gsub(/[",]/, "", w); gsub(/[",]/, "", r)
            printf "%-40s written %10.1f MB  read %10.1f MB\n", name, w / 1e6, r / 1e6
        }'
