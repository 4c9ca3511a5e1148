/*
 * chapters/10_elements/staged_index.h - the whole per-thread body of
 * transpose_u8_staged and transpose_u16_staged (kernels.cu), apart from
 * the kernels so that tests/test_staged.c can run the very same code on
 * the CPU for every block and thread and check every access (no GPU
 * needed). A kernel is: st8_phase1 (or st16_phase1) for its thread,
 * __syncthreads(), st8_phase2 (or st16_phase2). The memory accesses go
 * through six macros: under nvcc this header defines them as the real
 * loads and stores; a C file that includes it defines them first (the
 * test's checked emulation).
 *
 *   ST_LDG16(p, w)        16-byte global load at p (16-byte aligned) into w[0..3]
 *   ST_LDG_ELEM(p, E)     one E-byte element (E = 1 or 2) at p
 *   ST_LDS(sh, i)         32-bit word i of the shared array
 *   ST_STS(sh, i, v)      ... stored
 *   ST_STG32(p, v)        32-bit global store at p (4-byte aligned)
 *   ST_STG_ELEM(p, v, E)  one E-byte element, the low bits of v
 *
 * THE DESIGN. The rows of a tile of an odd-width matrix start at any byte
 * of a word, on both sides: input row i's segment at byte address
 * in + E ((r0 + i) cols + c0), output row c's (input column c0 + c) at
 * out + E ((c0 + c) rows + r0). Both misalignments are handled without
 * single-element accesses except at the ragged ends:
 *
 * Input side: s_i = (address of row i's segment) & 15 varies per row.
 * Thread (i, M) owns bytes 16M .. 16M + 15 of that segment (a segment is
 * 64 bytes: 64 bytes or 32 two-byte elements; M = 0..3). It loads the two
 * aligned 16-byte chunks that hold them (chunk M and M + 1 of the aligned
 * span of the segment; the second only when s_i != 0), 8 words w[0..7],
 * and shifts them into place in registers: word j of the result is
 * __funnelshift_r(w[j + d], w[j + d + 1], 8 b), s_i = 4 d + b (st_realign).
 * A chunk that is not wholly inside the input buffer [in, in + total) is
 * gathered element by element instead, only the elements of the segment
 * (such a chunk holds one of the buffer's first or last 16 bytes).
 *
 * Output side: t = the element offset of an output row segment inside its
 * first aligned word. It depends only on the column modulo P = 4 / E
 * (elements per word): with k = c mod P, (c0 + c) rows = (c0 + k) rows +
 * (c - k) rows, and c - k is a multiple of 4, so t_k is one number per
 * block for each k (st_out_shift). So the shared memory holds P "planes",
 * one per k, and plane k keeps input row i at plane row i + t_k: then
 * aligned output word p of every column of class k is plane rows
 * P p .. P p + P - 1, the same rows for all of them.
 *
 * 1-byte (P = 4): plane k, row R, word m holds bytes v = 0..3 = columns
 * 16 m + 4 v + k of input row R - t_k. Thread (i, M) has columns
 * 16M .. 16M + 15 of row i in 4 words; a 4 x 4 byte transpose
 * (st_transpose4) makes word k = columns 16M + 4v + k: one 32-bit
 * shared store per plane. Phase 2, item (k, m, p): 4 shared loads (plane
 * rows 4p .. 4p + 3, word m), the 4 x 4 transpose again, and word v is
 * output word p of column 16m + 4v + k: 4 aligned 32-bit stores.
 * 2-byte (P = 2): plane k, row R, word m holds elements v = 0, 1 =
 * columns 4m + 2v + k; a 2 x 2 transpose (__byte_perm 0x5410 / 0x7632)
 * on each side, 2 shared loads and 2 stores per item.
 *
 * STRIDED MATRICES (written for chapter 11's permute_nd, which tried them
 * and went back to its one-element tiles: they were slower, chapter 11's
 * NOTES.md; chapter 10 uses st_dense, and the tests keep the general form
 * checked). The same
 * code takes a matrix that is part of larger buffers (st_geom): input
 * element (r, c) at in_off + r in_row + c, output element (c, r) at
 * out_off + c out_col + r (elements), rows and cols being the matrix's
 * extents; chapter 10's dense matrix is in_row = cols, out_col = rows,
 * offsets 0 (st_dense). Nothing above needs the pitches to be the
 * extents:
 *   - input: s_i is worked out per row from the row's byte address, so
 *     any in_row and in_off do; the "chunk wholly inside the input
 *     buffer" rule is checked against the whole input buffer (in_bytes,
 *     the problem's total bytes, not rows x cols): a chunk outside the
 *     matrix but inside the buffer is read, its bytes past the segment
 *     dropped by st_realign, and never stored;
 *   - output: column c's segment starts at byte out + E (out_off +
 *     (c0 + c) out_col + r0). With k = c mod P, (c - k) E out_col is a
 *     multiple of P E = 4 whatever out_col is, so the address modulo 4,
 *     hence t, still depends on k alone: the planes hold as before.
 *     st_out_shift adds out_off's low bits and uses out_col's.
 * tests/test_staged.c runs random strided problems (pitches above the
 * extents, offsets, both element sizes, every base misalignment) through
 * the same checks as the dense ones.
 *
 * Every global access is 16 bytes (loads) or 4 bytes (stores), every
 * shared access 4 bytes, except the elements at the ragged ends: an
 * output word that is not wholly inside its segment (the first and the
 * last of a column when t != 0, or at the matrix's last rows) is written
 * element by element, and only this tile's elements of it: the others
 * belong to the neighbouring tile's block.
 *
 * Bank conflicts, a hypothesis (the CPU test counts them under the usual
 * model, 32 banks of 4-byte words, one pass per distinct word in a bank,
 * for a full tile; not profiled): plane rows have a pitch of 5 words
 * (1-byte) and 12 words (2-byte), and the lanes of a warp are chosen so
 * that every warp-wide shared access touches 32 different banks: 1-byte
 * phase 1 lanes take rows 4 apart (bank 20 j + M), phase 2 lanes take 8
 * consecutive p (bank 20 p + m); 2-byte phase 1 lanes take 8 consecutive
 * rows and alternate the half word they store with the row's parity
 * (bank 12 j + 2M + (h ^ j & 1)), phase 2 lanes take 4 consecutive p
 * (bank 24 p + m).
 */
