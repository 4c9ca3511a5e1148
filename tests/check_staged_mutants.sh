#!/usr/bin/env bash
# tests/check_staged_mutants.sh - tests/test_staged.c, on purpose given a
# broken chapters/10_elements/staged_index.h, must fail (no GPU needed).
#
#   bash tests/check_staged_mutants.sh      (tests/run.sh runs it in `make test`)
#
# A check that cannot fail proves nothing. Each case copies the header with
# one line changed (the old text must be exactly one line of it), builds
# the test against the copy with ${CC:-cc} and runs it with --quick (every
# case but the two large shapes); the case passes when the test reports a
# FAIL and exits non-zero. Two changes were tried and are NOT here because
# they change nothing (equivalent mutants): dropping `r0 & 3` from
# st_out_shift (r0 is a multiple of 64), and loosening the caller's
# `16 * M < n_cols` in st8_phase1 (st_load_group checks each chunk against
# the segment itself). The last eight break the strided arithmetic that
# staged_index.h's general form holds (pitches, offsets, the whole input
# buffer's size); chapter 10's dense cases cannot see them.
# One line per case: PASS or FAIL; exit status 1 if any FAIL.
set -u
cd "$(dirname "$0")/.." || exit 1
CC=${CC:-cc}
header=chapters/10_elements/staged_index.h
if ! command -v "$CC" > /dev/null 2>&1; then
    echo "SKIP  staged mutants: $CC not found"
    exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
status=0
mkdir -p "$tmp/tests" "$tmp/chapters/10_elements"
cp tests/test_staged.c tests/unit.h "$tmp/tests/"
cp chapters/10_elements/funnel_r_host.h "$tmp/chapters/10_elements/"   # staged_index.h includes it

mutant() {   # name, old line (exact text), new text
    local name=$1 old=$2 new=$3 text out
    if [ "$(grep -cF -- "$old" "$header")" -ne 1 ]; then
        status=1
        echo "FAIL  staged mutant: $name: '$old' is not one line of $header (out of date?)"
        return
    fi
    text=$(< "$header")
    printf '%s\n' "${text/"$old"/"$new"}" > "$tmp/chapters/10_elements/staged_index.h"
    if ! "$CC" -std=c11 -O2 -Icommon -o "$tmp/t" "$tmp/tests/test_staged.c" 2> "$tmp/err"; then
        status=1
        echo "FAIL  staged mutant: $name: does not compile: $(head -n 1 "$tmp/err")"
        return
    fi
    if out=$("$tmp/t" --quick 2>&1); then
        status=1
        echo "FAIL  staged mutant: $name: tests/test_staged.c still passes"
    elif grep -q '^FAIL' <<< "$out"; then
        echo "PASS  staged mutant: $name: $(grep -c '^FAIL' <<< "$out") test(s) fail"
    else
        status=1
        echo "FAIL  staged mutant: $name: the test exited non-zero without a FAIL line"
    fi
}

mutant "realign: bit shift off by one byte" \
    '8u * (uint32_t)(s & 3)' '8u * (uint32_t)((s + 1) & 3)'
mutant "realign: word shift on the wrong bit of s" \
    'if (s & 4) {' 'if (s & 2) {'
mutant "a 16-byte load reaching 4 bytes past the input" \
    'if (r >= 0 && r + 16 <= total) {' 'if (r >= 0 && r + 12 <= total) {'
mutant "a 16-byte load starting before the input" \
    'if (r >= 0 && r + 16 <= total) {' 'if (r >= -4 && r + 16 <= total) {'
mutant "the second chunk never loaded" \
    '(h == 0 || s != 0)' '(h == 0)'
mutant "the edge gather reads one element past the segment" \
    'r + q < b0 + nb)' 'r + q <= b0 + nb)'
mutant "a whole output word one element past the segment" \
    'if (i0 >= 0 && i0 + P <= n_rows) {' 'if (i0 >= 0 && i0 + P <= n_rows + 1) {'
mutant "a whole output word one element before the segment" \
    'if (i0 >= 0 && i0 + P <= n_rows) {' 'if (i0 >= -1 && i0 + P <= n_rows) {'
mutant "a ragged end writes the next tile's first element" \
    'if (i0 + b >= 0 && i0 + b < n_rows)' 'if (i0 + b >= 0 && i0 + b <= n_rows)'
mutant "the output shift ignores the buffer's address" \
    '(uint32_t)((uintptr_t)out & 3) +' '0u +'
