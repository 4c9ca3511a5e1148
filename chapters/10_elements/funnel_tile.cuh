/*
 * chapters/10_elements/funnel_tile.cuh - one tile of 1 or 2-byte elements,
 * moved in 32-bit words on both sides, whatever the shape: the body of
 * chapter 10's transpose_u8_funnel and transpose_u16_funnel, and of
 * chapter 11's permute_nd_funnel (which gives it strides and offsets).
 *
 * Why: on odd sides the one-element tiles store one element per thread
 * access, so a warp store covers 32 or 64 bytes, and an output row's
 * segment of a 64 x 64 byte tile is 64 bytes that start anywhere in a
 * 32-byte sector, its first and last sector written in part (chapter 9's
 * lever 4 is about such sectors). Here every access is a 32-bit word, and
 * a warp's store is 128 bytes of one output row in four whole sectors.
 *
 * Elements of E bytes, P = 4 / E of them in a word. A tile is S rows by
 * 31 P columns of the input, S E = FUNNEL_SEG(E) bytes: 128 x 124 bytes
 * for bytes, 256 x 124 bytes (128 x 62 elements) for 2-byte elements;
 * 256 threads, 8 warps. It also loads the H = 8 P rows above (32 bytes of
 * each column), for the stores' lever 4 below.
 *
 * Loads. Row i of the tile starts b_i bytes into an aligned word. Lane l
 * of a warp loads the aligned word l of the row and funnel-shifts it with
 * its right neighbour's (a warp shuffle) by b_i bytes: the result is the
 * tile's elements P l .. P l + P - 1 of row i, for l = 0 .. 30 (lane 31's
 * word only completes lane 30's, which is why a tile is 31 P columns
 * wide). A thread loads P rows of each of its groups (5 for bytes, 9 for
 * 2-byte elements), 5 groups at a time, every load of those 5 issued
 * before the first shuffle (20 words in flight for bytes, 10 for 2-byte
 * elements).
 *
 * Shared memory. The words of P neighbouring rows at the same columns
 * form a P x P block, transposed in registers with __byte_perm: word k is
 * then column P l + k of those P rows, stored as word G (the group of
 * rows, 0 .. FUNNEL_GROUPS(E) - 1 from the top of the H extra rows: 40 or
 * 72) of shared row c = P l + k. Shared row c is tile column c, that is,
 * one output row. Word G goes to position G ^ (c / P) (an XOR swizzle;
 * c / P < 32 changes only G's low five bits, so a row of 40 words fits in
 * 64, one of 72 in 96): in the load phase lane l writes rows P l + k at
 * position G ^ l, bank G ^ l, so the 32 lanes hit 32 banks (without it,
 * all on bank G); in the store phase a warp reads 32 consecutive words of
 * one row, G ^ (c / P) again on 32 banks.
 *
 * Stores: chapter 9's lever 4. Output row c's segment, tile rows 0 ..
 * S - 1, starts d bytes into a 32-byte sector. The lanes store the
 * aligned words of the S E / 4-word window that starts at that sector's
 * boundary, d bytes before tile row 0 (lane l: words l and, for 2-byte
 * elements, l + 32): its bytes are tile rows from -d / E on, in shared
 * memory thanks to the H extra rows, funnel-shifted out of two shared
 * words. The windows of the tiles down a column follow each other, S E
 * bytes apart, so every output byte is in exactly one, and every sector is
 * written whole by one warp store. Only at a row's two ends is a word
 * stored in part, in at most three stores (a byte, a 16-bit half, a
 * byte). The price: H more rows loaded than stored (25% for bytes, 12.5%
 * for 2-byte elements; they are also the rows of the tile above, often
 * still in L2).
 *
 * Why 256 bytes for 2-byte elements: Nsight Compute on the H200 (chapter
 * 10's NOTES.md, "Taller funnel tiles for 2-byte elements") counted the
 * 128-byte tile's L2 read sectors at 1.57 times the matrix (the H rows,
 * and 5 sectors for most 128-byte row pieces that start mid-sector), and
 * its time followed its L2 sectors as the copy's and the packed tile's
 * did. The taller tile loads 12.5% extra rows instead of 25%; for bytes
 * it measured 2 to 8 points slower (not profiled), so bytes keep 128.
 */