#ifndef CH10_STAGED_INDEX_H
#define CH10_STAGED_INDEX_H

#include <stddef.h>
#include <stdint.h>

#ifdef __CUDACC__
#define ST_DEV static __device__ __forceinline__
#define ST_UNROLL _Pragma("unroll")
#define ST_FUNNEL_R(lo, hi, sh) __funnelshift_r((lo), (hi), (sh))
#define ST_BYTE_PERM(x, y, s) __byte_perm((x), (y), (s))
#define ST_LDG16(p, dst)                                                \
    do {                                                                \
        uint4 v_ = __ldg((const uint4 *)(p));                           \
        (dst)[0] = v_.x;                                                \
        (dst)[1] = v_.y;                                                \
        (dst)[2] = v_.z;                                                \
        (dst)[3] = v_.w;                                                \
    } while (0)
#define ST_LDG_ELEM(p, E) \
    ((E) == 1 ? (uint32_t)__ldg((const uint8_t *)(p)) : (uint32_t)__ldg((const uint16_t *)(p)))
#define ST_LDS(sh, i) ((sh)[i])
#define ST_STS(sh, i, v) ((sh)[i] = (v))
#define ST_STG32(p, v) (*(uint32_t *)(p) = (v))
#define ST_STG_ELEM(p, v, E)                 \
    do {                                     \
        if ((E) == 1)                        \
            *(uint8_t *)(p) = (uint8_t)(v);  \
        else                                 \
            *(uint16_t *)(p) = (uint16_t)(v); \
    } while (0)
