#!/usr/bin/env bash
# scripts/grade.sh - grade the exercises: what `make check` runs.
#
#   make check            grade every exercise
#   make check EX=7       grade exercise 7 only
#   bash scripts/grade.sh solution 7     grade the solution instead (make test does)
#   bash scripts/grade.sh pasted 7       grade tests/pasted/07_*.cu spliced into
#                                        exercise 7 (make test: it must fail)
#
# For each exercise, on the small shapes of `--list-shapes --small`:
# compute-sanitizer's memcheck looks for out-of-bounds accesses, and, when
# the exercise uses shared memory, barriers or warp shuffles, racecheck and
# synccheck look for a missing __syncthreads() and for barriers or shuffles
# that some threads skip, even when the output happens to be right. Then
# `--grade` checks every awkward shape, the exercise's rule and the speed.
# One PASS or FAIL line per exercise, then "N passed, N failed, N skipped".
# Without a GPU nothing can be graded: it says so and exits 1, so nobody
# believes they passed.
set -u
shopt -s nullglob
cd "$(dirname "$0")/.." || exit 1
. scripts/lib.sh

kind=${1:-exercise}   # exercise, solution or pasted
shift || true
case "$kind" in
    exercise|solution) srcdir=${kind}s ;;
    pasted) srcdir=tests/pasted ;;
    *) echo "grade: the first word is exercise, solution or pasted, not '$kind'" >&2; exit 2 ;;
esac
if [ $# -gt 0 ] && [ -n "$*" ]; then
    nums="$*"
else
    nums=$(for f in "$srcdir"/[0-9][0-9]_*.cu; do n=$(basename "$f"); echo $((10#${n%%_*})); done)
    [ -n "$nums" ] || { echo "grade: nothing to grade in $srcdir/" >&2; exit 2; }
fi

build=$($MAKE -s --no-print-directory print-build-dir)
targets="" programs=""
for n in $nums; do
    src=$(ls "$srcdir/$(printf '%02d' "$n")"_*.cu 2> /dev/null)
    if [ -z "$src" ]; then
        echo "grade: there is no $srcdir/$(printf '%02d' "$n")_*.cu" >&2
        exit 2
    fi
    if [ "$kind" = pasted ]; then
        targets="$targets $build/tests/pasted$n"; programs="$programs $build/tests/pasted$n"
    else
        targets="$targets $kind$n"; programs="$programs ./$kind$n"
    fi
done

# shellcheck disable=SC2086
if ! $MAKE -s $targets; then
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

# What each sanitizer tool's finding means, in words a learner can act on.
explain() {
    case "$1" in
        memcheck)  echo "out-of-bounds or misaligned access: check the bounds of every load and store" ;;
        racecheck) echo "a shared-memory race: does every thread wait at a __syncthreads() between writing the tile and reading what other threads wrote?" ;;
        synccheck) echo "a barrier or shuffle that not every thread reaches: is a __syncthreads() or a __shfl_*_sync() inside an if, or after a return, that some threads skip?" ;;
    esac
}

# The exercise's source (the learner's file, also for solutions and pasted
# kernels, which are spliced into it) says which tools apply.
tools_for() {
    local ex
    ex=$(ls exercises/"$(printf '%02d' "${1//[!0-9]/}")"_*.cu 2> /dev/null)
    if grep -qE '__shared__|__syncthreads|__shfl' "$ex" $(ls "$srcdir/$(printf '%02d' "${1//[!0-9]/}")"_*.cu) 2> /dev/null; then
        echo "memcheck racecheck synccheck"
    else
        echo "memcheck"
    fi
}

passed=0 failed=0
echo "grading on $gpu${sanitizer:+, with compute-sanitizer}"
for prog in $programs; do
    echo "$(basename "$prog"):"
    if [ -n "$sanitizer" ]; then
        for tool in $(tools_for "$(basename "$prog")"); do
            # Exit status 99 is compute-sanitizer's own: it found something.
            # (1 only means a wrong answer, which --grade explains below.)
            out=$("$sanitizer" --tool "$tool" --error-exitcode 99 "$prog" --check --small \
                  --kernel your_ 2>&1)
            if [ $? -eq 99 ]; then
                first=$(printf '%s\n' "$out" | grep -m 1 -E '^========= [A-Z]' | sed 's/^=* *//')
                echo "FAIL  $(basename "$prog"): $(explain "$tool") (compute-sanitizer $tool," \
                     "on the small shapes of --list-shapes --small: ${first:-see its output})"
                failed=$((failed + 1))
                continue 2
            fi
        done
    fi
    out=$("$prog" --grade 2>&1); rc=$?
    printf '%s\n' "$out" | grep -E '^(PASS|FAIL)  ' || printf '%s\n' "$out" | tail -n 5
    if [ "$rc" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo
echo "$passed passed, $failed failed, 0 skipped"
[ "$failed" -eq 0 ]
