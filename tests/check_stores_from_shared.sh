#!/usr/bin/env bash
# tests/check_stores_from_shared.sh - scripts/stores_from_shared.sh must tell
# a transpose through a shared-memory tile from one that only declares a
# tile, reading the compiled code (no GPU needed; nvcc and cuobjdump are).
#
#   bash tests/check_stores_from_shared.sh        (tests/run.sh runs it in `make test`)
#   BUILD=build/cuda13.0/sm_90 NVCC=/path/to/nvcc bash tests/check_stores_from_shared.sh
#
# A tile kernel's SASS ends each value's trip with LDS (load from shared
# memory) then STG (store to global memory) of the same register; a kernel
# that skips the tile stores registers written by LDG. The cases:
#   shapes.sass         hand-written SASS of shapes compilers seldom emit
#                       (moves, pairs, shuffles, RZ), fed to the awk alone,
#                       so this part runs even without cuobjdump
#   chapters 6 and 7    the tile kernels pass (their kernels.o, built by make)
#   chapters 2 and 3    the kernels without shared memory fail
#   tests/stores_from_shared/*.cu   small kernels, each saying its expected
#                       verdict in its first comment, compiled here
# One line per case: PASS, FAIL or SKIP; exit 1 if any FAIL.
set -u
cd "$(dirname "$0")/.." || exit 1
. scripts/lib.sh
NVCC=${NVCC:-nvcc}
export NVCC
dir=tests/stores_from_shared
status=0

pass() { echo "PASS  stores_from_shared: $1"; }
fail() { echo "FAIL  stores_from_shared: $1: $2"; status=1; }

# verdict WANT NAME OUT RC: WANT is pass (exit 0, silent) or fail (exit 1,
# one line with the right reason: "did not come from shared memory", or
# "no global store" for a kernel that stores nothing).
verdict() {
    local want=$1 name=$2 out=$3 rc=$4 reason="did not come from shared memory"
    [[ "$name" == *no_store* ]] && reason="has no global store"
    if [ "$want" = pass ] && [ "$rc" -eq 0 ] && [ -z "$out" ]; then
        pass "$name passes"
    elif [ "$want" = fail ] && [ "$rc" -eq 1 ] && [[ "$out" == *"$reason"* ]] &&
         [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ]; then
        pass "$name fails"
    else
        fail "$name must $want" "exit $rc, said: ${out:-nothing}"
    fi
}

# ---- hand-written SASS: the awk script alone ---------------------------------
for mangled in $(awk '/Function : / { print $3 }' "$dir/shapes.sass" | sort -u); do
    name=$(awk -v m="$mangled" 'BEGIN { match(m, /^_Z[0-9]+/); print substr(m, RLENGTH + 1, substr(m, 3, RLENGTH - 2)) }')
    out=$(awk -v kernel="$name" -v file="$dir/shapes.sass" -f scripts/stores_from_shared.awk "$dir/shapes.sass")
    verdict "${name%%_*}" "shapes.sass $name" "$out" $?
done

# ---- compiled code: needs nvcc and cuobjdump ---------------------------------
if ! command -v "$NVCC" > /dev/null 2>&1; then
    echo "SKIP  stores_from_shared: compiled kernels: $NVCC not found (set NVCC=/path/to/nvcc)"
    exit "$status"
fi
if ! find_cuda_tool cuobjdump > /dev/null; then
    echo "SKIP  stores_from_shared: compiled kernels: cuobjdump not found on the PATH or beside $NVCC"
    exit "$status"
fi

BUILD=${BUILD:-$($MAKE -s --no-print-directory print-build-dir)}
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# chapter WANT FOLDER KERNEL...: the chapter's kernels.o, (re)built by make.
chapter() {
    local want=$1 obj=$BUILD/chapters/$2/kernels.o k out rc
    shift 2
    if ! $MAKE -s "$obj" > "$tmp/make.log" 2>&1; then
        fail "$obj builds" "$(tail -n 3 "$tmp/make.log" | tr '\n' ' ')"
        return
    fi
    for k in "$@"; do
        out=$(bash scripts/stores_from_shared.sh "$obj" "$k" 2>&1); rc=$?
        verdict "$want" "$k" "$out" "$rc"
    done
}
chapter pass 06_shared_tile transpose_shared_tile
chapter pass 07_padded_tile transpose_padded_tile transpose_swizzled_tile
chapter fail 02_naive transpose_naive_row transpose_naive_col
chapter fail 03_unrolled transpose_unroll4_col

# Our own kernels: two architectures, the old SASS syntax ([R2]) and the new
# (desc[UR4][R2.64]), each file's kernel named like the file.
for src in "$dir"/*.cu; do
    name=$(basename "$src" .cu)
    want=$(sed -n '2s/.*expected verdict: \([A-Z]*\).*/\1/p' "$src" | tr '[:upper:]' '[:lower:]')
    if [ "$want" != pass ] && [ "$want" != fail ]; then
        fail "$src" "its second line must say 'expected verdict: PASS.' or 'FAIL.'"
        continue
    fi
    if ! "$NVCC" -c -gencode arch=compute_75,code=sm_75 -gencode arch=compute_90,code=sm_90 \
            -o "$tmp/$name.o" "$src" > "$tmp/nvcc.log" 2>&1; then
        fail "$src compiles" "$(head -n 3 "$tmp/nvcc.log" | tr '\n' ' ')"
        continue
    fi
    out=$(bash scripts/stores_from_shared.sh "$tmp/$name.o" "$name" 2>&1); rc=$?
    verdict "$want" "$name.cu" "$out" "$rc"
done
exit "$status"
