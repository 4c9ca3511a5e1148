#!/usr/bin/env bash
# tests/mutants.sh - the suite's checks, broken on purpose (needs a GPU).
#
#   bash tests/mutants.sh        (scripts/verify.sh runs it)
#   bash tests/mutants.sh no_flush      one case only
#   bash tests/mutants.sh --lines       only whether each case's line is
#                                       still one line of its file (no GPU,
#                                       no build: tests/check_mutants.sh)
#
# A check that cannot fail proves nothing. Each case below copies the
# repository to a scratch folder, changes one line of a kernel or of the
# harness (sed), rebuilds what it needs there, and runs the check that
# should notice:
#   in_place_first_store  chapter 11's in-place kernel stores one row past
#                         a partial tile (`cj + y < n` becomes `<=`):
#                         `./chapter11 --check` must FAIL (the guard zones
#                         or the next matrix show it)
#   in_place_second_store the same change in the second store (`ri + y`):
#                         this one is harmless, because that store only runs
#                         for i < j, whose tile rows end before row n; the
#                         check must still PASS (an equivalent mutant)
#   no_flush              the L2 flush before each timed run removed from
#                         the harness: tests/flush_probe must FAIL
#   funnel_row_end        chapter 10's funnel tiles store one byte past the
#                         end of each output row (funnel_tile.cuh's last
#                         valid byte `hi` becomes `hi + 1`): `./chapter10
#                         --check --kernel u8_funnel` must FAIL
#   rows4_lane31          chapter 10's rows4 kernels take lane 31's second
#                         word from the shuffle (which gives lane 31 its
#                         own word again) instead of the next step: on
#                         rows that start mid-word `./chapter10 --check
#                         --size 4x4103 --kernel u8_rows4` must FAIL
#   shift_last_word       chapter 11's shifted rows in chunks (nd_shift_load)
#                         load a word only where it starts in the
#                         row, not also where its left neighbour still
#                         needs its bytes (the bug
#                         of their first version): scripts/permute_case
#                         on rows of 1031 bytes must FAIL
#   shift16_last_group    the same bug in the 16-byte lanes (shift16.h's
#                         s16_load loads only where its own group starts in
#                         the row): scripts/permute_case on rows of 4001
#                         bytes, which take the 16-byte lanes, must FAIL
# One line per case: PASS when the check reacted as it should, else FAIL.
set -u
cd "$(dirname "$0")/.." || exit 1
. scripts/lib.sh
status=0
scratch=$(mktemp -d) || exit 1
trap 'rm -rf "$scratch"' EXIT

# mutant NAME FILE OLD NEW: a copy of the repository with OLD replaced by
# NEW in FILE (exactly one line must match), in $scratch/NAME.
only=${1:-}
mutant() {
    local dir=$scratch/$1
    if [ "$only" = --lines ]; then   # the line only, then no copy, no build
        if [ "$(grep -cF -- "$3" "$2")" -eq 1 ]; then
            echo "PASS  mutant $1: its line is one line of $2"
        else
            echo "FAIL  mutant $1: '$3' is not one line of $2 (out of date?)"
            status=1
        fi
        return 1
    fi
    [ -z "$only" ] || [ "$only" = "$1" ] || return 1
    mkdir -p "$dir"
    tar --exclude=./build/ptx75 -cf - . | tar -xf - -C "$dir"
    if [ "$(grep -cF -- "$3" "$dir/$2")" -ne 1 ]; then
        echo "FAIL  mutant $1: '$3' is not one line of $2 (out of date?)"
        status=1
        return 1
    fi
    OLD=$3 NEW=$4 awk '{ i = index($0, ENVIRON["OLD"]); if (i) $0 = substr($0, 1, i - 1) ENVIRON["NEW"] substr($0, i + length(ENVIRON["OLD"])); print }' \
        "$dir/$2" > "$dir/$2.new" && mv "$dir/$2.new" "$dir/$2"
}

