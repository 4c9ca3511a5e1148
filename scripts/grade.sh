#!/usr/bin/env bash
# scripts/grade.sh - grade the exercises: what `make check` runs.
#
#   make check            grade every exercise
#   make check EX=7       grade exercise 7 only
#   bash scripts/grade.sh solution 7     grade the solution instead (make test does)
#
# For each exercise: compute-sanitizer's memcheck (where it exists) looks
# for out-of-bounds accesses on small awkward shapes, then `--grade`
# checks every awkward shape and times the kernel against cudaMemcpy.
# One PASS or FAIL line per exercise, then "N passed, N failed, N skipped".
# Without a GPU nothing can be graded: it says so and exits 1, so nobody
# believes they passed.
set -u
shopt -s nullglob
cd "$(dirname "$0")/.." || exit 1
. scripts/lib.sh

kind=${1:-exercise}   # exercise or solution
shift || true
if [ $# -gt 0 ] && [ -n "$*" ]; then
    nums="$*"
else
    nums=$(numbered_programs "$kind" | tr -dc '0-9\n')
    [ -n "$nums" ] || { echo "grade: no ${kind}s to grade (${kind}s/NN_name.cu)" >&2; exit 2; }
fi

programs=""
for n in $nums; do
    if ! ls "${kind}s/$(printf '%02d' "$n")"_*.cu > /dev/null 2>&1; then
        echo "grade: there is no ${kind}s/$(printf '%02d' "$n")_*.cu" >&2
        exit 2
    fi
    programs="$programs $kind$n"
done

# shellcheck disable=SC2086
if ! $MAKE -s $programs; then
    echo "FAIL  the build failed: fix the compiler errors above first"
    echo
    echo "0 passed, 1 failed, 0 skipped"
    exit 1
fi

if ! gpu=$(gpu_probe); then
    echo "make check needs an NVIDIA GPU to run your kernels, and this machine has none"
    echo "($gpu). Your code compiled, but nothing was graded."
    exit 1
fi

sanitizer=$(find_cuda_tool compute-sanitizer || true)

passed=0 failed=0
echo "grading on $gpu${sanitizer:+, with compute-sanitizer}"
for prog in $programs; do
    echo "$prog:"
    if [ -n "$sanitizer" ]; then
        for shape in $(./"$prog" --list-shapes --small); do
            # Exit status 99 is compute-sanitizer's own: it found a bad access.
            # (1 only means the answer was wrong, which --grade explains below.)
            out=$("$sanitizer" --tool memcheck --error-exitcode 99 ./"$prog" --check \
                  --kernel your_ --size "$shape" 2>&1)
            if [ $? -eq 99 ]; then
                first=$(printf '%s\n' "$out" | grep -m 1 -E 'Invalid|Misaligned|Out-of-range' | sed 's/^=* *//')
                echo "FAIL  $prog: out-of-bounds or misaligned access for a $shape input" \
                     "(compute-sanitizer: ${first:-see its output}): check the bounds of every" \
                     "load and store"
                failed=$((failed + 1))
                continue 2
            fi
        done
    fi
    out=$(./"$prog" --grade 2>&1); rc=$?
    printf '%s\n' "$out" | grep -E '^(PASS|FAIL)  ' || printf '%s\n' "$out" | tail -n 5
    if [ "$rc" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo
echo "$passed passed, $failed failed, 0 skipped"
[ "$failed" -eq 0 ]
