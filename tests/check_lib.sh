#!/usr/bin/env bash
# tests/check_lib.sh - tests the test suite's own bookkeeping (tests/lib.sh)
# with stand-in programs that crash, lie or fail, so that `make test` can
# never be fooled by a test program that dies half-way. No GPU needed.
# One line per check: PASS or FAIL.
set -u
cd "$(dirname "$0")/.." || exit 1

# check NAME WANT_PASSED WANT_FAILED COMMAND...: runs COMMAND through
# run_tests in a fresh subshell and compares the counts it leaves.
check() {
    local name=$1 want_p=$2 want_f=$3 got
    shift 3
    got=$(. tests/lib.sh; run_tests "stand-in" "$@" > /dev/null; echo "$passed $failed")
    if [ "$got" = "$want_p $want_f" ]; then
        echo "PASS  test runner: $name"
    else
        echo "FAIL  test runner: $name: counted '$got' (passed failed), want '$want_p $want_f'"
    fi
}
check "an honest program is counted as it says" 2 0 \
    bash -c 'echo "PASS  a"; echo "PASS  b"'
check "a crash after a PASS is a FAIL" 1 1 \
    bash -c 'echo "PASS  a"; kill -SEGV $$'
check "a non-zero exit with no FAIL line is a FAIL" 1 1 \
    bash -c 'echo "PASS  a"; exit 3'
check "a FAIL line with exit status 0 is two FAILs" 0 2 \
    bash -c 'echo "FAIL  a: wrong"; exit 0'
check "a FAIL line with exit status 1 is one FAIL" 1 1 \
    bash -c 'echo "PASS  a"; echo "FAIL  b: wrong"; exit 1'

# csv_table_ok on hand-made CSV: a FAIL row anywhere must be caught.
csv() {   # name, want (ok or bad), the CSV text
    local verdict=bad
    if (. tests/lib.sh; printf '%s\n' "$3" | csv_table_ok); then verdict=ok; fi
    if [ "$verdict" = "$2" ]; then
        echo "PASS  csv check: $1"
    else
        echo "FAIL  csv check: $1: judged $verdict, want $2"
    fi
}
head="device,rows,cols,kernel,block,status,median_ms"
csv "all rows PASS" ok "$head
d,3,2,a,32x8,PASS,0.1
d,3,2,b,32x8,N/A,"
csv "a FAIL in the first row" bad "$head
d,3,2,a,32x8,FAIL,
d,3,2,b,32x8,PASS,0.1"
csv "a FAIL in the last row" bad "$head
d,3,2,a,32x8,PASS,0.1
d,3,2,b,32x8,FAIL,"
csv "a wrong header" bad "device,rows,cols,name,block,status
d,3,2,a,32x8,PASS,0.1"
csv "a header and no row" bad "$head"
