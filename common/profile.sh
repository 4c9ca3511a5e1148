#!/usr/bin/env bash
# common/profile.sh - Nsight Compute counters for every kernel of a chapter.
#
#   make profile-chapter7                    (or: make profile CH=7)
#   bash common/profile.sh chapter7          the same, once ./chapter7 is built
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
# How: ncu runs ./chapterN --check --size 4096x4096 and profiles the kernels
# whose function name is a kernel name of the table (so not the harness's
# cudaMemset and cudaMemcpy). With --check each table row launches its kernel
# exactly once (validation only, no warm-up, no timed repeats), so every
# row gets one profile. ncu replays each launch once per group of counters
# and, with --cache-control all, flushes the caches before each replay, so
# every kernel starts from cold caches. --clock-control none leaves the GPU's
# clocks alone: this script never locks or changes them.
#
# A table row's name must be its kernel's function name (true in chapters
# 1 to 8; chapter 9's cuBLAS row runs a library kernel of another name, which
# is reported as "no profile of cublas_sgeam"). Anything missing - ncu,
# permission to read the counters, a row, a metric - is an error with a
# message and exit status 1, never a silently empty or short table.
set -u
cd "$(dirname "$0")/.." || exit 1

die() { echo "profile: $*" >&2; exit 1; }

prog=${1:-}
size=${PROFILE_SIZE:-4096x4096}
[ -n "$prog" ] || die "usage: bash common/profile.sh chapterN (or: make profile CH=N)"
[ -x "./$prog" ] || die "./$prog not found; build it first with: make $prog"

# ncu is on PATH, next to nvcc, or in the standalone Nsight Compute install.
. common/find_tool.sh
find_ncu() {
    local p
    find_cuda_tool ncu && return 0
    for p in $(printf '%s\n' /opt/nvidia/nsight-compute/*/ncu | sort -rV); do
        if [ -x "$p" ]; then echo "$p"; return 0; fi
    done
    return 1
}
ncu=$(find_ncu) || die "Nsight Compute (ncu) not found: not on PATH, not next to nvcc, not in /opt/nvidia/nsight-compute/*/; it comes with the CUDA toolkit or as a separate download"

# The kernel names of the chapter's table, from --help (no GPU needed).
names=$(./"$prog" --help | sed -n 's/^kernels: //p')
[ -n "$names" ] || die "./$prog --help lists no kernels"
alternatives=""
for n in $names; do
    [[ "$n" =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]] || die "'$n' is not a kernel function name"
    case "|$alternatives|" in *"|$n|"*) ;; *) alternatives=${alternatives:+$alternatives|}$n ;; esac
done

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

# The name filter: a table name, then nothing, or a parameter or template
# list (depending on how this ncu version spells the name), so that
# transpose_naive_col does not also catch transpose_naive_col_no_l1.
LC_ALL=C "$ncu" --clock-control none --cache-control all \
    --kernel-name-base function --kernel-name "regex:^($alternatives)([(<].*)?\$" \
    --metrics "$metrics" --csv --print-units base \
    ./"$prog" --check --size "$size" > "$raw" 2>&1
rc=$?

# --check prints one line per table row, "PASS name, block BxB (R x C)" or "FAIL ...":
# that many launches must have been profiled.
rows=$(grep -cE '^(PASS|FAIL) [A-Za-z0-9_]+, block ' "$raw")

