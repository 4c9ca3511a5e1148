#!/usr/bin/env bash
# tests/check_exercises.sh - an exercise must not contain its own answer.
#
# Every kernel and device function a chapter defines (chapters/*/kernels.cu,
# listed by scripts/chapter_names.sh) is a finished answer to some
# exercise. The learner's part of an exercise as shipped (the code between
# its "your code" lines, after its given header: scripts/learner_part.awk),
# after the preprocessor (nvcc -E), must hold none of them: otherwise
# `return diagonal_tile(...)` would compile and pass the grader. (The
# grader checks the learner's finished part the same way, and its object
# file's calls too: scripts/learner_check.sh.) No GPU needed.
# One line per exercise: PASS, FAIL or SKIP.
set -u
cd "$(dirname "$0")/.." || exit 1
NVCC=${NVCC:-nvcc}

if ! command -v "$NVCC" > /dev/null 2>&1; then
    echo "SKIP  exercises: $NVCC not found (set NVCC=/path/to/nvcc)"
    exit 0
fi

answers=$(bash scripts/chapter_names.sh)
if [ "$(printf '%s\n' "$answers" | grep -c .)" -lt 10 ]; then
    echo "FAIL  exercises: found only $(printf '%s\n' "$answers" | grep -c .) kernel names in chapters/*/kernels.cu: is the pattern out of date?"
    exit 1
fi

status=0
for ex in exercises/[0-9][0-9]_*.cu; do
    [ -e "$ex" ] || continue
    # Preprocess, then drop string literals (the table names the chapter's
    # kernels in quotes, which is allowed).
    if ! tu=$(awk -f scripts/learner_part.awk "$ex" | "$NVCC" -E -x cu -Icommon -Iexercises - 2> /dev/null |
              sed 's/"[^"]*"//g'); then
        echo "FAIL  exercises: $ex does not preprocess"
        status=1
        continue
    fi
    found=$(for name in $answers; do grep -qw "$name" <<< "$tu" && echo "$name"; done | tr '\n' ' ')
    if [ -z "$found" ]; then
        echo "PASS  exercises: $ex holds none of the chapters' kernels or device helpers"
    else
        echo "FAIL  exercises: $ex holds the chapters' $found(its translation unit must not contain the answer)"
        status=1
    fi
done
exit "$status"
