#!/usr/bin/env bash
# scripts/flush_writes.sh - the DRAM bytes each kernel launch of a program
# reads and writes, with the L2 left as the program leaves it (needs a GPU
# and Nsight Compute):
#
#   bash scripts/flush_writes.sh ./chapter9 --size 4000x4000 --kernel transpose_any_shape --reps 2
#
# Nsight Compute flushes the caches before each kernel it profiles unless
# told not to; --cache-control none keeps the L2 as the harness left it,
# so a timed kernel that must first write back lines dirtied by an
# earlier step (the output's poison, an L2 flush that writes) shows more
# DRAM writes than its own output. Prints one line per launch, in launch
# order: the kernel, MB written, MB read (1 MB = 10^6 bytes). Only the
# first LAUNCHES launches are profiled (default 24), so that a long table
# stays quick; the run itself goes on unprofiled.
# Measured with it (NVIDIA H100 80GB HBM3, 2026-11-23, ./chapter9 --size
# 4000x4000, 64 MB out): each timed copy or transpose after the reading
# flush wrote about 40 MB to DRAM, less than its output (the rest was
# still in the L2 when it ended), and the flush itself wrote about 24 MB
# back (what the run before it had left dirty).
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: bash scripts/flush_writes.sh PROGRAM [ARGS...]" >&2; exit 2; }
command -v ncu > /dev/null || { echo "flush_writes: needs ncu (Nsight Compute) on PATH" >&2; exit 1; }
ncu --clock-control none --cache-control none --launch-count "${LAUNCHES:-24}" \
    --metrics dram__bytes_write.sum,dram__bytes_read.sum "$@" |
    awk '
        function mb(unit, v) {
            if (unit == "byte") return v / 1e6
            if (unit == "Kbyte") return v / 1e3
            if (unit == "Mbyte") return v
            if (unit == "Gbyte") return v * 1e3
            return -1
        }
        function show() { if (name != "") printf "%-32s written %9.1f MB  read %9.1f MB\n", name, w, r }
        /^  [A-Za-z_][A-Za-z0-9_]*(\(|<).*, Device [0-9]+, CC / {
            show(); name = $1; sub(/[(<].*/, "", name); w = r = -1; next
        }
        $1 == "dram__bytes_write.sum" { gsub(/,/, "", $3); w = mb($2, $3) }
        $1 == "dram__bytes_read.sum"  { gsub(/,/, "", $3); r = mb($2, $3) }
        END { show() }'