mutant "u8: plane rows placed by column c0, not c0 + k" \
    'ST_STS(sh, st8_word(k, i + st_out_shift(out, g, r0, c0 + k, 1), M), y[k]);' \
    'ST_STS(sh, st8_word(k, i + st_out_shift(out, g, r0, c0, 1), M), y[k]);'
mutant "u8: phase 1 misses rows" \
    '*i = (w & 3) + 4 * ((l >> 2) + 8 * (w >> 2));' '*i = (w & 3) + 4 * ((l >> 2) + 7 * (w >> 2));'
mutant "u8: phase 2 output column without k" \
    'int c = 16 * m + 4 * v + k;' 'int c = 16 * m + 4 * v;'
mutant "u8: the last output word (p = 16) never stored" \
    '#define ST8_ITEMS (4 * 4 * ST8_OUT_WORDS)' '#define ST8_ITEMS 256'
mutant "u8: two threads store one shared word" \
    'ST_DEV int st8_word(int k, int R, int m) { return k * ST8_PLANE + R * ST8_PITCH + m; }' \
    'ST_DEV int st8_word(int k, int R, int m) { return k * ST8_PLANE + R * ST8_PITCH + (m & 2); }'
mutant "u8: plane pitch 4 (bank conflicts, still correct)" \
    '#define ST8_PITCH 5' '#define ST8_PITCH 4'
mutant "u16: the last output word (p = 32) never stored" \
    '#define ST16_ITEMS (2 * 8 * ST16_OUT_WORDS)' '#define ST16_ITEMS 512'
mutant "u16: phase 2 reads the wrong plane word" \
    'x1 = ST_LDS(sh, st16_word(k, 2 * p + 1, m));' 'x1 = ST_LDS(sh, st16_word(k, 2 * p + 1, m ^ 1));'
mutant "u16: no parity swap of the half words (bank conflicts, still correct)" \
    'int k = s >> 1, h = (s & 1) ^ (i & 1);' 'int k = s >> 1, h = (s & 1);'
mutant "u16: a plane one row short" \
    '#define ST16_PLANE_ROWS 66' '#define ST16_PLANE_ROWS 65'
# The strided arithmetic (st_geom): the dense
# cases cannot see these (pitches = extents, offsets 0); test_staged.c's
# strided cases must.
mutant "strided: the output shift ignores out_off" \
    '(uint32_t)E * ((uint32_t)(g->out_off & 3) +' '(uint32_t)E * (0u +'
mutant "strided: the output shift uses rows for out_col (the dense formula)" \
    '(uint32_t)(col & 3) * (uint32_t)(g->out_col & 3) +' \
    '(uint32_t)(col & 3) * (uint32_t)(g->rows & 3) +'
mutant "strided: u8 input rows cols apart, not in_row" \
    'st_load_group(in, g->in_bytes, g->in_off + (int64_t)(r0 + i) * g->in_row + c0, n_cols,' \
    'st_load_group(in, g->in_bytes, g->in_off + (int64_t)(r0 + i) * g->cols + c0, n_cols,'
mutant "strided: u16 input without in_off" \
    'st_load_group(in, g->in_bytes, 2 * (g->in_off + (int64_t)(r0 + i) * g->in_row + c0),' \
    'st_load_group(in, g->in_bytes, 2 * ((int64_t)(r0 + i) * g->in_row + c0),'
mutant "strided: u8 output columns rows apart, not out_col" \
    'st_store_word(out, g->out_off + (int64_t)(c0 + c) * g->out_col + r0, 4 * p - t,' \
    'st_store_word(out, g->out_off + (int64_t)(c0 + c) * g->rows + r0, 4 * p - t,'
mutant "strided: u16 first output word without out_off" \
    'st_store_word(out, 2 * (g->out_off + (int64_t)(c0 + c) * g->out_col + r0), 2 * p - t,' \
    'st_store_word(out, 2 * ((int64_t)(c0 + c) * g->out_col + r0), 2 * p - t,'
mutant "strided: u8 chunk rule against the matrix's bytes, not the buffer's" \
    'st_load_group(in, g->in_bytes, g->in_off + (int64_t)(r0 + i) * g->in_row + c0, n_cols,' \
    'st_load_group(in, (int64_t)g->rows * g->cols, g->in_off + (int64_t)(r0 + i) * g->in_row + c0, n_cols,'
mutant "strided: u16 chunk rule 16 bytes past the buffer" \
    'st_load_group(in, g->in_bytes, 2 * (g->in_off + (int64_t)(r0 + i) * g->in_row + c0),' \
    'st_load_group(in, g->in_bytes + 16, 2 * (g->in_off + (int64_t)(r0 + i) * g->in_row + c0),'
exit $status
