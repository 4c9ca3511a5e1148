#!/usr/bin/env bash
# scripts/learner_check.sh - did the learner's own code do the work?
#
#   bash scripts/learner_check.sh BUILD LEARNER_PART.cu LEARNER_PART.o KERNEL
#
# The grader (scripts/grade.sh) runs this before anything else. The
# learner's part of an exercise is compiled on its own (the Makefile says
# how), so what it uses from elsewhere shows in two places:
#   - the symbols its object file leaves undefined (nm -u): a call of a
#     chapter's launch function, a launch of a chapter's kernel, a call into
#     the harness (tp_run, ...) or into cuBLAS is one of them;
#   - its text after the preprocessor: an #include of a chapter's kernels,
#     or a chapter's kernel copied in under its own name, brings that name.
# Either means the grader would time somebody else's kernel under the
# learner's name. Prints nothing and exits 0 when the part is the
# learner's own; else prints one line (what was found, and what to do)
# and exits 1. Exits 2 when it cannot look (no nm, no object).
# The names: the functions the chapters' kernels.o define, and those
# scripts/chapter_names.sh finds in their sources.
set -u
cd "$(dirname "$0")/.." || exit 2
build=$1 part=$2 object=$3 kernel=$4
NVCC=${NVCC:-nvcc}

command -v nm > /dev/null 2>&1 || { echo "learner_check: nm (GNU binutils) is not installed"; exit 2; }
[ -f "$object" ] || { echo "learner_check: $object was not built"; exit 2; }

# "chapter 11" for chapters/11_batched/kernels.o
chapter_of() {
    local d=${1#*chapters/}
    d=${d%%/*}
    echo "chapter $((10#${d%%_*}))"
}

undefined=$(nm -C -u "$object" | sed 's/^ *U //; s/(.*//' | sort -u)

# 1. Calls into a chapter, the harness or cuBLAS.
for obj in "$build"/chapters/[0-9][0-9]_*/kernels.o; do
    [ -f "$obj" ] || continue
    defined=$(nm -C --defined-only "$obj" | awk '$2 ~ /^[TtWw]$/' | cut -d' ' -f3- | sed 's/(.*//' | sort -u)
    hit=$(comm -12 <(printf '%s\n' "$undefined") <(printf '%s\n' "$defined") | head -n 1)
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

# 2. A chapter's kernel or device helper in the learner's text.
if ! text=$("$NVCC" -E -Icommon -Iexercises "$part" 2> /dev/null); then
    echo "learner_check: $part does not preprocess"
    exit 2
fi
text=$(sed 's/"[^"]*"//g' <<< "$text")   # the names in strings are no code
for name in $(bash scripts/chapter_names.sh); do
    if grep -qw "$name" <<< "$text"; then
        src=$(grep -lw "$name" chapters/*/kernels.cu chapters/*/*.h 2> /dev/null | head -n 1)
        echo "your code holds $name, $(chapter_of "$src")'s own (an #include of the chapter's code, or its kernel copied under its name): write your own"
        exit 1
    fi
done
exit 0