#else
#define ST_DEV static inline
#define ST_UNROLL
/* The two intrinsics, as the CUDA documentation defines them. */
#include "funnel_r_host.h"
static inline uint32_t st_byte_perm_host(uint32_t x, uint32_t y, uint32_t s)
{
    uint64_t v = (uint64_t)x | (uint64_t)y << 32;
    uint32_t r = 0;
    int n;
    for (n = 0; n < 4; n++)
        r |= (uint32_t)((v >> (8 * ((s >> (4 * n)) & 7))) & 0xff) << (8 * n);
    return r;
}
#define ST_FUNNEL_R(lo, hi, sh) funnel_r_host((lo), (hi), (sh))
#define ST_BYTE_PERM(x, y, s) st_byte_perm_host((x), (y), (s))
#if !defined(ST_LDG16) || !defined(ST_LDG_ELEM) || !defined(ST_LDS) || !defined(ST_STS) || \
    !defined(ST_STG32) || !defined(ST_STG_ELEM)
#error "define the six memory macros (ST_LDG16 ...) before including staged_index.h"
#endif
#endif

#define ST_THREADS 256     /* both kernels: 8 warps                             */
#define ST_TILE_ROWS 64    /* input rows per tile, both kernels                 */
#define ST_SEG_BYTES 64    /* bytes of an input row segment: 4 groups of 16     */

/* 1-byte: 64 x 64 bytes; 4 planes of 68 rows (64 + a shift of up to 3,
 * rounded up to 17 output words of 4) x 5 words (4 used). */
#define ST8_COLS 64
#define ST8_PITCH 5
#define ST8_PLANE_ROWS 68
#define ST8_PLANE (ST8_PLANE_ROWS * ST8_PITCH)       /* 340 words            */
#define ST8_SHARED_WORDS (4 * ST8_PLANE)             /* 1360 words, 5440 B   */
#define ST8_OUT_WORDS 17                             /* p = 0..16            */
#define ST8_ITEMS (4 * 4 * ST8_OUT_WORDS)            /* (k, m, p): 272       */

/* 2-byte: 64 rows x 32 columns (64 bytes a row, as the 1-byte tile); 2
 * planes of 66 rows (64 + a shift of up to 1, rounded up to 33 output
 * words of 2) x 12 words (8 used). */
#define ST16_COLS 32
#define ST16_PITCH 12
#define ST16_PLANE_ROWS 66
#define ST16_PLANE (ST16_PLANE_ROWS * ST16_PITCH)    /* 792 words            */
#define ST16_SHARED_WORDS (2 * ST16_PLANE)           /* 1584 words, 6336 B   */
#define ST16_OUT_WORDS 33                            /* p = 0..32            */
#define ST16_ITEMS (2 * 8 * ST16_OUT_WORDS)          /* (k, m, p): 528       */

ST_DEV int st_min(int a, int b) { return a < b ? a : b; }

/* Where the matrix lies in its buffers, in elements (see STRIDED
 * MATRICES above): input element (r, c) at in_off + r in_row + c, output
 * element (c, r) at out_off + c out_col + r, for r < rows and c < cols. */
typedef struct {
    int rows, cols;             /* the matrix's extents                       */
    int64_t in_row, out_col;    /* the row pitches: >= cols and >= rows       */
    int64_t in_off, out_off;    /* the matrix's first element on each side    */
    int64_t in_bytes;           /* the whole input buffer: a 16-byte chunk is
                                   loaded only when wholly inside it          */
} st_geom;

/* Chapter 10's dense matrix: pitches cols and rows, offsets 0, the input
 * buffer rows x cols elements of E bytes. */
ST_DEV st_geom st_dense(int rows, int cols, int E)
{
    st_geom g;
    g.rows = rows;
    g.cols = cols;
    g.in_row = cols;
    g.out_col = rows;
    g.in_off = g.out_off = 0;
    g.in_bytes = (int64_t)E * rows * cols;
    return g;
}

/* t_k: the offset, in elements, of the output row segment of column col
 * (c0 + k) inside its first aligned 32-bit word: the byte address
 * out + E (out_off + col out_col + r0), modulo 4, over E. Needs out
 * E-byte aligned. Only the low 2 bits of each term matter. */
