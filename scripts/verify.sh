#!/usr/bin/env bash
# scripts/verify.sh - everything a change must pass on a GPU machine, in one
# command, with the logs kept:
#
#   bash scripts/verify.sh [LOGDIR]         (LOGDIR defaults to build/verify)
#
# 1. make test (the whole suite), with the grader's verdict lines (the
# measured ratios, which docs/instructor-key.md quotes) for the solutions,
# the pasted chapter kernels, the shortcuts and the shipped stubs, 2. the
# suite's checks broken on purpose (tests/mutants.sh), 3. with PROFILE=1,
# make profile-chapter7 (Nsight Compute; its raw output is what
# tests/data/ncu-chapter7.txt was saved from). Optional steps, each set
# to 1 to run it (and TEST=0 to leave out steps 1 and 2): NCU
# (scripts/ncu_cases.sh: Nsight Compute's sections for chosen kernels,
# NCU_CASES), FLUSH (scripts/flush_compare.sh), LESSONS (make
# lessons: every lesson's table for this GPU, and the numbers quoting
# them; LESSONS_CH="10 11" only those chapters), SWEEP (make sweep
# DRAW=$DRAW, default 5), TENSOR_SWEEP (make tensor-sweep
# DRAW=$TENSOR_DRAW, default 1). The files these write
# are packed into LOGDIR/regenerated.tar.gz, to be unpacked over the
# repository where they are to be committed.
# Prints each step's last lines; the full logs are in LOGDIR.
set -u
cd "$(dirname "$0")/.." || exit 1
logs=${1:-build/verify}
mkdir -p "$logs"
status=0

step() {   # name, command...: runs it, keeps its whole log, shows its end
    local name=$1 rc
    shift
    echo "=== $name: $*"
    "$@" > "$logs/$name.log" 2>&1; rc=$?
    tail -n "${TAIL:-6}" "$logs/$name.log"
    echo "=== $name: exit status $rc"
    [ "$rc" -eq 0 ] || status=1
}

nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > "$logs/gpu.txt" 2>&1
cat "$logs/gpu.txt"
if [ "${TEST:-1}" = 1 ]; then   # TEST=0 skips the suite and the mutants
    TAIL=4 step test make -j"$(nproc)" test   # -j: the build step in parallel
    grep -E '^(FAIL|SKIP)' "$logs/test.log" | head -n 20
    grep -E '^      (PASS|FAIL)  your_' "$logs/test.log"   # the grader's verdicts, from the suite
    TAIL=5 step mutants bash tests/mutants.sh
else
    make -s -j"$(nproc)" all > "$logs/build.log" 2>&1 || { echo "=== build failed"; tail "$logs/build.log"; exit 1; }
fi
if [ "${PROFILE:-0}" = 1 ]; then
    step profile make profile-chapter7
    cp build/profile-chapter7.txt "$logs/ncu-chapter7.txt" 2> /dev/null
fi
[ "${NCU:-0}" = 1 ] && TAIL=30 step ncu bash scripts/ncu_cases.sh "$logs/ncu"
[ "${FLUSH:-0}" = 1 ] && TAIL=40 step flush bash scripts/flush_compare.sh
# Packs what the regenerating steps wrote, after each of them, so that a
# run cut off by a time limit still keeps what its finished steps made.
pack() {
    tar -czf "$logs/regenerated.tar.gz" README.md chapters/*/*.md docs/*.md docs/sweep-* \
        docs/tensor-sweep-* 2> /dev/null
    echo "=== packed what was regenerated so far: $logs/regenerated.tar.gz"
}
# LESSONS_CH="10 11" regenerates only those chapters' lessons.
if [ "${LESSONS:-0}" = 1 ]; then TAIL=3 step lessons make lessons CH="${LESSONS_CH:-}"; pack; fi
if [ "${SWEEP:-0}" = 1 ]; then TAIL=12 step sweep make sweep DRAW="${DRAW:-5}"; pack; fi
# TENSOR_SWEEP=1: make tensor-sweep DRAW=$TENSOR_DRAW (default 1) CASES=$TENSOR_CASES
# (default 40) FROM=$TENSOR_FROM (default 1: a new CSV).
if [ "${TENSOR_SWEEP:-0}" = 1 ]; then
    TAIL=12 step tensor-sweep make tensor-sweep DRAW="${TENSOR_DRAW:-1}" CASES="${TENSOR_CASES:-40}" FROM="${TENSOR_FROM:-1}"
    pack
fi
exit "$status"
