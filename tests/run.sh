#!/usr/bin/env bash
# tests/run.sh - the repository's whole test suite; run it with `make test`.
#
#   1. build      every program compiles without warnings
#   2. host       unit tests (tests/test_*.c, tests/test_*.cu) and host-side
#                 checks (tests/check_*.sh), no GPU needed
#   3. cli        every program refuses bad command lines with exit code 2
#   4. gpu        every chapter's --check on awkward shapes, the harness
#                 catching broken kernels, a timed run, compute-sanitizer
#
# Without a GPU the GPU tests are listed as SKIP with the reason. Each test
# prints one line: PASS, FAIL or SKIP. The last line is the count:
#   N passed, N failed, N skipped
# and the exit status is 1 only if something failed.
set -u
cd "$(dirname "$0")/.." || exit 1
MAKE=${MAKE:-make}
BUILD=$($MAKE -s print-build-dir)   # build/sm_90, or build/portable without a GPU

passed=0 failed=0 skipped=0
pass() { echo "PASS  $1"; passed=$((passed + 1)); }
fail() { echo "FAIL  $1${2:+: $2}"; failed=$((failed + 1)); }
skip() { echo "SKIP  $1: $2"; skipped=$((skipped + 1)); }

# Reads PASS/FAIL/SKIP lines printed by a helper program and counts them.
tally() {
    local line
    while IFS= read -r line; do
        case "$line" in
            PASS\ *) echo "$line"; passed=$((passed + 1)) ;;
            FAIL\ *) echo "$line"; failed=$((failed + 1)) ;;
            SKIP\ *) echo "$line"; skipped=$((skipped + 1)) ;;
            *) echo "      $line" ;;
        esac
    done
}

# chapters/01_bounds -> chapter1
chapters=()
for d in chapters/[0-9][0-9]_*/; do
    n=$(basename "$d"); n=${n%%_*}; chapters+=("chapter$((10#$n))")
done

# The shapes every kernel must get right: single elements, a single row
# and column, primes, sizes that are no multiple of any tile, a large
# non-square one, and a square multiple of 32.
SHAPES="1x1 1x4097 4097x1 17x83 257x4099 8191x5003 1024x1024"

# ---- 1. build ----------------------------------------------------------------
mkdir -p build
if $MAKE -s all > build/test-build.log 2>&1; then
    pass "build: every program, no warnings"
else
    fail "build" "see build/test-build.log"
    sed 's/^/      /' build/test-build.log | tail -n 30
fi

# ---- 2. host unit tests ------------------------------------------------------
for src in tests/test_*.c tests/test_*.cu; do
    [ -e "$src" ] || continue
    t=$(basename "${src%.*}")
    if [ -x "$BUILD/tests/$t" ]; then
        tally < <("$BUILD/tests/$t")
    else
        fail "host: $t" "$BUILD/tests/$t was not built"
    fi
done

# Host-side checks written as scripts (tests/check_*.sh): they print their
# own PASS/FAIL/SKIP lines.
for script in tests/check_*.sh; do
    [ -e "$script" ] || continue
    tally < <(BUILD="$BUILD" bash "$script")
done

# ---- 3. command-line errors (these are refused before any GPU is touched) ----
cli_case() {   # program, arguments, words the error must contain
    local prog=$1 args=$2 says=$3 out rc
    out=$(./"$prog" $args 2>&1 >/dev/null); rc=$?
    if [ "$rc" -eq 2 ] && [[ "$out" == *"$says"* ]] && [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ]; then
        pass "cli: $prog $args"
    else
        fail "cli: $prog $args" "exit $rc, said '$out' (want exit 2, one line with '$says')"
    fi
}
for prog in "${chapters[@]}"; do
    if [ ! -x "$prog" ]; then fail "cli: $prog" "not built"; continue; fi
    cli_case "$prog" "--size 0x5" "at least 1"
    cli_case "$prog" "--rows -7 --cols 3" "at least 1"
    cli_case "$prog" "--size 12x3q" "whole number"
    cli_case "$prog" "--size 99999999999x99999999999" "too large"
    cli_case "$prog" "--frobnicate" "unknown option"
    if ./"$prog" --help | grep -q "usage:"; then pass "cli: $prog --help"; else fail "cli: $prog --help"; fi
