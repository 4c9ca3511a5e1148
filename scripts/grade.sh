#!/usr/bin/env bash
# scripts/grade.sh - grade the exercises: what `make check` runs.
#
#   make check            grade every exercise
#   make check EX=7       grade exercise 7 only
#   bash scripts/grade.sh solution 7     grade the solution instead (make test does)
#   bash scripts/grade.sh pasted 7       grade tests/pasted/07_*.cu as exercise
#                                        7's learner's part (make test: it must fail)
#   bash scripts/grade.sh shortcut tests/shortcuts/11_copies_chapter_kernel.cu
#                                        grade a shortcut (make test: it must fail,
#                                        for the reason its "Expect:" line gives)
#
# For each exercise, first: is the learner's part the learner's own work?
# It is compiled on its own (the Makefile says how), so its object file
# shows every call it makes into a chapter, the harness or cuBLAS, and its
# text every chapter kernel it holds (scripts/learner_check.sh). Then, on
# the small shapes of `--list-shapes --small`:
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

kind=${1:-exercise}   # exercise, solution, pasted or shortcut
shift || true
case "$kind" in
    exercise|solution) srcdir=${kind}s ;;
    pasted) srcdir=tests/pasted ;;
    shortcut) srcdir=tests/shortcuts ;;
    *) echo "grade: the first word is exercise, solution, pasted or shortcut, not '$kind'" >&2; exit 2 ;;
esac
if [ "$kind" = shortcut ]; then
    [ $# -gt 0 ] || { echo "grade: shortcut needs the files: tests/shortcuts/NN_what.cu ..." >&2; exit 2; }
    nums="$*"
elif [ $# -gt 0 ] && [ -n "$*" ]; then
    nums="$*"
else
    nums=$(for f in "$srcdir"/[0-9][0-9]_*.cu; do n=$(basename "$f"); echo $((10#${n%%_*})); done)
    [ -n "$nums" ] || { echo "grade: nothing to grade in $srcdir/" >&2; exit 2; }
fi

build=$($MAKE -s --no-print-directory print-build-dir)
targets="" programs="" parts=""
for n in $nums; do
    if [ "$kind" = shortcut ]; then
        src=$n
        [ -f "$src" ] || { echo "grade: there is no $src" >&2; exit 2; }
    else
        src=$(ls "$srcdir/$(printf '%02d' "$n")"_*.cu 2> /dev/null)
    fi
    if [ -z "$src" ]; then
        echo "grade: there is no $srcdir/$(printf '%02d' "$n")_*.cu" >&2
        exit 2
    fi
    base=$(basename "$src" .cu)
    case "$kind" in
        pasted)   prog=$build/tests/pasted$n; targets="$targets $prog" ;;
        shortcut) prog=$build/tests/shortcuts/$base; targets="$targets $prog" ;;
        *)        prog=./$kind$n; targets="$targets $kind$n" ;;
    esac
    programs="$programs $prog"
    # The learner's part of this program, as compiled (the Makefile's learner/ folder).
    parts="$parts $build/learner/$(basename "$srcdir")/$base"
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

# GRADE_SANITIZER=0 leaves compute-sanitizer out: the suite does, for the
# pasted kernels and the shortcuts, which must fail for other reasons.
sanitizer=$(find_cuda_tool compute-sanitizer || true)
[ "${GRADE_SANITIZER:-1}" = 0 ] && sanitizer=""

# What each sanitizer tool's finding means, in words a learner can act on.
explain() {
    case "$1" in
        memcheck)  echo "out-of-bounds or misaligned access: check the bounds of every load and store" ;;
        racecheck) echo "a shared-memory race: does every thread wait at a __syncthreads() between writing the tile and reading what other threads wrote?" ;;
        synccheck) echo "a barrier or shuffle that not every thread reaches: is a __syncthreads() or a __shfl_*_sync() inside an if, or after a return, that some threads skip?" ;;
    esac
}

# The learner's part as compiled ($build/learner/...cu: a stub, a solution,
# a pasted kernel or a shortcut) says which tools apply.
tools_for() {
    if grep -qE '__shared__|__syncthreads|__shfl' "$1.cu" 2> /dev/null; then
        echo "memcheck racecheck synccheck"
    else
        echo "memcheck"
    fi
}

passed=0 failed=0
echo "grading on $gpu${sanitizer:+, with compute-sanitizer}"
set -- $parts
for prog in $programs; do
    part=$1; shift
    echo "$(basename "$prog"):"
    # The graded kernel: the first "your_" name of the program's table.
    kernel=$("$prog" --help | awk '/^kernels:/ { for (i = 2; i <= NF; i++) if ($i ~ /^your_/) { print $i; exit } }')
    if ! why=$(bash scripts/learner_check.sh "$build" "$part.o" "${kernel:-your kernel}"); then
        echo "FAIL  ${kernel:-$(basename "$prog")}: $why"
        failed=$((failed + 1))
        continue
    fi
    if [ -n "$sanitizer" ]; then
        for tool in $(tools_for "$part"); do
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
    # A rule that only the machine code shows: the exercise's given half
    # names the kernel on a line "grade: stores from shared memory: NAME".
    staged=$(sed -n 's/^ \* grade: stores from shared memory: \(your_[A-Za-z0-9_]*\).*/\1/p' \
             exercises/given/"$(basename "$part" | cut -c 1-2)"_*.cu 2> /dev/null)
    # It is a rule, so it comes before speed, as the harness's rules do: it
    # is read whenever the kernel was right on every shape.
    if [ -n "$staged" ] && grep -qE "^(PASS  |FAIL  [^:]*: correct, but [0-9])" <<< "$out"; then
        if ! why=$(bash scripts/stores_from_shared.sh "$prog" "$staged" 2>&1); then
            out="FAIL  $staged: correct, but not what the exercise asks: $why"
            rc=1
        fi
    fi
    printf '%s\n' "$out" | grep -E '^(PASS|FAIL)  ' || printf '%s\n' "$out" | tail -n 5
    if [ "$rc" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo
echo "$passed passed, $failed failed, 0 skipped"
[ "$failed" -eq 0 ]
