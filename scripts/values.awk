# scripts/values.awk - numbers in a lesson's prose, taken from its tables
#
#   awk -v mode=check  -f scripts/values.awk FILE.md   (tests/check_values.sh)
#   awk -v mode=update -f scripts/values.awk FILE.md   (make lessons, after the tables)
#
# A number that the prose quotes from a results block (scripts/lessons.sh
# writes those blocks from real runs) is written between two markers that
# say where it comes from; Markdown shows only the number:
#
#   <!-- value h200 ./chapter9 --size 3x5592405 | transpose_skinny | %copy -->94.2<!-- /value -->
#
#   h200 ./chapter9 --size 3x5592405   the block: its GPU tag and its command,
#                                     as in "<!-- results h200: ... -->"
#   transpose_skinny                  the row: its kernel name (and its block,
#                                     "transpose_naive_col 8x32", where the
#                                     table runs the kernel at several)
#   %copy                             the column: median ms, GB/s, %copy or %peak
#                                     (chapter 12: median ms, GB/s, %link or %copy;
#                                     its step lines, "2. exchange" or "exchanges",
#                                     have one column, ms)
#                                     (of a profile table, scripts/profile.sh:
#                                     conflicts load, conflicts store, wavefronts
#                                     load, wavefronts store, sectors load, sectors
#                                     store, local sectors, DRAM %peak)
#
# A block of another file is named by the file first (its path from the
# repository root): <!-- value chapters/09_beyond/README.md h200 ./chapter9 | ... -->.
# A number taken from a CSV file (the sweeps, docs/sweep-<gpu>.csv) names
# the file, the rows (a column's values, or "all") and a statistic of a
# column (min, max or median; or count, of the rows):
#
#   <!-- value csv docs/sweep-h200.csv | class=N_x_k,k_x_N | max pct_any -->96.7<!-- /value -->
#   <!-- value csv docs/sweep-h200.csv | class!=small & pct_cublas>pct_any | count -->0<!-- /value -->
#
# (conditions joined by " & ": col=A,B, col!=A,B, col<X, col>X, where X
# is a number or another column).
# mode=check prints one line per marker whose number is not the table's
# (or whose block, row or column does not exist) and exits 1 if there is
# one; mode=update prints the file with every marker's number replaced by
# the table's (a marker it cannot resolve is left as it is, and reported
# on stderr). So a table regenerated without its prose fails `make test`.
#
# The files of the blocks are read first (this file and every file a
# marker names), then this file's markers are checked or rewritten.

function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }

# Reads the results blocks of file f into cell[f SUBSEP tag SUBSEP cmd SUBSEP row SUBSEP col].
function read_blocks(f,    line, inside, tag, cmd, name, rest, w, key) {
    if (f in done)
        return
    done[f] = 1
    inside = 0
    while ((getline line < f) > 0) {
        if (match(line, /^<!-- results( [a-z0-9]+)?: /)) {
            inside = 1
            rest = substr(line, RLENGTH + 1)
            sub(/ -->$/, "", rest)
            tag = substr(line, 14, RLENGTH - 15)   # " h200" or ""
            tag = trim(tag)
            cmd = trim(rest)
            blocks[f SUBSEP tag SUBSEP cmd] = 1
            continue
        }
        if (line ~ /^<!-- end results -->/) {
            inside = 0
            continue
        }
        if (!inside)
            continue
        # A timed row: name (may hold spaces), block, median, min-max, GB/s, %copy, %peak
        # (chapter 12: %link, which is n/a on one GPU, and %copy).
        if (match(line, /[ ]+[^ ]+[ ]+[0-9.]+[ ]+[0-9.]+-[0-9.]+[ ]+[0-9]+[ ]+([0-9.]+%|n\/a)[ ]+[0-9.]+%/)) {
            name = trim(substr(line, 1, RSTART - 1))
            split(substr(line, RSTART, RLENGTH), w, /[ ]+/)   # w[1] is empty
            sub(/%$/, "", w[6]); sub(/%$/, "", w[7])
            # A row is named by its kernel, or by its kernel and block when
            # the table runs one kernel at several block shapes
            # ("transpose_naive_col 8x32"); a name that several rows share
            # names none of them.
            key = f SUBSEP tag SUBSEP cmd SUBSEP name
            seen[key]++
            store(key, w, cmd)
            store(key " " w[2], w, cmd)
            continue
        }
        # A step line of chapter 12 ("  2. exchange   12.6897 ms ...", or
        # "  exchanges   19.9738 ms"): the row is its label, the column "ms".
        if (cmd ~ /chapter12/ && match(line, /^  ([0-9]\. )?[a-z][a-z ]*[a-z] +[0-9.]+ ms/)) {
            name = substr(line, 3, RLENGTH - 2)
            sub(/ +[0-9.]+ ms$/, "", name)
            split(substr(line, 3, RLENGTH - 2), w, / +/)
            key = f SUBSEP tag SUBSEP cmd SUBSEP name
            seen[key]++
            cell[key SUBSEP "ms"] = w[length(w) - 1]
            continue
        }
        # A row of a profile table (scripts/profile.sh): name, block, bank
        # conflicts load and store, wavefronts/instr load and store,
        # sectors/request load and store, local sectors, DRAM % peak (and
        # maybe the kernel it runs). A kernel without shared memory has "-"
        # for its wavefronts.
        if (split(line, w, /[ ]+/) >= 10 && w[2] ~ /^[0-9]+x[0-9]+$/ &&
            line ~ /^[A-Za-z_][A-Za-z0-9_]* +[0-9]+x[0-9]+ +[0-9]+ +[0-9]+ +([0-9.]+|-) +([0-9.]+|-) +[0-9.]+ +[0-9.]+ +[0-9]+ +[0-9.]+( |$)/) {
            key = f SUBSEP tag SUBSEP cmd SUBSEP w[1]
            seen[key]++
            profile_store(key, w)
            profile_store(key " " w[2], w)
        }
    }
    close(f)
}