# ncu --csv prints one line per metric and kernel launch:
#   "ID","Process ID",...,"Kernel Name",...,"Block Size",...,"Metric Name","Metric Unit","Metric Value"
# Lines that do not start with a quote are the program's output and ncu's
# ==PROF== messages. Columns are found by their header names.
awk -v want_rows="$rows" -v names="$names" '
    function csv_split(line, f,    n, i, c, cur, quoted) {
        n = 0; cur = ""; quoted = 0
        for (i = 1; i <= length(line); i++) {
            c = substr(line, i, 1)
            if (quoted) {
                if (c == "\"" && substr(line, i + 1, 1) == "\"") { cur = cur c; i++ }
                else if (c == "\"") quoted = 0
                else cur = cur c
            } else if (c == "\"") quoted = 1
            else if (c == ",") { f[++n] = cur; cur = "" }
            else cur = cur c
        }
        f[++n] = cur
        return n
    }
    function value(id, m) {
        if (!((id, m) in val) || val[id, m] !~ /^-?[0-9.]+(e[-+]?[0-9]+)?$/) {
            missing[m] = 1
            return ""
        }
        return val[id, m] + 0
    }
    function count(id, m,    v) { v = value(id, m); return v == "" ? "?" : sprintf("%.0f", v) }
    function ratio(id, a, b,    x, y) {
        x = value(id, a); y = value(id, b)
        if (x == "" || y == "") return "?"
        return y == 0 ? "-" : sprintf("%.2f", x / y)
    }
    function sum(id, a, b,    x, y) {
        x = value(id, a); y = value(id, b)
        return (x == "" || y == "") ? "?" : sprintf("%.0f", x + y)
    }
    { sub(/\r$/, "") }
    !/^"/ { next }
    {
        n = csv_split($0, f)
        if (f[1] == "ID") {
            for (i = 1; i <= n; i++) col[f[i]] = i
            header = 1
            next
        }
        if (!header || f[1] !~ /^[0-9]+$/) next
        if (!("Kernel Name" in col) || !("Metric Name" in col) || !("Metric Value" in col)) {
            print "profile: the ncu CSV has no Kernel Name, Metric Name or Metric Value column" > "/dev/stderr"
            bad_format = 1
            exit 1
        }
        id = f[1]
        if (!(id in seen)) {
            seen[id] = 1
            ids[++launches] = id
            name = f[col["Kernel Name"]]
            sub(/^void /, "", name)
            sub(/[(<].*$/, "", name)
            kernel[id] = name
            block[id] = "-"
            if ("Block Size" in col) {   # "(32, 8, 1)" -> "32x8"
                b = f[col["Block Size"]]
                gsub(/[() ]/, "", b)
                split(b, d, ",")
                block[id] = d[1] "x" d[2]
            }
        }
        v = f[col["Metric Value"]]
        gsub(/,/, "", v)   # thousands separators
        val[id, f[col["Metric Name"]]] = v
    }
    END {
        if (bad_format) exit 1
        if (launches == 0) exit 3
        P = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_"
        W = "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_"
        I = "smsp__inst_executed_op_shared_"
        S = "l1tex__t_sectors_pipe_lsu_mem_global_op_"
        R = "l1tex__t_requests_pipe_lsu_mem_global_op_"
        L = "l1tex__t_sectors_pipe_lsu_mem_local_op_"
        fmt = "%-26s %-6s %10s %10s %8s %8s %7s %7s %9s %7s\n"
        printf "%-33s %21s %17s %15s %9s %7s\n", "", "bank conflicts", "wavefronts/instr", \
               "sectors/request", "local", "DRAM"
        printf fmt, "kernel", "block", "load", "store", "load", "store", "load", "store", \
               "sectors", "% peak"
        for (k = 1; k <= launches; k++) {
            id = ids[k]
            dram = value(id, "dram__throughput.avg.pct_of_peak_sustained_elapsed")
            printf fmt, kernel[id], block[id], count(id, P "ld.sum"), count(id, P "st.sum"), \
                   ratio(id, W "ld.sum", I "ld.sum"), ratio(id, W "st.sum", I "st.sum"), \
                   ratio(id, S "ld.sum", R "ld.sum"), ratio(id, S "st.sum", R "st.sum"), \
                   sum(id, L "ld.sum", L "st.sum"), dram == "" ? "?" : sprintf("%.1f", dram)
        }
        status = 0
        for (m in missing) {
            print "profile: ncu gave no number for " m " (shown as ?)" > "/dev/stderr"
            status = 1
        }
        if (launches != want_rows) {
            printf "profile: %d kernel launches were profiled, the program ran %d\n", \
                   launches, want_rows > "/dev/stderr"
            status = 1
        }
        split(names, name_list, " ")
        for (k = 1; k in name_list; k++) {
            found = 0
            for (j = 1; j <= launches; j++)
                if (kernel[ids[j]] == name_list[k]) found = 1
            if (!found) {
                print "profile: no profile of " name_list[k] > "/dev/stderr"
                status = 1
            }
        }
        exit status
    }' "$raw"
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