ST_DEV int st_out_shift(const void *out, const st_geom *g, int r0, int col, int E)
{
    uint32_t a = (uint32_t)((uintptr_t)out & 3) +
                 (uint32_t)E * ((uint32_t)(g->out_off & 3) +
                                (uint32_t)(col & 3) * (uint32_t)(g->out_col & 3) +
                                (uint32_t)(r0 & 3));
    return (int)((a & 3) / (uint32_t)E);
}

/* Keeps 16 of the 32 bytes of w[0..7] (little-endian), from byte s on
 * (0 <= s <= 15): y[j] = bytes s + 4j .. s + 4j + 3. */
ST_DEV void st_realign(uint32_t w[8], int s, uint32_t y[4])
{
    int j;
    if (s & 8) {
        ST_UNROLL
        for (j = 0; j < 6; j++)
            w[j] = w[j + 2];
    }
    if (s & 4) {
        ST_UNROLL
        for (j = 0; j < 5; j++)
            w[j] = w[j + 1];
    }
    ST_UNROLL
    for (j = 0; j < 4; j++)
        y[j] = ST_FUNNEL_R(w[j], w[j + 1], 8u * (uint32_t)(s & 3));
}

/* x[0..3], 4 rows of a 4 x 4 block of bytes (byte v of x[t]: column v of
 * row t), become its columns (byte t of x[v]: row t of column v): the
 * selectors of transpose_4x4_bytes in funnel_tile.cuh. */
ST_DEV void st_transpose4(uint32_t x[4])
{
    uint32_t t0 = ST_BYTE_PERM(x[0], x[1], 0x5140);
    uint32_t t1 = ST_BYTE_PERM(x[2], x[3], 0x5140);
    uint32_t t2 = ST_BYTE_PERM(x[0], x[1], 0x7362);
    uint32_t t3 = ST_BYTE_PERM(x[2], x[3], 0x7362);
    x[0] = ST_BYTE_PERM(t0, t1, 0x5410);
    x[1] = ST_BYTE_PERM(t0, t1, 0x7632);
    x[2] = ST_BYTE_PERM(t2, t3, 0x5410);
    x[3] = ST_BYTE_PERM(t2, t3, 0x7632);
}

/* Bytes 16M .. 16M + 15 of an input row segment of nb bytes at byte
 * offset b0 of in (total bytes in all), into y[0..3] (bytes past the
 * segment: anything, or zero). Call only when 16M < nb. */
ST_DEV void st_load_group(const uint8_t *in, int64_t total, int64_t b0, int nb, int M, int E,
                          uint32_t y[4])
{
    int s = (int)(((uintptr_t)in + (uint64_t)b0) & 15), h, q;
    uint32_t w[8];
    ST_UNROLL
    for (h = 0; h < 2; h++) {
        /* Chunk M + h of the segment's aligned span, at offset r of in,
         * holds segment bytes 16(M + h) - s .. 16(M + h) - s + 15. Needed
         * when one of them is in the segment; the second only when
         * s != 0 (else y is chunk M alone). */
        int64_t r = b0 - s + 16 * (M + h);
        w[4 * h] = w[4 * h + 1] = w[4 * h + 2] = w[4 * h + 3] = 0;
        if (16 * (M + h) < s + nb && (h == 0 || s != 0)) {
            if (r >= 0 && r + 16 <= total) {
                ST_LDG16(in + r, &w[4 * h]);
            } else {
                /* at the buffer's ends: the segment's elements only */
                ST_UNROLL
                for (q = 0; q < 16; q += E)
                    if (r + q >= b0 && r + q < b0 + nb)
                        w[4 * h + q / 4] |= ST_LDG_ELEM(in + r + q, E) << (8 * (q & 3));
            }
        }
    }
    st_realign(w, s, y);
}

/* Stores word v, elements i0 .. i0 + P - 1 of an output row segment of
 * n_rows elements at byte offset f of out: one aligned 32-bit store when
 * all are inside the segment, else element by element, only those inside
 * (the others are another tile's). */