# One row's four numbers, under the name `key`. (Chapter 12's table has
# %link and %copy where the others have %copy and %peak.)
function store(key, w, cmd) {
    cell[key SUBSEP "median ms"] = w[3]
    cell[key SUBSEP "GB/s"] = w[5]
    if (cmd ~ /chapter12/) {
        cell[key SUBSEP "%link"] = w[6]
        cell[key SUBSEP "%copy"] = w[7]
        return
    }
    cell[key SUBSEP "%copy"] = w[6]
    cell[key SUBSEP "%peak"] = w[7]
}

# One profile row's eight numbers, under the name `key`.
function profile_store(key, w) {
    cell[key SUBSEP "conflicts load"] = w[3]
    cell[key SUBSEP "conflicts store"] = w[4]
    cell[key SUBSEP "wavefronts load"] = w[5]
    cell[key SUBSEP "wavefronts store"] = w[6]
    cell[key SUBSEP "sectors load"] = w[7]
    cell[key SUBSEP "sectors store"] = w[8]
    cell[key SUBSEP "local sectors"] = w[9]
    cell[key SUBSEP "DRAM %peak"] = w[10]
}

# Reads CSV file f: its header into head[f, column] = index, its rows
# into csvcell[f, row, index], csvrows[f] rows.
function read_csv(f,    line, n, w, i, r) {
    if (("csv" SUBSEP f) in done)
        return
    done["csv" SUBSEP f] = 1
    r = 0
    while ((getline line < f) > 0) {
        n = split(line, w, /,/)
        if (r == 0)
            for (i = 1; i <= n; i++)
                head[f SUBSEP w[i]] = i
        else
            for (i = 1; i <= n; i++)
                csvcell[f SUBSEP r SUBSEP i] = w[i]
        r++
    }
    close(f)
    csvrows[f] = r - 1
}

# Whether row r of CSV file f passes condition cond: "col=A,B" (one of
# the values), "col!=A,B" (none of them), "col<X" or "col>X", where X is a
# number, another column, or another column plus or minus a number
# ("pct_lib<pct_nd-3": more than 3 below it) ("" and `problem` set for a
# column not there).
function csv_keeps(f, r, cond,    op, lhs, rhs, a, b, off) {
    if (!match(cond, /!=|=|<|>/)) {
        problem = "a CSV filter is col=A,B, col!=A,B, col<X or col>X, not \"" cond "\""
        return ""
    }
    op = substr(cond, RSTART, RLENGTH)
    lhs = trim(substr(cond, 1, RSTART - 1)); rhs = trim(substr(cond, RSTART + RLENGTH))
    if (!((f SUBSEP lhs) in head)) {
        problem = "no column \"" lhs "\" in " f
        return ""
    }
    a = csvcell[f SUBSEP r SUBSEP head[f SUBSEP lhs]]
    if (op == "=")
        return index("," rhs ",", "," a ",") > 0
    if (op == "!=")
        return index("," rhs ",", "," a ",") == 0
    off = 0
    if (match(rhs, /[-+][0-9.]+$/) && RSTART > 1 && ((f SUBSEP substr(rhs, 1, RSTART - 1)) in head)) {
        off = substr(rhs, RSTART) + 0
        rhs = substr(rhs, 1, RSTART - 1)
    }
    b = ((f SUBSEP rhs) in head) ? csvcell[f SUBSEP r SUBSEP head[f SUBSEP rhs]] + off : rhs
    return op == "<" ? a + 0 < b + 0 : a + 0 > b + 0
}

