# scripts/profile_table.awk - turns Nsight Compute's CSV into the profile
# table of `make profile` (scripts/profile.sh runs it; tests/check_profile.sh
# feeds it a saved ncu output, so it is tested without a GPU).
#
#   awk -v rows="r1 r2 ..." -f scripts/profile_table.awk NCU_OUTPUT
#
# rows       the program's table rows in the order it launched them (one
#            launch each, from its --check lines): launch k is row k. A row
#            whose launch ran a kernel of another name (cuBLAS's, or the one
#            a dispatcher picked) gets that name in a last column, "runs".
#
# ncu --csv prints one line per metric and kernel launch:
#   "ID","Process ID",...,"Kernel Name",...,"Block Size",...,"Metric Name","Metric Unit","Metric Value"
# Lines that do not start with a quote are the program's output and ncu's
# ==PROF== messages. Columns are found by their header names.
# Exit status: 0 table complete, 1 something missing (said on stderr),
# 3 no kernel launch in the input at all.
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
    want_rows = split(rows, row_name, " ")
    runs_other = 0
    for (k = 1; k <= launches; k++) {
        label[k] = (k in row_name) ? row_name[k] : kernel[ids[k]]
        if (label[k] != kernel[ids[k]]) runs_other = 1
    }
    fmt = "%-26s %-6s %10s %10s %8s %8s %7s %7s %9s %7s"
    printf "%-33s %21s %17s %15s %9s %7s\n", "", "bank conflicts", "wavefronts/instr", \
           "sectors/request", "local", "DRAM"
    printf fmt, "kernel", "block", "load", "store", "load", "store", "load", "store", \
           "sectors", "% peak"
    printf "%s\n", runs_other ? "  runs" : ""
    for (k = 1; k <= launches; k++) {
        id = ids[k]
        dram = value(id, "dram__throughput.avg.pct_of_peak_sustained_elapsed")
        printf fmt, label[k], block[id], count(id, P "ld.sum"), count(id, P "st.sum"), \
               ratio(id, W "ld.sum", I "ld.sum"), ratio(id, W "st.sum", I "st.sum"), \
               ratio(id, S "ld.sum", R "ld.sum"), ratio(id, S "st.sum", R "st.sum"), \
               sum(id, L "ld.sum", L "st.sum"), (dram == "" ? "?" : sprintf("%.1f", dram))
        printf "%s\n", (label[k] != kernel[id]) ? "  " kernel[id] : ""
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
    exit status
}
