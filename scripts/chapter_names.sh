#!/usr/bin/env bash
# scripts/chapter_names.sh - the names of the kernels and device helpers the
# chapters define, one per line: every one is a finished answer to some
# exercise, so no learner's part may hold it (scripts/learner_check.sh;
# tests/check_learner.sh runs it on every stub, solution and shortcut).
#
#   bash scripts/chapter_names.sh
#
# It reads "__global__ void name(" and "static __device__ ... name(" at the
# start of a line in chapters/*/kernels.cu and chapters/*/*.h. Shared
# helpers that are not a lesson's point (chapter 8's warp_tile.cuh) are in
# neither, so an exercise may use them.
cd "$(dirname "$0")/.." || exit 1
awk '
    /^(static +)?(__global__|__device__|__host__ __device__)/ {
        line = $0
        # __launch_bounds__(...) or __maxnreg__(...), one level of
        # parentheses inside allowed
        lb = "(__launch_bounds__|__maxnreg__)\\(([^()]|\\([^()]*\\))*\\)"
        if (line ~ (lb " *$")) { getline; line = "x " $0 }   # name on the next line
        sub(lb, "", line)
        sub(/\(.*/, "", line)
        n = split(line, w, /[ *]+/)
        print w[n]
    }' chapters/*/kernels.cu chapters/*/*.h | sort -u