ST_DEV void st_store_word(uint8_t *out, int64_t f, int i0, int n_rows, uint32_t v, int E)
{
    int P = 4 / E, b;
    if (i0 >= 0 && i0 + P <= n_rows) {
        ST_STG32(out + f + (int64_t)i0 * E, v);
        return;
    }
    for (b = 0; b < P; b++)
        if (i0 + b >= 0 && i0 + b < n_rows)
            ST_STG_ELEM(out + f + (int64_t)(i0 + b) * E, v >> (8 * E * b), E);
}

/* ---- 1-byte elements: transpose_u8_staged ------------------------------- */

ST_DEV int st8_word(int k, int R, int m) { return k * ST8_PLANE + R * ST8_PITCH + m; }

/* Phase 1, thread tid: warp w, lane l takes row i = (w & 3) + 4 j,
 * j = (l >> 2) + 8 (w >> 2), bytes 16M .. 16M + 15 with M = l & 3. */
ST_DEV void st8_thread_rows(int tid, int *i, int *M)
{
    int w = tid >> 5, l = tid & 31;
    *M = l & 3;
    *i = (w & 3) + 4 * ((l >> 2) + 8 * (w >> 2));
}

ST_DEV void st8_phase1(const uint8_t *in, uint32_t *sh, const void *out, const st_geom *g,
                       int r0, int c0, int tid)
{
    int n_rows = st_min(ST_TILE_ROWS, g->rows - r0), n_cols = st_min(ST8_COLS, g->cols - c0);
    int i, M, k;
    uint32_t y[4] = { 0, 0, 0, 0 };
    st8_thread_rows(tid, &i, &M);
    if (i >= n_rows)
        return;
    if (16 * M < n_cols)
        st_load_group(in, g->in_bytes, g->in_off + (int64_t)(r0 + i) * g->in_row + c0, n_cols,
                      M, 1, y);
    st_transpose4(y);   /* y[k]: columns 16M + 4v + k, v = 0..3 */
    ST_UNROLL
    for (k = 0; k < 4; k++)
        ST_STS(sh, st8_word(k, i + st_out_shift(out, g, r0, c0 + k, 1), M), y[k]);
}

/* Phase 2, item it (0 .. ST8_ITEMS - 1): (k, m, p). Items 0..255 are 8
 * warps of (k = w & 3, p = 8 (w >> 2) + (l >> 2), m = l & 3); items
 * 256..271 are p = 16, the words that hold only the last t_k rows. */
ST_DEV void st8_item(int it, int *k, int *m, int *p)
{
    if (it < ST_THREADS) {
        int w = it >> 5, l = it & 31;
        *k = w & 3;
        *p = 8 * (w >> 2) + (l >> 2);
        *m = l & 3;
    } else {
        int j = it - ST_THREADS;
        *k = j >> 2;
        *p = 16;
        *m = j & 3;
    }
}

ST_DEV void st8_phase2(const uint32_t *sh, uint8_t *out, const st_geom *g, int r0, int c0,
                       int tid)
{
    int n_rows = st_min(ST_TILE_ROWS, g->rows - r0), n_cols = st_min(ST8_COLS, g->cols - c0);
    int it, b, v;
    for (it = tid; it < ST8_ITEMS; it += ST_THREADS) {
        int k, m, p, t;
        uint32_t x[4];
        st8_item(it, &k, &m, &p);
        if (16 * m + k >= n_cols)
            continue;
        t = st_out_shift(out, g, r0, c0 + k, 1);
        ST_UNROLL
        for (b = 0; b < 4; b++)
            x[b] = ST_LDS(sh, st8_word(k, 4 * p + b, m));
        st_transpose4(x);   /* x[v]: rows 4p - t .. 4p - t + 3 of column 16m + 4v + k */
        ST_UNROLL
        for (v = 0; v < 4; v++) {
            int c = 16 * m + 4 * v + k;
            if (c < n_cols)
                st_store_word(out, g->out_off + (int64_t)(c0 + c) * g->out_col + r0, 4 * p - t,
                              n_rows, x[v], 1);
        }
    }
}

/* ---- 2-byte elements: transpose_u16_staged ------------------------------ */