# A statistic of a CSV column over the rows a filter keeps: "all", or
# conditions joined by " & " (csv_keeps); "" and `problem` set when it
# cannot be computed.
function csv_value(f, filter, stat,    col, what, ci, nc, conds, n, v, r, i, k, keep, tmp, j, ok) {
    read_csv(f)
    if (csvrows[f] < 1) {
        problem = "no CSV rows in " f
        return ""
    }
    what = stat; sub(/ .*/, "", what)
    col = trim(substr(stat, length(what) + 1))
    if (what != "count" && !((f SUBSEP col) in head)) {
        problem = "no column \"" col "\" in " f
        return ""
    }
    ci = head[f SUBSEP col]
    nc = filter == "all" ? 0 : split(filter, conds, / & /)
    n = 0
    for (r = 1; r <= csvrows[f]; r++) {
        for (k = 1; k <= nc; k++) {
            ok = csv_keeps(f, r, conds[k])
            if (ok == "")
                return ""
            if (!ok)
                break
        }
        if (k <= nc)
            continue
        n++
        v[n] = csvcell[f SUBSEP r SUBSEP ci] + 0
        keep[n] = csvcell[f SUBSEP r SUBSEP ci]
    }
    if (what == "count")
        return n
    if (n == 0) {
        problem = "no row of " f " passes " filter
        return ""
    }
    for (i = 2; i <= n; i++)   # insertion sort, by value
        for (j = i; j > 1 && v[j - 1] > v[j]; j--) {
            tmp = v[j]; v[j] = v[j - 1]; v[j - 1] = tmp
            tmp = keep[j]; keep[j] = keep[j - 1]; keep[j - 1] = tmp
        }
    if (what == "min") return keep[1]
    if (what == "max") return keep[n]
    if (what == "median") return n % 2 ? keep[(n + 1) / 2] : sprintf("%.1f", (v[n / 2] + v[n / 2 + 1]) / 2)
    problem = "a CSV statistic is min, max, median or count, not \"" what "\""
    return ""
}

# The value a marker's spec names, or "" with `problem` set.
function lookup(spec,    parts, n, where, f, tag, cmd, row, col, t) {
    n = split(spec, parts, /\|/)
    if (n != 3) {
        problem = "a marker is <!-- value [FILE] TAG CMD | ROW | COLUMN -->"
        return ""
    }
    where = trim(parts[1]); row = trim(parts[2]); col = trim(parts[3])
    if (where ~ /^csv /)
        return csv_value(trim(substr(where, 5)), row, col)
    f = FILENAME
    if (match(where, /^[^ ]+\.md /)) {
        f = substr(where, 1, RLENGTH - 1)
        where = trim(substr(where, RLENGTH + 1))
    }
    read_blocks(f)
    tag = where; sub(/ .*/, "", tag)
    cmd = trim(substr(where, length(tag) + 1))
    if (!((f SUBSEP tag SUBSEP cmd) in blocks)) {
        problem = "no results block \"" tag ": " cmd "\" in " f
        return ""
    }
    t = f SUBSEP tag SUBSEP cmd SUBSEP row SUBSEP col
    if (seen[f SUBSEP tag SUBSEP cmd SUBSEP row] > 1) {
        problem = "\"" row "\" names " seen[f SUBSEP tag SUBSEP cmd SUBSEP row] " rows of " f "'s block \"" tag ": " cmd "\": add the block, e.g. \"" row " 32x8\""
        return ""
    }
    if (!(t in cell)) {
        problem = "no timed row \"" row "\" with a column \"" col "\" in " f "'s block \"" tag ": " cmd "\""
        return ""
    }
    return cell[t]
}

FNR == 1 { read_blocks(FILENAME) }

{
    line = $0
    out = ""
    # A marker's spec may hold ">" (a CSV filter) and "--" (an option of
    # its command), never "-->".
    while (match(line, /<!-- value ([^-]|-[^-]|--[^>])*-->[^<]*<!-- \/value -->/)) {
        m = substr(line, RSTART, RLENGTH)
        out = out substr(line, 1, RSTART - 1)
        line = substr(line, RSTART + RLENGTH)
        spec = m; sub(/^<!-- value /, "", spec); sub(/ -->.*/, "", spec)
        have = substr(m, index(m, " -->") + 4); sub(/<!-- \/value -->$/, "", have)
        problem = ""
        want = lookup(spec)
        if (want == "") {
            printf "%s:%d: %s\n", FILENAME, FNR, problem > "/dev/stderr"
            bad++
            out = out m
        } else if (have != want) {
            if (mode == "check")
                printf "%s:%d: the prose says %s, its table says %s (%s)\n", FILENAME, FNR, have,
                       want, trim(spec) > "/dev/stderr"
            bad += mode == "check"
            out = out "<!-- value " spec " -->" want "<!-- /value -->"
        } else {
            out = out m
        }
        markers++
    }
    if (index(line, "<!-- value ")) {   # a marker this loop could not read is never silently skipped
        printf "%s:%d: a value marker that is not <!-- value SPEC -->NUMBER<!-- /value -->\n",
               FILENAME, FNR > "/dev/stderr"
        bad++
    }
    if (mode == "update")
        print out line
}

END {
    if (mode == "check" && markers > 0 && !bad)
        printf "%s: %d numbers, each its table's\n", FILENAME, markers
    exit bad ? 1 : 0
}