done

# ---- 4. GPU tests --------------------------------------------------------------
gpu_reason=""
if [ ! -x "$BUILD/tests/gpu_probe" ]; then
    gpu_reason="$BUILD/tests/gpu_probe was not built"
elif ! probe=$("$BUILD/tests/gpu_probe"); then
    gpu_reason=$probe
else
    echo "      GPU: $probe"
fi

gpu_test() {   # name, command...: passes if the command exits 0
    local name=$1; shift
    if [ -n "$gpu_reason" ]; then skip "$name" "$gpu_reason"; return; fi
    local out
    if out=$("$@" 2>&1); then pass "$name"; else fail "$name" "$(printf '%s' "$out" | tail -n 8)"; fi
}

for prog in "${chapters[@]}"; do
    for shape in $SHAPES; do
        gpu_test "gpu: $prog --check --size $shape" ./"$prog" --check --size "$shape"
    done
    # A timed run at a size well past L2 on a large GPU, kept short; the table must be complete.
    gpu_test "gpu: $prog timed table" bash -c \
        "./$prog --size 4096x4096 --reps 3 > build/test-$prog.txt && grep -q 'cudaMemcpy device-to-device' build/test-$prog.txt && ! grep -q FAIL build/test-$prog.txt"
    gpu_test "gpu: $prog --csv" bash -c \
        "./$prog --size 300x200 --reps 2 --csv | awk -F, 'NR==1 && \$4 != \"kernel\" {exit 1} NR>1 && \$6 != \"PASS\" {exit 1} END {exit NR < 3}'"
    gpu_test "gpu: $prog --device 99 refused" bash -c \
        "./$prog --device 99 --check --size 8 2>&1 >/dev/null | grep -q 'this machine has'; [ \${PIPESTATUS[0]} -eq 2 ]"
done

# The harness must catch broken kernels: each must FAIL, exit 1, and say what is wrong.
broken_case() {   # kernel name, words the report must contain
    gpu_test "gpu: harness catches $1" bash -c \
        "out=\$($BUILD/tests/broken_kernels --check --size 67x45 --kernel $1 2>&1); rc=\$?; \
         [ \$rc -eq 1 ] && [[ \"\$out\" == *'FAIL $1,'* ]] && [[ \"\$out\" == *'$2'* ]]"
}
broken_case skips_last_col "never written"
broken_case copies_instead "got 1 [input (0, 1)]"
broken_case writes_one_nan "[NaN]"

# The grader must be honest: every solution passes it, every shipped
# exercise stub fails it (a stub still has its "TODO: your code here").
for src in solutions/[0-9][0-9]_*.cu; do
    [ -e "$src" ] || continue
    n=$(basename "$src"); n=$((10#${n%%_*}))
    gpu_test "gpu: grader passes solution$n" bash common/grade.sh solution "$n"
done
for src in exercises/[0-9][0-9]_*.cu; do
    [ -e "$src" ] || continue
    n=$(basename "$src"); n=$((10#${n%%_*}))
    name="gpu: grader fails the shipped stub exercise$n"
    if [ -n "$gpu_reason" ]; then
        skip "$name" "$gpu_reason"
    elif ! grep -q "TODO: your code here" "$src"; then
        skip "$name" "$src has no TODO left (your work), so it is no longer the shipped stub"
    elif out=$(bash common/grade.sh exercise "$n" 2>&1); then
        fail "$name" "the stub passed the grader"
    elif [[ "$out" == *"FAIL  your_"* ]] && [[ "$out" != *"out-of-bounds"* ]]; then
        pass "$name"   # failed by the grader's verdict, not by an accident on the way
    else
        fail "$name" "not the grader's verdict line: $(printf '%s' "$out" | grep -m 2 FAIL)"
    fi
done

# compute-sanitizer on every chapter (tests/sanitize.sh says which tools).
if [ -n "$gpu_reason" ]; then
    skip "gpu: make sanitize" "$gpu_reason"
else
    tally < <(bash tests/sanitize.sh "${chapters[@]}")
fi

echo
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