#ifndef CH10_FUNNEL_TILE_CUH
#define CH10_FUNNEL_TILE_CUH

#include <stdint.h>
#include "split_walk.h"   /* a split side, walked with adds */

#define FUNNEL_THREADS 256
#define FUNNEL_SEG(E) ((E) == 1 ? 128 : 256)       /* bytes of an output row a tile stores */
#define FUNNEL_GROUPS(E) ((32 + FUNNEL_SEG(E)) / 4) /* words of a shared row (H + S rows) */
#define FUNNEL_ROWS(E) (FUNNEL_SEG(E) / (E))       /* a tile's rows, in elements of E bytes */
#define FUNNEL_COLS(E) (124 / (E))                 /* ... and its columns                   */
/* Where the dispatchers (chapters 10 and 11) take the funnel tiles for an
 * n_rows x n_cols matrix of E-byte elements (output rows of n_rows):
 * 1. both sides at least 256, and output rows that start mid-sector
 *    (lever 4's case) or are at least 4096 bytes long. Measured on an
 *    H100 (chapter 10's NOTES.md, "The funnel tiles"): the 64 x 64
 *    one-element tiles were faster at 256 x 50001 and 512 x 30001, whose
 *    output rows are whole sectors; the funnel tiles were faster on every
 *    odd shape with both sides from 312 up (but one, 0.3 behind), and
 *    than the one-element tiles at 8192 x 8192. The 4096 between 512 and
 *    8192 is a guess, not measured.
 * 2. or output rows of at least 4096 bytes that start mid-sector, and at
 *    least FUNNEL_MIN_COLS(E) columns: 64 of bytes, 48 of 2-byte
 *    elements. Measured on an H100 on 2-D matrices of 110-200 MB with
 *    one side of 24 to 400 elements, drawn at random (chapter 10's
 *    NOTES.md, "Funnel tiles on a short side, in inputs larger than the
 *    L2"): with output rows of 198645 elements and more, from 96 columns
 *    of bytes and 55 of 2-byte elements up the funnel tiles led every
 *    other tile by 9 to 34 points; at 58 and 71 columns of bytes they
 *    were within 1 point of the best, at 51 and fewer 7 to 20 points
 *    behind; at 39 columns of 2-byte elements 4.4 behind. Output rows
 *    between 4096 bytes and those lengths are not measured points. The
 *    first rule's shapes of 128 columns had fit in the L2. */
#define FUNNEL_MIN_COLS(E) ((E) == 1 ? 64 : 48)
#define FUNNEL_FITS(n_rows, n_cols, E)                                                   \
    (((n_rows) >= 256 && (n_cols) >= 256 &&                                              \
      ((n_rows) * (E) % 32 != 0 || (n_rows) * (E) >= 4096)) ||                          \
     ((n_rows) * (E) >= 4096 && (n_rows) * (E) % 32 != 0 &&                              \
      (n_cols) >= FUNNEL_MIN_COLS(E)))

/* Shared memory of one tile: a row of FUNNEL_GROUPS(E) words per tile
 * column (tile rows -H .. S - 1), placed in FUNNEL_WORDS_COLS(E) by the
 * XOR swizzle; 124 columns of bytes, 62 of 2-byte elements. A kernel
 * declares uint32_t words[FUNNEL_WORDS_ROWS(E)][FUNNEL_WORDS_COLS(E)]
 * (31 KB for bytes, 23.25 KB for 2-byte elements) and passes words[0]. */
#define FUNNEL_WORDS_ROWS(E) (124 / (E))
#define FUNNEL_WORDS_COLS(E) (FUNNEL_GROUPS(E) <= 64 ? 64 : 96)
typedef uint32_t *funnel_words;   /* words[FUNNEL_WORDS_ROWS(E)][FUNNEL_WORDS_COLS(E)], flat */