# The in-place kernel takes square matrices only: its --check on every
# square shape of the check list (common/cli.c), partial tiles included.
squares() {
    local s
    for s in 1x1x1 3x20x20 64x4x4 4x68x68 3x100x100 1x1025x1025 1x33x33 2x70x70; do
        "$1" --check --size "$s" --kernel in_place || return 1
    done
}

expect() {   # name, want (PASS or FAIL), command...
    local name=$1 want=$2 out rc got
    shift 2
    out=$("$@" 2>&1); rc=$?
    if [ "$rc" -eq 0 ]; then got=PASS; else got=FAIL; fi
    if [ "$got" = "$want" ]; then
        echo "PASS  mutant $name: the check says $got, as it should ($(printf '%s\n' "$out" | grep -m 1 -E 'FAIL|outside|PASS' | cut -c 1-150))"
    else
        echo "FAIL  mutant $name: the check says $got, want $want: $(printf '%s\n' "$out" | tail -n 3 | tr '\n' ' ')"
        status=1
    fi
}

# built NAME TARGET: builds TARGET in the mutant's copy. A mutant that does
# not build proves nothing (its check would "fail" for want of a program),
# so that is a FAIL of this script, with the compiler's last words.
built() {
    local out
    if out=$(cd "$scratch/$1" && $MAKE -s "$2" 2>&1); then
        return 0
    fi
    echo "FAIL  mutant $1: the changed copy does not build: $(printf '%s\n' "$out" | grep -m 2 -i error | tr '\n' ' ')"
    status=1
    return 1
}

if mutant in_place_first_store chapters/11_batched/kernels.cu \
        "if (cj + y < n && ri + tx < n)" "if (cj + y <= n && ri + tx < n)" &&
        built in_place_first_store chapter11; then
    expect in_place_first_store FAIL squares "$scratch/in_place_first_store/chapter11"
fi
if mutant in_place_second_store chapters/11_batched/kernels.cu \
        "if (i != j && ri + y < n && cj + tx < n)" "if (i != j && ri + y <= n && cj + tx < n)" &&
        built in_place_second_store chapter11; then
    expect in_place_second_store PASS squares "$scratch/in_place_second_store/chapter11"
fi
# (The call stays, switched off, so that flush_l2 is still used and the
# copy builds without an unused-function warning.)
probe=$($MAKE -s --no-print-directory print-build-dir)/tests/flush_probe
if mutant no_flush common/harness.cu \
        "        flush_l2(c);" "        if (0) flush_l2(c);   /* no flush */" &&
        built no_flush "$probe"; then
    expect no_flush FAIL "$scratch/no_flush/$probe"
fi
if mutant funnel_row_end chapters/10_elements/funnel_tile.cuh \
        "min(4, hi - (4 * j - d))" "min(4, hi + 1 - (4 * j - d))" &&
        built funnel_row_end chapter10; then
    expect funnel_row_end FAIL "$scratch/funnel_row_end/chapter10" --check --kernel u8_funnel
fi
if mutant rows4_lane31 chapters/10_elements/kernels.cu \
        "lane == 31 ? next : down" "down" &&
        built rows4_lane31 chapter10; then
    expect rows4_lane31 FAIL "$scratch/rows4_lane31/chapter10" --check --size 4x4103 \
        --kernel u8_rows4
fi
pc=$($MAKE -s --no-print-directory print-build-dir)/scripts/permute_case
if mutant shift_last_word chapters/11_batched/permute_nd.cu \
        "if (q < L + 4)" "if (q < L)" &&
        built shift_last_word "$pc"; then
    expect shift_last_word FAIL "$scratch/shift_last_word/$pc" --elem 1 --perm 1,0,2 \
        --size 3x5x1031 --check
fi
if mutant shift16_last_group chapters/11_batched/shift16.h \
        "if (q < L + 16)" "if (q < L)" &&
        built shift16_last_group "$pc"; then
    expect shift16_last_group FAIL "$scratch/shift16_last_group/$pc" --elem 1 --perm 1,0,2 \
        --size 3x4x4001 --check
fi
exit "$status"
