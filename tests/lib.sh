# tests/lib.sh - the test suite's own bookkeeping, sourced by tests/run.sh
# (and by tests/check_lib.sh, which tests it: a runner that can be fooled
# proves nothing).
#
#   pass NAME / fail NAME [WHY] / skip NAME WHY    count one result
#   run_tests NAME COMMAND...     run a program that prints PASS/FAIL/SKIP
#                                 lines; count them AND its exit status
#   csv_table_ok                  reads a program's --csv output on stdin;
#                                 true if the header is right and every row
#                                 is PASS or N/A, with at least one row
passed=0 failed=0 skipped=0
pass() { echo "PASS  $1"; passed=$((passed + 1)); }
fail() { echo "FAIL  $1${2:+: $2}"; failed=$((failed + 1)); }
skip() { echo "SKIP  $1: $2"; skipped=$((skipped + 1)); }

# A test program says PASS, FAIL or SKIP per test, but its lines alone can
# lie: a program that crashes half-way prints fewer PASS lines and no FAIL.
# So its exit status counts too: death by a signal, or a non-zero status
# with no FAIL line to explain it, or FAIL lines with status 0, is one more
# FAIL in its own name.
run_tests() {
    local name=$1 out rc line fails=0
    shift
    out=$("$@" 2>&1); rc=$?
    while IFS= read -r line; do
        case "$line" in
            PASS\ *) echo "$line"; passed=$((passed + 1)) ;;
            FAIL\ *) echo "$line"; failed=$((failed + 1)); fails=$((fails + 1)) ;;
            SKIP\ *) echo "$line"; skipped=$((skipped + 1)) ;;
            "") ;;
            *) echo "      $line" ;;
        esac
    done <<< "$out"
    if [ "$rc" -gt 128 ]; then
        fail "$name" "died on signal $((rc - 128)) ($(kill -l $((rc - 128)) 2> /dev/null || echo '?'))"
    elif [ "$rc" -ne 0 ] && [ "$fails" -eq 0 ]; then
        fail "$name" "exited with status $rc without reporting a FAIL"
    elif [ "$rc" -eq 0 ] && [ "$fails" -gt 0 ]; then
        fail "$name" "reported $fails FAIL line(s) but exited with status 0"
    fi
}

# CSV columns: device,rows,cols,kernel,block,status,...  The verdict is
# taken once, at the end, so no row can be overruled by a later one.
csv_table_ok() {
    awk -F, '
        NR == 1 { if ($4 != "kernel" || $6 != "status") bad = 1; next }
        { rows++; if ($6 != "PASS" && $6 != "N/A") bad = 1 }
        END { exit (bad || rows < 1) ? 1 : 0 }'
}