/* The aligned 32-bit word at byte a of in, where the input is `bytes`
 * long: a word that starts before the input's first byte or ends past its
 * last is read a byte at a time, the bytes outside it 0. */
static __device__ __forceinline__ uint32_t funnel_load(const uint8_t *__restrict__ in, int64_t a,
                                                       int64_t bytes)
{
    uint32_t v = 0;
    if (a >= 0 && a + 4 <= bytes)
        return *(const uint32_t *)(in + a);
    for (int u = 0; u < 4; u++)
        if (a + u >= 0 && a + u < bytes)
            v |= (uint32_t)in[a + u] << (8 * u);
    return v;
}

/* Bytes from .. to - 1 of word v stored at the aligned word p: the whole
 * word in one store, else in at most three (a byte, a 16-bit half, a byte;
 * a 2-byte element's bytes always go together). */
static __device__ __forceinline__ void funnel_store(uint8_t *p, uint32_t v, int from, int to)
{
    if (from == 0 && to == 4) {
        *(uint32_t *)p = v;
        return;
    }
    if (from < to && (from & 1)) {
        p[from] = (uint8_t)(v >> (8 * from));
        from++;
    }
    if (to - from >= 2) {
        *(uint16_t *)(p + from) = (uint16_t)(v >> (8 * from));
        from += 2;
    }
    if (from < to)
        p[from] = (uint8_t)(v >> (8 * from));
}

/* x[0..3] are 4 rows of a 4 x 4 block of bytes, byte k of x[t] being
 * column k of row t (little-endian). Afterwards x[k] holds column k:
 * byte t of x[k] is row t. Two rounds of __byte_perm: first interleave
 * the bytes of rows 0, 1 and of rows 2, 3, then take 16-bit halves. */
static __device__ __forceinline__ void transpose_4x4_bytes(uint32_t x[4])
{
    uint32_t t0 = __byte_perm(x[0], x[1], 0x5140);   /* x0.b0 x1.b0 x0.b1 x1.b1 */
    uint32_t t1 = __byte_perm(x[2], x[3], 0x5140);   /* x2.b0 x3.b0 x2.b1 x3.b1 */
    uint32_t t2 = __byte_perm(x[0], x[1], 0x7362);   /* x0.b2 x1.b2 x0.b3 x1.b3 */
    uint32_t t3 = __byte_perm(x[2], x[3], 0x7362);   /* x2.b2 x3.b2 x2.b3 x3.b3 */
    x[0] = __byte_perm(t0, t1, 0x5410);              /* x0.b0 x1.b0 x2.b0 x3.b0 */
    x[1] = __byte_perm(t0, t1, 0x7632);              /* x0.b1 x1.b1 x2.b1 x3.b1 */
    x[2] = __byte_perm(t2, t3, 0x5410);              /* x0.b2 x1.b2 x2.b2 x3.b2 */
    x[3] = __byte_perm(t2, t3, 0x7632);              /* x0.b3 x1.b3 x2.b3 x3.b3 */
}

/* The P x P block of x[0..P-1] (word t: P elements of row t) transposed:
 * word k becomes column k (element t of it: row t). */
static __device__ __forceinline__ void funnel_transpose_block(uint32_t x[4], int E)
{
    if (E == 1) {
        transpose_4x4_bytes(x);
    } else {        /* low halves, then high halves */
        uint32_t lo = __byte_perm(x[0], x[1], 0x5410), hi = __byte_perm(x[0], x[1], 0x7632);
        x[0] = lo;
        x[1] = hi;
    }
}

/* Where a tile's elements are, in elements: input element (r, c) of the
 * matrix is element in_off + row_in(r) + c of in, output element (c, r)
 * is out_off + col_out(c) + r of out, row_in(r) = r * in_row and
 * col_out(c) = c * out_col, except where a side is split over two axes
 * (chapter 11's plans; problem.h): rows_lo > 0 makes row_in(r) =
 * r / rows_lo * in_row_hi + r % rows_lo * in_row, cols_lo > 0 the same for
 * col_out with out_col_hi. (r0, c0): the tile's first element. */