ST_DEV int st16_word(int k, int R, int m) { return k * ST16_PLANE + R * ST16_PITCH + m; }

/* Phase 1, thread tid: warp w, lane l takes row i = 8w + (l >> 2), bytes
 * 16M .. 16M + 15 (elements 8M .. 8M + 7) with M = l & 3. */
ST_DEV void st16_thread_rows(int tid, int *i, int *M)
{
    *M = tid & 3;
    *i = tid >> 2;
}

ST_DEV void st16_phase1(const uint8_t *in, uint32_t *sh, const void *out, const st_geom *g,
                        int r0, int c0, int tid)
{
    int n_rows = st_min(ST_TILE_ROWS, g->rows - r0), n_cols = st_min(ST16_COLS, g->cols - c0);
    int i, M, s;
    uint32_t y[4] = { 0, 0, 0, 0 };
    st16_thread_rows(tid, &i, &M);
    if (i >= n_rows)
        return;
    if (8 * M < n_cols)
        st_load_group(in, g->in_bytes, 2 * (g->in_off + (int64_t)(r0 + i) * g->in_row + c0),
                      2 * n_cols, M, 2, y);
    /* Plane k, word 2M + h: elements k of y[2h] and y[2h + 1] (columns
     * 8M + 4h + k and 8M + 4h + 2 + k). Store s writes plane k = s >> 1
     * and h = (s & 1) ^ (i & 1): neighbouring rows of a warp alternate. */
    ST_UNROLL
    for (s = 0; s < 4; s++) {
        int k = s >> 1, h = (s & 1) ^ (i & 1);
        uint32_t a = h ? y[2] : y[0], b = h ? y[3] : y[1];
        ST_STS(sh, st16_word(k, i + st_out_shift(out, g, r0, c0 + k, 2), 2 * M + h),
               ST_BYTE_PERM(a, b, k ? 0x7632 : 0x5410));
    }
}

/* Phase 2, item it (0 .. ST16_ITEMS - 1): (k, m, p). Items 0..511 are 16
 * warps of (k = W & 1, p = 4 (W >> 1) + (l >> 3), m = l & 7), W = it / 32;
 * items 512..527 are p = 32, the words that hold only the last row. */
ST_DEV void st16_item(int it, int *k, int *m, int *p)
{
    if (it < 2 * ST_THREADS) {
        int W = it >> 5, l = it & 31;
        *k = W & 1;
        *p = 4 * (W >> 1) + (l >> 3);
        *m = l & 7;
    } else {
        int j = it - 2 * ST_THREADS;
        *k = j >> 3;
        *p = 32;
        *m = j & 7;
    }
}

ST_DEV void st16_phase2(const uint32_t *sh, uint8_t *out, const st_geom *g, int r0, int c0,
                        int tid)
{
    int n_rows = st_min(ST_TILE_ROWS, g->rows - r0), n_cols = st_min(ST16_COLS, g->cols - c0);
    int it;
    for (it = tid; it < ST16_ITEMS; it += ST_THREADS) {
        int k, m, p, t, c;
        uint32_t x0, x1;
        st16_item(it, &k, &m, &p);
        if (4 * m + k >= n_cols)
            continue;
        t = st_out_shift(out, g, r0, c0 + k, 2);
        x0 = ST_LDS(sh, st16_word(k, 2 * p, m));
        x1 = ST_LDS(sh, st16_word(k, 2 * p + 1, m));
        /* elements v of x0, x1: rows 2p - t, 2p - t + 1 of column 4m + 2v + k */
        c = 4 * m + k;
        st_store_word(out, 2 * (g->out_off + (int64_t)(c0 + c) * g->out_col + r0), 2 * p - t,
                      n_rows, ST_BYTE_PERM(x0, x1, 0x5410), 2);
        c += 2;
        if (c < n_cols)
            st_store_word(out, 2 * (g->out_off + (int64_t)(c0 + c) * g->out_col + r0),
                          2 * p - t, n_rows, ST_BYTE_PERM(x0, x1, 0x7632), 2);
    }
}

#endif
