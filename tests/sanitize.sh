#!/usr/bin/env bash
# tests/sanitize.sh - run programs' --check under compute-sanitizer.
#
#   bash tests/sanitize.sh chapter1 chapter6 ...     (make sanitize does this)
#
# memcheck (out-of-bounds and misaligned accesses) runs on every program,
# on small awkward shapes where an edge bug shows. racecheck (shared-memory
# races) and synccheck (barriers in divergent code) run on the programs
# whose source uses shared memory or __syncthreads. One line per run:
# PASS, FAIL or SKIP; exit 1 if any run failed.
set -u
cd "$(dirname "$0")/.." || exit 1

SHAPES="17x83 65x33"
. common/find_tool.sh
sanitizer=$(find_cuda_tool compute-sanitizer || true)
if [ -z "$sanitizer" ]; then
    echo "SKIP  sanitize: compute-sanitizer not found (it comes with the CUDA toolkit)"
    exit 0
fi

# chapter6 -> chapters/06_*/ ; exercise6 -> exercises/06_*.cu ; solution6 likewise
source_of() {
    local prog=$1 num
    num=$(printf '%02d' "${prog//[!0-9]/}")
    case "$prog" in
        chapter*)  echo chapters/${num}_*/*.cu chapters/${num}_*/*.cuh ;;
        exercise*) echo exercises/${num}_*.cu ;;
        solution*) echo solutions/${num}_*.cu ;;
    esac
}

failed=0
for prog in "$@"; do
    tools="memcheck"
    # shellcheck disable=SC2046
    if grep -qE '__shared__|__syncthreads' $(source_of "$prog") 2> /dev/null; then
        tools="memcheck racecheck synccheck"
    fi
    for tool in $tools; do
        for shape in $SHAPES; do
            name="sanitize: $tool $prog --check --size $shape"
            if out=$("$sanitizer" --tool "$tool" --error-exitcode 99 ./"$prog" --check \
                     --size "$shape" 2>&1); then
                echo "PASS  $name"
            else
                echo "FAIL  $name"
                printf '%s\n' "$out" | grep -v '^PASS' | head -n 12 | sed 's/^/      /'
                failed=1
            fi
        done
    done
done
exit "$failed"