typedef struct {
    int64_t in_off, in_row, rows_lo, in_row_hi;
    int64_t out_off, out_col, cols_lo, out_col_hi;
    int64_t r0, c0;
} funnel_geom;

/* The tile's work. Tile rows rho = -H .. S - 1 (H = 32 / E, S = 32 P) are
 * loaded, tile columns c = 0 .. 31 P - 1 stored. lo, hi: the bytes of an
 * output row's segment that lie inside the matrix, relative to tile row 0
 * (lo = max(-32, -r0 E), hi = min(128, (n_rows - r0) E)); n_cols_b: the
 * bytes of an input row that are the tile's columns, n_cols those
 * columns; bytes: the input's length. EDGE 0: every load and store whole
 * and inside (no checks). SPLIT 0: no side split (g's rows_lo and cols_lo
 * are 0), rows and columns are stepped through, with no division. */
static __device__ __forceinline__ void funnel_body(const uint8_t *__restrict__ in,
                                                   uint8_t *__restrict__ out, funnel_words T,
                                                   const funnel_geom gv, int lo, int hi,
                                                   int n_cols_b, int n_cols, int64_t bytes,
                                                   int E, int EDGE, int SPLIT)
{
    const int P = 4 / E, lane = threadIdx.x % 32, w = threadIdx.x / 32;
    const unsigned all = 0xFFFFFFFFu;
    const funnel_geom *g = &gv;
    const int split_r = SPLIT && g->rows_lo > 0, split_c = SPLIT && g->cols_lo > 0;
    const int WC = FUNNEL_WORDS_COLS(E);
    const int QC = 5;   /* groups loaded at a time: 20 words for bytes, 10 otherwise */

    /* Loads: group G = w + 8 q (q = 0 .. FUNNEL_GROUPS(E) / 8 - 1) is tile
     * rows P (G - 8) .. + P - 1, loaded QC groups at a time (every load of
     * those issued before the first shuffle). a: the row's first byte in
     * the input; b: how far into its aligned word. */
    int64_t step = (g->in_off + (g->r0 + P * (w - 8)) * g->in_row + g->c0) * E;
    /* Split rows: walked (split_walk.h) from this thread's first row, by 1
     * inside a group and by 7 P + 1 to the next group's first row. Rows
     * above the matrix (r < 0) get offsets too, never loaded. */
    split_walk wr = split_walk_at(g->r0 + P * (w - 8), split_r ? g->rows_lo : 1);
    const split_step by1 = split_walk_step_of(wr.lo, 1);
    const split_step by_group = split_walk_step_of(wr.lo, 7 * P + 1);
#pragma unroll
    for (int q0 = 0; q0 < FUNNEL_GROUPS(E) / 8; q0 += QC) {
        uint32_t x[QC][4];
        int b[QC][4];
#pragma unroll
        for (int q = q0; q < q0 + QC && q < FUNNEL_GROUPS(E) / 8; q++) {
#pragma unroll
            for (int t = 0; t < P; t++) {
                int rho = P * (w + 8 * q - 8) + t;   /* the tile row */
                int64_t a = step;
                if (split_r) {
                    a = (g->in_off + split_walk_off(&wr, g->in_row, g->in_row_hi) + g->c0) * E;
                    split_walk_next(&wr, t < P - 1 ? by1 : by_group);
                }
                b[q - q0][t] = (int)(a & 3);
                int64_t word = a - b[q - q0][t] + 4 * lane;
                if (!EDGE)
                    x[q - q0][t] = *(const uint32_t *)(in + word);
                else
                    x[q - q0][t] = E * rho >= lo && E * rho < hi && 4 * lane - b[q - q0][t] < n_cols_b
                                       ? funnel_load(in, word, bytes) : 0u;
                step += g->in_row * E;
            }
            step += (int64_t)(8 * P - P) * g->in_row * E;   /* to group G + 8's first row */
        }
#pragma unroll
        for (int q = q0; q < q0 + QC && q < FUNNEL_GROUPS(E) / 8; q++) {
#pragma unroll
            for (int t = 0; t < P; t++) {
                uint32_t right = __shfl_down_sync(all, x[q - q0][t], 1);
                x[q - q0][t] = __funnelshift_r(x[q - q0][t], right, 8 * b[q - q0][t]);
            }
            funnel_transpose_block(x[q - q0], E);
            if (lane < 31) {
#pragma unroll
                for (int k = 0; k < P; k++)
                    T[(P * lane + k) * WC + ((w + 8 * q) ^ lane)] = x[q - q0][k];
            }
        }
    }
    __syncthreads();

    /* Stores: tile column c is an output row; warp w takes c = w, w + 8, ...
     * Its window is the FUNNEL_SEG(E) / 4 aligned words from the sector
     * boundary at or before tile row 0 (d bytes before it, lever 4): lane
     * l stores words j = l (and l + 32), segment bytes 4 j - d .. + 3, which
     * are bytes 4 j + D of the shared row (D = 32 - d: the row starts at
     * tile row -H). o: the byte of tile row 0 in output row c. */
    int64_t o_step = (g->out_off + (g->c0 + w) * g->out_col + g->r0) * E;
    split_walk wc = split_walk_at(g->c0 + w, split_c ? g->cols_lo : 1);   /* split columns */
    const split_step by8 = split_walk_step_of(wc.lo, 8);
#pragma unroll 4
    for (int c = w; c < 31 * P; c += 8) {
        if (EDGE && c >= n_cols)
            break;
        int64_t o = o_step;
        if (split_c) {
            o = (g->out_off + split_walk_off(&wc, g->out_col, g->out_col_hi) + g->r0) * E;
            split_walk_next(&wc, by8);
        }
        int d = (int)((uintptr_t)(out + o) & 31), D = 32 - d;
#pragma unroll
        for (int j = lane; j < FUNNEL_SEG(E) / 4; j += 32) {
            int k = j + D / 4;
            uint32_t v = __funnelshift_r(T[c * WC + (k ^ (c / P))], T[c * WC + ((k + 1) ^ (c / P))],
                                         8 * (D % 4));
            uint8_t *p = out + o - d + 4 * j;
            if (!EDGE)
                *(uint32_t *)p = v;
            else
                funnel_store(p, v, max(0, lo - (4 * j - d)), min(4, hi - (4 * j - d)));
        }
        o_step += 8 * g->out_col * E;
    }
    __syncthreads();
}

