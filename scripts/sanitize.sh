#!/usr/bin/env bash
# scripts/sanitize.sh - run programs' --check under compute-sanitizer.
#
#   make sanitize                                   every chapter
#   bash scripts/sanitize.sh chapter1 chapter6 ...  these programs
#
# memcheck (out-of-bounds and misaligned accesses) runs on every program;
# racecheck (shared-memory races) and synccheck (barriers in divergent
# code) on the programs whose source uses shared memory, barriers or warp
# shuffles. Each run checks every kernel on the small shapes of the
# awkward-shape list (--check --small: where an edge bug shows, and small
# enough for the sanitizer's slow-down). One line per run: PASS, FAIL or
# SKIP; exit 1 if any run failed.
set -u
cd "$(dirname "$0")/.." || exit 1
. scripts/lib.sh

sanitizer=$(find_cuda_tool compute-sanitizer || true)
if [ -z "$sanitizer" ]; then
    echo "SKIP  sanitize: compute-sanitizer not found (it comes with the CUDA toolkit)"
    exit 0
fi

failed=0
for prog in "$@"; do
    tools="memcheck"
    # shellcheck disable=SC2046
    if grep -qE '__shared__|__syncthreads|__shfl' $(sources_of "$prog") 2> /dev/null; then
        tools="memcheck racecheck synccheck"
    fi
    for tool in $tools; do
        name="sanitize: $tool $prog --check --small"
        if out=$("$sanitizer" --tool "$tool" --error-exitcode 99 ./"$prog" --check --small 2>&1); then
            echo "PASS  $name"
        else
            echo "FAIL  $name"
            printf '%s\n' "$out" | grep -v '^PASS' | head -n 12 | sed 's/^/      /'
            failed=1
        fi
    done
done
exit "$failed"
