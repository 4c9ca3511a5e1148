#!/usr/bin/env bash
# scripts/profile.sh - Nsight Compute counters for every kernel of a chapter.
#
#   make profile-chapter7                    (or: make profile CH=7)
#   bash scripts/profile.sh chapter7          the same, once ./chapter7 is built
#   PROFILE_SIZE=8192x8192 make profile-chapter7      another matrix size
#
# One row per kernel of the chapter's table:
#   bank conflicts      shared-memory bank conflicts of shared loads and
#                       stores (l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld/st)
#   wavefronts/instr    shared-memory passes per shared load or store
#                       instruction: 1 is conflict-free, 32 is a 32-way conflict
#   sectors/request     32-byte global-memory sectors per load or store request
#                       of a warp: 4 is fully coalesced (32 threads x 4 bytes),
#                       32 means every thread needed a sector of its own
#   local sectors       local-memory sectors loaded and stored (a thread's
#                       arrays that did not fit in registers)
#   DRAM % peak         DRAM throughput as a percentage of the GPU's peak
#
# How: ncu runs ./chapterN --check --size 4096x4096 and profiles every
# kernel launch. With --check each table row launches its kernel exactly
# once (validation only, no warm-up, no timed repeats, no ceiling), so
# every row gets one profile, in the table's order. ncu replays each launch once per group of counters
# and, with --cache-control all, flushes the caches before each replay, so
# every kernel starts from cold caches. --clock-control none leaves the GPU's
# clocks alone: this script never locks or changes them.
#
# A row whose launch runs a kernel of another name (chapter 9's cuBLAS row,
# its dispatcher transpose_any_shape) names that kernel in a last column,
# "runs". Anything missing - ncu,
# permission to read the counters, a row, a metric - is an error with a
# message and exit status 1, never a silently empty or short table.
set -u
cd "$(dirname "$0")/.." || exit 1

die() { echo "profile: $*" >&2; exit 1; }

prog=${1:-}
size=${PROFILE_SIZE:-4096x4096}
[ -n "$prog" ] || die "usage: bash scripts/profile.sh chapterN (or: make profile CH=N)"
[ -x "./$prog" ] || die "./$prog not found; build it first with: make $prog"

# ncu is on PATH, next to nvcc, or in the standalone Nsight Compute install.
. scripts/lib.sh
find_ncu() {
    local p
    find_cuda_tool ncu && return 0
    for p in $(printf '%s\n' /opt/nvidia/nsight-compute/*/ncu | sort -rV); do
        if [ -x "$p" ]; then echo "$p"; return 0; fi
    done
    return 1
}
ncu=$(find_ncu) || die "Nsight Compute (ncu) not found: not on PATH, not next to nvcc, not in /opt/nvidia/nsight-compute/*/; it comes with the CUDA toolkit or as a separate download"

metrics="l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"
metrics+=",l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum"
metrics+=",l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"
metrics+=",l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum"
metrics+=",smsp__inst_executed_op_shared_ld.sum"
metrics+=",smsp__inst_executed_op_shared_st.sum"
metrics+=",l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"
metrics+=",l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"
metrics+=",l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum"
metrics+=",l1tex__t_requests_pipe_lsu_mem_global_op_st.sum"
metrics+=",l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum"
metrics+=",l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum"
metrics+=",dram__throughput.avg.pct_of_peak_sustained_elapsed"

mkdir -p build
raw="build/profile-$prog.txt"   # everything ncu and the program printed

# Every kernel launch is profiled: with --check the program launches
# nothing but its table's rows, one launch each, in order (the harness's
# own memsets and copies are not kernel launches).
LC_ALL=C "$ncu" --clock-control none --cache-control all --kernel-name-base function \
    --metrics "$metrics" --csv --print-units base \
    ./"$prog" --check --size "$size" > "$raw" 2>&1
rc=$?

# --check prints one line per table row, "PASS name, block BxB (R x C)" or
# "FAIL ...", in launch order: launch k is row k.
rows=$(sed -nE 's/^(PASS|FAIL) ([A-Za-z0-9_]+), block .*/\2/p' "$raw" | tr '\n' ' ')

# scripts/profile_table.awk reads ncu's CSV and prints the table.
awk -v rows="$rows" -f scripts/profile_table.awk "$raw"
parsed=$?

if [ "$parsed" -ne 0 ] || [ "$rc" -ne 0 ]; then
    if [ "$parsed" -eq 3 ]; then
        echo "profile: ncu produced no results for ./$prog (exit status $rc)" >&2
    elif [ "$rc" -ne 0 ]; then
        echo "profile: ncu or ./$prog exited with status $rc" >&2
    fi
    # ncu says why (e.g. ERR_NVGPUCTRPERM: no permission to read the counters),
    # and the program says which kernel failed its check.
    grep -E '^==(ERROR|WARNING)==|^FAIL|error' "$raw" | head -n 15 | sed 's/^/  /' >&2
    echo "profile: the whole output is in $raw" >&2
    exit 1
fi
cat << EOF
bank conflicts    shared-memory bank conflicts of shared loads and stores, as ncu counts them
wavefronts/instr  shared-memory passes per shared load or store instruction (1: conflict-free)
sectors/request   32-byte sectors per global load or store request of a warp (4: coalesced)
local sectors     local-memory sectors loaded and stored (0: the kernel's arrays are in registers)
DRAM % peak       DRAM throughput while the kernel ran, in % of the GPU's peak
($ncu, version $("$ncu" --version 2> /dev/null | tail -n 1 | sed 's/^Version //'); ./$prog --check --size $size:
one launch per table row, caches flushed before each replay, clocks not locked; raw output in $raw)
EOF