/* The tile rows of the grid for n_rows rows of E-byte elements: windows
 * shifted back by up to 31 bytes need one more tile row where the last
 * one would otherwise end short of the row's end. */
static __host__ __device__ __forceinline__ int64_t funnel_tiles_r(int64_t n_rows, int E)
{
    return (n_rows * E + 31 + FUNNEL_SEG(E) - 1) / FUNNEL_SEG(E);
}

/* One tile (funnel_geom says where its elements are) of an n_rows x
 * n_cols matrix in 4-byte aligned buffers, the input `total` elements
 * long; SPLIT as for funnel_body. Ends after a __syncthreads: T may be
 * refilled. */
static __device__ __forceinline__ void funnel_tile(const uint8_t *__restrict__ in,
                                                   uint8_t *__restrict__ out, funnel_words T,
                                                   const funnel_geom gv, int64_t n_rows,
                                                   int64_t n_cols, int64_t total, int E,
                                                   int SPLIT)
{
    const int P = 4 / E;
    const int64_t r0 = gv.r0, c0 = gv.c0;
    if (r0 >= 8 * P && r0 + FUNNEL_ROWS(E) <= n_rows && c0 + 32 * P <= n_cols)
        funnel_body(in, out, T, gv, -32, FUNNEL_SEG(E), 128, 31 * P, total * E, E, 0, SPLIT);
    else
        funnel_body(in, out, T, gv, (int)max(-r0 * E, (int64_t)-32),
                    (int)min((n_rows - r0) * E, (int64_t)FUNNEL_SEG(E)),
                    (int)min((n_cols - c0) * E, (int64_t)128),
                    (int)min(n_cols - c0, (int64_t)(31 * P)), total * E, E, 1, SPLIT);
}

#endif
