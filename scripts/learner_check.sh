#!/usr/bin/env bash
# scripts/learner_check.sh - did the learner's own code do the work?
#
#   bash scripts/learner_check.sh BUILD LEARNER_PART.o KERNEL
#
# The grader (scripts/grade.sh) runs this before anything else. The
# learner's part of an exercise is compiled on its own (the Makefile says
# how), so what it takes from elsewhere shows in its build products:
#   1. its object file's symbols: an undefined one is a call of a chapter's
#      launch function, a launch of a chapter's kernel, or a call into the
#      harness (tp_run, ...) or cuBLAS; a defined one under a chapter's
#      name would replace the chapter's at link time (a reference row's
#      launch, say);
#   2. the files it includes (the compiler's dependency list, .d beside the
#      .o): any file of a chapter folder but chapter 8's shared
#      warp_tile.cuh brings that chapter's code;
#   3. its own text and functions: a chapter's kernel or device helper
#      copied in under its name (scripts/chapter_names.sh lists them).
# Any of these means the grader would time somebody else's code, or time
# the learner's against a reference that is not the chapter's.
# Prints nothing and exits 0 when the part is the learner's own; else
# prints one line (what was found, and what to do) and exits 1. Exits 2
# when it cannot look (no nm, no object).
set -u
cd "$(dirname "$0")/.." || exit 2
build=$1 object=$2 kernel=$3

command -v nm > /dev/null 2>&1 || { echo "learner_check: nm (GNU binutils) is not installed"; exit 2; }
[ -f "$object" ] || { echo "learner_check: $object was not built"; exit 2; }

# "chapter 11" for chapters/11_batched/kernels.o
chapter_of() {
    local d=${1#*chapters/}
    d=${d%%/*}
    echo "chapter $((10#${d%%_*}))"
}

# The plain names (no argument lists) of the functions an object defines.
defined_functions() {
    nm -C --defined-only "$1" | awk '$2 == "T"' | cut -d' ' -f3- | sed 's/(.*//' | sort -u
}

undefined=$(nm -C -u "$object" | sed 's/^ *U //; s/(.*//' | sort -u)
defined=$(defined_functions "$object")

# 1. Symbols shared with a chapter, the harness or cuBLAS.
for obj in "$build"/chapters/[0-9][0-9]_*/kernels.o; do
    [ -f "$obj" ] || continue
    chapter=$(defined_functions "$obj")
    # A function of the chapter's own name defined here would stand in for
    # the chapter's: the table's reference row would run the learner's code.
    hit=$(comm -12 <(printf '%s\n' "$defined") <(printf '%s\n' "$chapter") | head -n 1)
    if [ -n "$hit" ]; then
        echo "your code defines $hit, a name of $(chapter_of "$obj")'s own code: the table would" \
             "run yours in its place; give your functions names of your own"
        exit 1
    fi
    hit=$(comm -12 <(printf '%s\n' "$undefined") <(printf '%s\n' "$chapter") | head -n 1)
    if [ -n "$hit" ]; then
        case "$hit" in
            launch_*) what="calls $hit, $(chapter_of "$obj")'s own launch function" ;;
            *)        what="launches $hit, $(chapter_of "$obj")'s own kernel" ;;
        esac
        echo "your code $what: the grader times what your code launches, so launch $kernel, the kernel you write"
        exit 1
    fi
done
hit=$(printf '%s\n' "$undefined" | grep -E '^tp_' | grep -vxE 'tp_grid|tp_int_index' | head -n 1)
if [ -n "$hit" ]; then
    echo "your code calls $hit, the harness's own: only tp_grid and tp_int_index are yours to call; launch $kernel, the kernel you write"
    exit 1
fi
hit=$(printf '%s\n' "$undefined" | grep -E '^cublas' | head -n 1)
if [ -n "$hit" ]; then
    echo "your code calls $hit, cuBLAS's transpose: the exercise is to write it yourself, in $kernel"
    exit 1
fi

# 2. A chapter's file among the files the part includes.
deps=${object%.o}.d
if [ ! -f "$deps" ]; then
    echo "learner_check: $deps was not written (the build writes it with the object)"
    exit 2
fi
included=$(tr ' \\' '\n\n' < "$deps" | sed 's/:$//' | grep -E 'chapters/' | xargs -r realpath -m --relative-to=. |
           grep -E '^chapters/[0-9][0-9]_[^/]*/' | grep -v '^chapters/08_shuffle/warp_tile\.cuh$' |
           head -n 1)
if [ -n "$included" ]; then
    echo "your code includes $included, $(chapter_of "$included")'s own code: write your own"
    exit 1
fi
# 3. A chapter's kernel or helper in the part's own text, without comments
#    (the C preprocessor alone strips them, and follows no #include) and
#    strings: a copied device helper shows there even where the compiler
#    inlined it away.
text=$(${CC:-cc} -fpreprocessed -dD -E -P -x c "${object%.o}.cu" 2> /dev/null | sed 's/"[^"]*"//g')
for name in $(bash scripts/chapter_names.sh); do
    if grep -qxF "$name" <<< "$defined" || grep -qw "$name" <<< "$text"; then
        src=$(grep -lw "$name" chapters/*/kernels.cu chapters/*/*.h 2> /dev/null | head -n 1)
        echo "your code holds $name, $(chapter_of "$src")'s own, copied under its name: write your own"
        exit 1
    fi
done
exit 0
