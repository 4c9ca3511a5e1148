#!/usr/bin/env bash
# tests/check_learner.sh - the grader's first question, "is the learner's
# part the learner's own work?" (scripts/learner_check.sh), asked on the
# CPU, so that CI answers it too:
#   - every solution, every shipped stub and every pasted chapter kernel
#     is the learner's own code: the check must let it through (the pasted
#     ones fail later, on a rule or on speed, on a GPU); so the stubs, as
#     shipped, hold none of the chapters' code;
#   - every shortcut of tests/shortcuts/ whose "Expect:" line starts with
#     "your code" calls or holds a chapter's code: the check must refuse
#     it, with those words. (The other shortcuts fail on a GPU: tests/run.sh.)
# Needs the build (make all) and nm. One line per case: PASS, FAIL or SKIP.
set -u
cd "$(dirname "$0")/.." || exit 1
BUILD=${BUILD:-$(${MAKE:-make} -s --no-print-directory print-build-dir)}

if ! command -v nm > /dev/null 2>&1; then
    echo "SKIP  learner check: nm (GNU binutils) is not installed"
    exit 0
fi

status=0
check() {   # learner part (no suffix), expected text or "" for "let through"
    local part=$1 expect=$2 out rc
    out=$(bash scripts/learner_check.sh "$BUILD" "$part.o" your_kernel 2>&1); rc=$?
    if [ -z "$expect" ] && [ "$rc" -eq 0 ]; then
        echo "PASS  learner check lets ${part#"$BUILD"/learner/} through"
    elif [ -n "$expect" ] && [ "$rc" -eq 1 ] && [[ "$out" == *"$expect"* ]]; then
        echo "PASS  learner check refuses ${part#"$BUILD"/learner/}: $out"
    else
        echo "FAIL  learner check on ${part#"$BUILD"/learner/}: exit $rc, said '$out'" \
             "(want $(if [ -n "$expect" ]; then echo "exit 1 with '$expect'"; else echo "exit 0"; fi))"
        status=1
    fi
}

for src in exercises/[0-9][0-9]_*.cu solutions/[0-9][0-9]_*.cu tests/pasted/[0-9][0-9]_*.cu; do
    [ -e "$src" ] || continue
    dir=$(basename "$(dirname "$src")")
    check "$BUILD/learner/$dir/$(basename "$src" .cu)" ""
done
n=0
for src in tests/shortcuts/[0-9][0-9]_*.cu; do
    [ -e "$src" ] || continue
    expect=$(sed -n 's/^ \* Expect: //p' "$src")
    [[ "$expect" == "your code"* ]] || continue
    check "$BUILD/learner/shortcuts/$(basename "$src" .cu)" "$expect"
    n=$((n + 1))
done
if [ "$n" -eq 0 ]; then
    echo "FAIL  learner check: no shortcut in tests/shortcuts/ expects a refusal: the check is untested"
    status=1
fi
exit "$status"
