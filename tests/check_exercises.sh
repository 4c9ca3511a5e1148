#!/usr/bin/env bash
# tests/check_exercises.sh - an exercise must not contain its own answer.
#
# Every kernel and device function a chapter defines (chapters/*/kernels.cu)
# is a finished answer to some exercise. An exercise's translation unit,
# after the preprocessor (nvcc -E), may call the chapters' launch functions
# to compare against them, but must define none of those kernels or
# helpers: otherwise `return diagonal_tile(...)` would compile and pass the
# grader. Shared helpers that are not the lesson's point (chapter 8's
# warp_tile.cuh) are not in kernels.cu, so they may be used. No GPU needed.
# One line per exercise: PASS, FAIL or SKIP.
set -u
cd "$(dirname "$0")/.." || exit 1
NVCC=${NVCC:-nvcc}

if ! command -v "$NVCC" > /dev/null 2>&1; then
    echo "SKIP  exercises: $NVCC not found (set NVCC=/path/to/nvcc)"
    exit 0
fi

# The names of the functions chapters define: "__global__ void name(" and
# "static __device__ ... name(" at the start of a line.
answers=$(awk '
    /^(static +)?(__global__|__device__|__host__ __device__)/ {
        line = $0
        if (line ~ /__launch_bounds__\([^)]*\) *$/) { getline; line = "x " $0 }   # name on the next line
        sub(/__launch_bounds__\([^)]*\)/, "", line)
        sub(/\(.*/, "", line)
        n = split(line, w, /[ *]+/)
        print w[n]
    }' chapters/*/kernels.cu chapters/*/*.h | sort -u)
if [ "$(printf '%s\n' "$answers" | grep -c .)" -lt 10 ]; then
    echo "FAIL  exercises: found only $(printf '%s\n' "$answers" | grep -c .) kernel names in chapters/*/kernels.cu: is the pattern out of date?"
    exit 1
fi

status=0
for ex in exercises/[0-9][0-9]_*.cu; do
    [ -e "$ex" ] || continue
    # Preprocess, then drop string literals (the table names the chapter's
    # kernels in quotes, which is allowed).
    if ! tu=$("$NVCC" -E -Icommon "$ex" 2> /dev/null | sed 's/"[^"]*"//g'); then
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
