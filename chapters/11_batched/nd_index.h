/*
 * chapters/11_batched/nd_index.h - the index arithmetic of permute_nd's
 * kernels (permute_nd.cu), apart from them so that tests/test_nd_index.c
 * can run the very same code on the CPU and check that every output
 * element is written once, from the right input element (no GPU needed).
 *
 * Both kernels work from a tp_plan (common/problem.h):
 *   TILE  element (z, r, c) of the input, at sum z_in + r * in_row + c,
 *         goes to sum z_out + c * out_col + r. A block moves one
 *         tile of nd_tile_side x nd_tile_side elements (tile rows along
 *         r, columns along c); its number along the grid's x axis
 *         gives the tile, and the grid's y and z axes give the two
 *         "other" axes, z2 and z1 (each looped
 *         over when it has more than 65535 steps; z0 is 1 for a tile).
 *   ROWS  row (z0, z1, z2) of row_len elements goes, unchanged, from
 *         sum z_in to sum z_out. A row is `vecs` accesses of the widest
 *         size that divides it (nd_access_bytes); the strides are then
 *         counted in accesses.
 *         When a row has fewer accesses than a block has threads, a block
 *         moves ND_ROW_UNROLL bunches of `group` neighbouring rows along
 *         z2, or (group 0) a piece of the rows laid end to end; otherwise
 *         one row, in `pieces` blocks (nd_row_access). The
 *         grid's x axis numbers (bunches of rows, piece), y and z are z1
 *         and z0 as for the tile.
 */
#ifndef CH11_ND_INDEX_H
#define CH11_ND_INDEX_H

#include <stdint.h>

#include "problem.h"
#include "../10_elements/skinny_words.h"   /* sk_geom, for nd_skinny_fit */
#include "../10_elements/split_walk.h"     /* nd_walk_rows, nd_walk_cols */

#ifdef __CUDACC__
#define ND_HD static __host__ __device__ __forceinline__
#else
#define ND_HD static inline
#endif

#define ND_TILE 32        /* the tile of 8 and 16-byte elements: 32 x 32     */
#define ND_TILE64 64      /* ... and of 1, 2 and 4-byte elements: 64 x 64    */
#define ND_THREADS 256    /* threads per block, every kernel                 */
#define ND_QUAD_TILE 128  /* the byte quads' tile: 128 x 128 bytes           */
#define ND_PAIR_TILE 64   /* the 2-byte pairs' tile: 64 x 64 elements         */
#ifndef ND_GRID_YZ_MAX
#define ND_GRID_YZ_MAX 65535   /* CUDA's limit on gridDim.y and .z (tests lower it) */
#endif

/* The side of permute_nd_tile's tile for elements of e bytes. */
ND_HD int nd_tile_side(int e)
{
    return e <= 4 ? ND_TILE64 : ND_TILE;
}

/* What a kernel needs of the plan, as plain numbers (a kernel argument). */
typedef struct {
    int64_t n_rows, n_cols;       /* TILE: extents along r and c                */
    int64_t in_row, out_col;      /* TILE: input stride of r, output stride of c
                                     (of the fast axis, where a side is split)   */
    int64_t rows_lo, in_row_hi;   /* TILE: rows split over two axes (problem.h);
                                     rows_lo 0: not split                         */
    int64_t cols_lo, out_col_hi;  /* TILE: columns split, the same                */
    int64_t z_dims[3];            /* the other axes, slowest first, padded in
                                     front with axes of 1 (z0, z1, z2)           */
    int64_t z_in[3], z_out[3];    /* their strides (0 where padded): in elements
                                     for a tile, in accesses for rows             */
    uint32_t tiles_c;             /* TILE: tiles along c                          */
    int tile;                     /* TILE: its side: nd_tile_side, ND_QUAD_TILE
                                     or ND_PAIR_TILE                              */
    int64_t vecs;                 /* ROWS: accesses per row                       */
    uint32_t group, pieces;       /* ROWS: rows per bunch (0: laid end to end),
                                     blocks per row                               */
    int64_t merge;                /* ROWS: 0, or z1's extent where nd_rows_merge
                                     counted z1 into z2 (z1 fastest)              */
    uint32_t slabs;               /* SMALL, row runs: z0 values a block takes at
                                     once (nd_small_grid), 1 where one           */
} nd_args;

/* TILE: the first row and column of the tile of block x. */
ND_HD void nd_tile_origin(const nd_args *a, uint32_t block_x, int64_t *r0, int64_t *c0)
{
    uint32_t tr = block_x / a->tiles_c;
    *r0 = (int64_t)tr * a->tile;
    *c0 = (int64_t)(block_x - tr * a->tiles_c) * a->tile;
}

/* TILE: the input offset of the tile's row r and the output offset of its
 * column c, as tp_plan_row_in / tp_plan_col_out (problem.h) compute them.
 * A split side divides by the fast axis's extent; in 32 bits where the
 * side fits them (a hypothesis: cheaper than a 64-bit division). */
ND_HD int64_t nd_split(int64_t i, int64_t n, int64_t lo, int64_t stride_lo, int64_t stride_hi)
{
    if (n <= 0xFFFFFFFFLL) {
        uint32_t hi = (uint32_t)i / (uint32_t)lo;
        return (int64_t)hi * stride_hi + (int64_t)((uint32_t)i - hi * (uint32_t)lo) * stride_lo;
    }
    return i / lo * stride_hi + i % lo * stride_lo;
}
ND_HD int64_t nd_row_in(const nd_args *a, int64_t r)
{
    return a->rows_lo == 0 ? r * a->in_row : nd_split(r, a->n_rows, a->rows_lo, a->in_row,
                                                        a->in_row_hi);
}
ND_HD int64_t nd_col_out(const nd_args *a, int64_t c)
{
    return a->cols_lo == 0 ? c * a->out_col : nd_split(c, a->n_cols, a->cols_lo, a->out_col,
                                                         a->out_col_hi);
}

/* The same offsets walked (split_walk.h): from row r (column c), with
 * split_walk_off(&w, in_row, in_row_hi) (out_col, out_col_hi) the offset
 * and split_walk_next to step. A side that is
 * not split walks as one "split" whose fast axis never ends (lo past any
 * index). */
ND_HD split_walk nd_walk_rows(const nd_args *a, int64_t r)
{
    return split_walk_at(r, a->rows_lo ? a->rows_lo : INT64_MAX);
}
ND_HD split_walk nd_walk_cols(const nd_args *a, int64_t c)
{
    return split_walk_at(c, a->cols_lo ? a->cols_lo : INT64_MAX);
}

/* The byte quads (chapter 10's transpose_u8_quads with strides): thread
 * (warp w, lane) of a 128 x 128 tile loads, for s and t in 0..3, the 4
 * bytes of row r0 + 4 (w + 8 s) + t at columns c0 + 4 lane .. + 3, as one
 * 32-bit word. The kernel steps one pointer: from the element offset
 * nd_quad_first (s = t = 0; the other axes' offset aside) by in_row per t
 * and by ND_QUAD_ROWS_STEP - 4 more rows after each s. nd_quad_in says
 * whether block row s is inside the matrix (every side is a multiple of 4,
 * so a 4 x 4 block is all in or all out). */
#define ND_QUAD_ROWS_STEP 32   /* rows from block row s to s + 1: 4 x 8 warps */
ND_HD int64_t nd_quad_first(const nd_args *a, int64_t r0, int64_t c0, int w, int lane)
{
    return (r0 + 4 * w) * a->in_row + c0 + 4 * lane;
}
ND_HD int nd_quad_in(const nd_args *a, int64_t r0, int64_t c0, int w, int lane, int s)
{
    return r0 + 4 * (w + 8 * s) < a->n_rows && c0 + 4 * lane < a->n_cols;
}

/* ... and stores, for m in 0..15, word `lane` of the tile's output row
 * R = w + 8 m: output row c0 + R at bytes r0 + 4 lane .. + 3, stepping
 * from nd_quad_store_first (m = 0) by 8 output rows per m. */
ND_HD int64_t nd_quad_store_first(const nd_args *a, int64_t r0, int64_t c0, int w, int lane)
{
    return (c0 + w) * a->out_col + r0 + 4 * lane;
}
ND_HD int nd_quad_store_in(const nd_args *a, int64_t r0, int64_t c0, int w, int lane, int m)
{
    return c0 + w + 8 * m < a->n_cols && r0 + 4 * lane < a->n_rows;
}

/* The offsets, in elements, of step (z0, z1, z2) of the other axes, on
 * both sides. */
ND_HD void nd_offsets(const nd_args *a, int64_t z0, int64_t z1, int64_t z2, int64_t *in_off,
                      int64_t *out_off)
{
    *in_off = z0 * a->z_in[0] + z1 * a->z_in[1] + z2 * a->z_in[2];
    *out_off = z0 * a->z_out[0] + z1 * a->z_out[1] + z2 * a->z_out[2];
}

/* ROWS: a thread moves ND_ROW_UNROLL accesses, all loaded before the
 * first is stored (chapter 9's copy: more bytes in flight a thread).
 * Access k of thread t of block x is access *v of row *z2 (the other
 * axes' z0 and z1 come from the grid); each returns 0 where access k
 * falls outside the rows.
 * - Long rows (nd_row_whole_access): a block moves a piece of
 *   ND_ROW_UNROLL x ND_THREADS accesses of one row, access k of thread t
 *   being k ND_THREADS + t, so each warp instruction covers 32
 *   neighbours.
 * - Short rows (fewer accesses than a block has threads, `group` of them
 *   fit), the same function: a block moves ND_ROW_UNROLL bunches of
 *   `group` neighbouring rows, thread t access t % vecs of row t / vecs
 *   of bunch k; threads past the last whole row have nothing to do.
 * - Short rows laid end to end (nd_row_flat_access, `group` 0): rows in
 *   4, 8 or 16-byte accesses where whole rows would leave more than an
 *   eighth of a block idle (nd_rows_flat), access k of thread t of block
 *   x is access f = (x ND_ROW_UNROLL + k) ND_THREADS + t of all the rows
 *   one after another: row f / vecs, access f mod vecs, found with one
 *   division and then steps of ND_THREADS. Every thread has an access
 *   but in the last block. Rows of 137 doubles (8-byte accesses), one a
 *   block, left 119 of 256 threads idle: 80.5% of the copy, 88.6 laid end
 *   to end; six more shapes, rows of 67 to 294 elements in 4 and 8-byte
 *   accesses, gained 0.4 to 12.0 points (H100; NOTES.md, "Short rows laid
 *   end to end"). */
#define ND_ROW_UNROLL 4
/* Rows in 1 and 2-byte accesses keep whole rows: laid end to end, the
 * 1-byte (1, 0, 2) of 4254 x 1166 x 55 ran at 11.3% of the copy against
 * 13.7 (in a build with both walks in one kernel; NOTES.md), and 2-byte
 * accesses were not measured. */
ND_HD int nd_rows_flat(int64_t vecs, int access)
{
    return access >= 4 && 8 * (ND_THREADS - ND_THREADS / vecs * vecs) > ND_THREADS;
}
/* The blocks that move `rows` rows of `vecs` accesses laid end to end. */
ND_HD int64_t nd_rows_flat_blocks(int64_t rows, int64_t vecs)
{
    return (rows * vecs + ND_ROW_UNROLL * ND_THREADS - 1) / (ND_ROW_UNROLL * ND_THREADS);
}
ND_HD int nd_row_flat_access(const nd_args *a, uint32_t block_x, uint32_t t, int k,
                             int64_t *z2, int64_t *v)
{
    const int64_t f = (int64_t)block_x * (ND_ROW_UNROLL * ND_THREADS) + t;
    const int vecs = (int)a->vecs, sz = ND_THREADS / vecs, sv = ND_THREADS % vecs;
    int64_t q;
    int w;
    if (a->z_dims[2] * a->vecs <= 0xFFFFFFFFLL - ND_ROW_UNROLL * ND_THREADS)
        q = (int64_t)((uint32_t)f / (uint32_t)vecs);   /* 32-bit where it fits */
    else
        q = f / vecs;
    w = (int)(f - q * vecs);
    for (int j = 0; j < k; j++) {   /* k steps of ND_THREADS = sz rows and sv accesses */
        w += sv;
        q += sz;
        if (w >= vecs) {
            w -= vecs;
            q++;
        }
    }
    *z2 = q;
    *v = w;
    return q < a->z_dims[2];
}
ND_HD int nd_row_whole_access(const nd_args *a, uint32_t block_x, uint32_t t, int k,
                              int64_t *z2, int64_t *v)
{
    uint32_t rows = block_x / a->pieces, piece = block_x - rows * a->pieces;
    if (a->vecs < ND_THREADS) {   /* short rows, as nd_make_args decided */
        uint32_t g = t / (uint32_t)a->vecs;
        if (g >= a->group)
            return 0;
        *v = (int64_t)(t - g * (uint32_t)a->vecs);
        *z2 = ((int64_t)rows * ND_ROW_UNROLL + k) * a->group + g;
    } else {
        *v = ((int64_t)piece * ND_ROW_UNROLL + k) * ND_THREADS + t;
        *z2 = rows;
    }
    return *v < a->vecs && *z2 < a->z_dims[2];
}
/* The walk the launch picks (permute_nd_rows_flat where group is 0). */
ND_HD int nd_row_access(const nd_args *a, uint32_t block_x, uint32_t t, int k, int64_t *z2,
                        int64_t *v)
{
    return a->group == 0 ? nd_row_flat_access(a, block_x, t, k, z2, v)
                         : nd_row_whole_access(a, block_x, t, k, z2, v);
}

/* ROWS: the input and output offsets, in accesses, of access v of row z2
 * (z0's and z1's come from nd_offsets). Where nd_rows_merge counted z1
 * into z2, z2 is z1 + merge * (the row's z2), z1 fastest. */
ND_HD void nd_row_rel(const nd_args *a, int64_t z2, int64_t v, int64_t *in_rel, int64_t *out_rel)
{
    int64_t i1 = 0, i2 = z2;
    if (a->merge != 0) {
        if (a->z_dims[2] <= 0xFFFFFFFFLL) {   /* 32-bit division where it fits */
            i2 = (int64_t)((uint32_t)z2 / (uint32_t)a->merge);
        } else {
            i2 = z2 / a->merge;
        }
        i1 = z2 - i2 * a->merge;
    }
    *in_rel = i1 * a->z_in[1] + i2 * a->z_in[2] + v;
    *out_rel = i1 * a->z_out[1] + i2 * a->z_out[2] + v;
}

/* ROWS, short rows (a block moves bunches of whole rows along z2) whose
 * neighbours in the output are z1's, not z2's: the 2-byte (1, 2, 0, 3) of
 * 6 x 80 x 1694 x 76 moves rows of 152 bytes, z2 the 135520 rows that
 * follow one another in the input, z1 the 6 that follow one another in
 * the output. Along z2 a block reads whole runs and writes every row to a
 * place of its own, each row's first and last sector shared with a row
 * another block writes: Nsight Compute on an H100 found that case writing
 * 1.23 times the output's sectors and reading 1.29 times its bytes from
 * DRAM (chapter 11's NOTES.md). Here z1 is counted into z2, z1 fastest,
 * so that a block writes one contiguous piece of the output and reads a
 * run of each of z1's rows: 1 if it did so. Rows of a multiple of 32
 * bytes write whole sectors either way, and stay as they are; so does a
 * z1 of more than half a block's rows, unless the rows are read and
 * written in accesses of 8 or 16 bytes and are shorter than 512 bytes
 * (ND_ROWS_OUT_ORDER_BYTES). In narrower accesses the output's order
 * lost on 4 of 6 shapes, by 4.6 to 18.6 points (1-byte rows of 23 and 37
 * bytes, 2-byte of 82 and 106; it gained 4.2 and 8.4 on 2-byte rows of
 * 10 and 98 bytes): a hypothesis, not profiled, is that these kernels
 * are bound by their instructions, which the output's order (a division
 * an access) adds to. In 8 or 16-byte accesses it won on every shape
 * with rows of 40 to 336 bytes (10 shapes, by 6.7 to 25.0 points), also
 * where z0 is the axis whose rows are neighbours in the output (z0 then
 * moves to z1's place); on rows of 520 to 1328 bytes it won 5 of 9 and
 * lost 4, by 4.5 to 14.9 points, so those keep the rule above (chapter
 * 11's NOTES.md, "Short rows in the output's order, in wide accesses").
 * Measured on an H100 at first (chapter 11's NOTES.md, "Short rows in the
 * output's order, and narrow tiles as full as their shared tile"): that
 * case went from 45.1 to 91.8% of the copy, three more from 45.6, 61.0
 * and 71.3 to 93.1, 93.6 and 83.7; 4-byte rows of 37 from 43 to 45-46. */
#define ND_ROWS_OUT_ORDER_BYTES 512
/* 1 where short rows of L bytes, moved in accesses of `access` bytes, go
 * in the output's order whatever the length of the axis (the rule above;
 * nd_rowtile_fit leaves these rows to nd_rows_merge). */
ND_HD int nd_rows_out_order(int64_t L, int access)
{
    return access >= 8 && L % 32 != 0 && L < ND_ROWS_OUT_ORDER_BYTES;
}
static inline int nd_rows_merge(nd_args *a, int access, uint32_t grid[3])
{
    int64_t n, bunch;
    int o, wide;   /* o: the axis whose rows are neighbours in the output, 1 or 0 */
    if (a->vecs <= 0 || a->vecs >= ND_THREADS || a->z_out[2] == a->vecs ||
        a->vecs * access % 32 == 0)
        return 0;
    wide = nd_rows_out_order(a->vecs * access, access);
    o = a->z_out[1] == a->vecs ? 1 : wide && a->z_out[0] == a->vecs ? 0 : -1;
    if (o < 0 || a->z_dims[o] < 2)
        return 0;
    n = a->z_dims[o] * a->z_dims[2];
    bunch = (int64_t)(ND_THREADS / a->vecs) * ND_ROW_UNROLL;
    if ((!wide && 2 * a->z_dims[o] > bunch) || (n + bunch - 1) / bunch > 0x7FFFFFFFLL)
        return 0;
    a->merge = a->z_dims[o];
    a->group = (uint32_t)(ND_THREADS / a->vecs);   /* whole rows: the merged kernels' walk */
    if (o == 0) {   /* z0 and z1 change places: z1's strides are the merged axis's */
        int64_t d = a->z_dims[1], i = a->z_in[1], u = a->z_out[1];
        a->z_in[1] = a->z_in[0];
        a->z_out[1] = a->z_out[0];
        a->z_dims[0] = d;
        a->z_in[0] = i;
        a->z_out[0] = u;
        grid[2] = (uint32_t)(d < ND_GRID_YZ_MAX ? d : ND_GRID_YZ_MAX);
    }
    a->z_dims[2] = n;
    a->z_dims[1] = 1;
    grid[0] = (uint32_t)((n + bunch - 1) / bunch);
    grid[1] = 1;
    return 1;
}

/* ROWS gathered in the output's order (permute_nd_rows_gather), in words
 * of 4, 8 or 16 bytes (nd_make_args' access): the output is one dense run
 * of rows, so word f of it is word f mod vecs of output row f / vecs.
 * With the three other axes sorted so that z2 has the smallest output
 * stride (nd_gather_order), output row R is (i0, i1, i2) with R = (i0 d1
 * + i1) d2 + i2, and its input starts at nd_gather_row_in. A thread
 * stores one 16-byte group of output words, one load for each word. */
ND_HD void nd_swap_axes(nd_args *a, int j, int k)
{
    int64_t t;
    t = a->z_dims[j]; a->z_dims[j] = a->z_dims[k]; a->z_dims[k] = t;
    t = a->z_in[j]; a->z_in[j] = a->z_in[k]; a->z_in[k] = t;
    t = a->z_out[j]; a->z_out[j] = a->z_out[k]; a->z_out[k] = t;
}
/* Sorts the axes as above (axes of extent 1 first); 1 if the rows then
 * lie end to end in the output, every one vecs words after the last. */
static inline int nd_gather_order(nd_args *a)
{
    int pass, j;
    for (pass = 0; pass < 2; pass++)
        for (j = 0; j < 2; j++) {
            int64_t kj = a->z_dims[j] == 1 ? INT64_MAX : a->z_out[j];
            int64_t kk = a->z_dims[j + 1] == 1 ? INT64_MAX : a->z_out[j + 1];
            if (kk > kj)
                nd_swap_axes(a, j, j + 1);
        }
    return (a->z_dims[2] == 1 || a->z_out[2] == a->vecs) &&
           (a->z_dims[1] == 1 || a->z_out[1] == a->vecs * a->z_dims[2]) &&
           (a->z_dims[0] == 1 || a->z_out[0] == a->vecs * a->z_dims[2] * a->z_dims[1]);
}
/* The input word where output row R starts; 32-bit divisions where the
 * rows' count fits them. */
ND_HD int64_t nd_gather_row_in(const nd_args *a, int64_t R)
{
    int64_t i0, i1, i2, R1;
    if (a->z_dims[0] * a->z_dims[1] * a->z_dims[2] <= 0xFFFFFFFFLL) {
        uint32_t r = (uint32_t)R, d2 = (uint32_t)a->z_dims[2], d1 = (uint32_t)a->z_dims[1];
        uint32_t r1 = r / d2;
        i2 = r - r1 * d2;
        i0 = r1 / d1;
        i1 = r1 - (uint32_t)i0 * d1;
    } else {
        R1 = R / a->z_dims[2];
        i2 = R - R1 * a->z_dims[2];
        i0 = R1 / a->z_dims[1];
        i1 = R1 - i0 * a->z_dims[1];
    }
    return i0 * a->z_in[0] + i1 * a->z_in[1] + i2 * a->z_in[2];
}
/* The output row R of word w0 of n (rows of a->vecs words), and w0's
 * place c in it; a 32-bit division where n fits 32 bits. */
ND_HD int64_t nd_gather_row_of(const nd_args *a, int64_t n, int64_t w0, int64_t *c)
{
    const int64_t R = n <= 0xFFFFFFFFLL ? (int64_t)((uint32_t)w0 / (uint32_t)a->vecs)
                                        : w0 / a->vecs;
    *c = w0 - R * a->vecs;
    return R;
}
/* Output words w0 .. w0 + k - 1 of n (k = 4 words of 4 bytes, 2 of 8 or 1 of 16:
 * one 16-byte store): the input word of each in src[] (-1 past the end).
 * Rows are at least k words, so a group spans two at most. */
ND_HD void nd_gather_group(const nd_args *a, int64_t n, int64_t w0, int k, int64_t src[4])
{
    int64_t c, base, next = 0;
    const int64_t R = nd_gather_row_of(a, n, w0, &c);
    int j;
    base = nd_gather_row_in(a, R);
    if (c + k - 1 >= a->vecs && w0 + (a->vecs - c) < n)
        next = nd_gather_row_in(a, R + 1);
    for (j = 0; j < k; j++)
        src[j] = w0 + j >= n ? -1 : c + j < a->vecs ? base + c + j : next + (c + j - a->vecs);
}

/* The same for rows of any length from 16 bytes, in bytes (nd_make_args'
 * access 1; permute_nd_rows_gather_bytes): the 16 output bytes from byte
 * o of total. The first n1 of them are input bytes s1 .. s1 + n1 - 1
 * (output row R from its byte c); the rest, where the group runs into
 * row R + 1, are bytes s2 + n1 .. s2 + 15 (s2 is that row's first byte
 * less n1). */
ND_HD void nd_gather_bytes_group(const nd_args *a, int64_t total, int64_t o, int64_t *s1,
                                 int64_t *s2, int *n1)
{
    int64_t c;
    const int64_t R = nd_gather_row_of(a, total, o, &c);
    *s1 = nd_gather_row_in(a, R) + c;
    *n1 = a->vecs - c < 16 ? (int)(a->vecs - c) : 16;
    *s2 = *n1 < 16 && o + *n1 < total ? nd_gather_row_in(a, R + 1) - *n1 : 0;
}

/* Elements gathered in the output's order (permute_nd_elems_gather, for
 * tiles whose output runs are short): thread t stores the 16 output bytes
 * from 16 t, K elements. The first one's output index is split into its
 * output digits once (nd_eg_decode); the others are reached by adding
 * input strides, with carries (nd_eg_step). nd_eg_args holds the
 * simplified problem's output extents, slowest first, padded with extents
 * of 1 in front to four axes (a problem has at most TP_MAX_RANK = 4), and
 * each axis's input stride in elements. */
typedef struct {
    uint32_t d[4];
    int64_t s[4];
} nd_eg_args;
/* 0 where an extent does not fit 32 bits. */
static inline int nd_eg_make(const tp_problem *p0, nd_eg_args *g)
{
    const tp_problem p = tp_problem_simplify(p0);
    int64_t in_stride[TP_MAX_RANK], out_stride[TP_MAX_RANK];
    const int k = 4 - p.rank;
    int i;
    tp_problem_strides(&p, in_stride, out_stride);
    for (i = 0; i < 4; i++) {
        g->d[i] = 1;
        g->s[i] = 0;
    }
    for (i = 0; i < p.rank; i++) {
        if (p.dims[p.perm[i]] > 0xFFFFFFFFLL)
            return 0;
        g->d[k + i] = (uint32_t)p.dims[p.perm[i]];
        g->s[k + i] = in_stride[p.perm[i]];
    }
    return 1;
}
/* Output element o's digits into i[] and its input element (big: the
 * output has more than 2^32 elements, 64-bit divisions). */
ND_HD int64_t nd_eg_decode(const nd_eg_args *g, int64_t o, int big, uint32_t i[4])
{
    if (!big) {
        uint32_t r = (uint32_t)o, q;
        q = r / g->d[3]; i[3] = r - q * g->d[3]; r = q;
        q = r / g->d[2]; i[2] = r - q * g->d[2]; r = q;
        q = r / g->d[1]; i[1] = r - q * g->d[1]; i[0] = q;
    } else {
        int64_t r = o, q;
        q = r / g->d[3]; i[3] = (uint32_t)(r - q * g->d[3]); r = q;
        q = r / g->d[2]; i[2] = (uint32_t)(r - q * g->d[2]); r = q;
        q = r / g->d[1]; i[1] = (uint32_t)(r - q * g->d[1]); i[0] = (uint32_t)q;
    }
    return i[0] * g->s[0] + i[1] * g->s[1] + i[2] * g->s[2] + i[3] * g->s[3];
}
/* From the input element src of the output element whose digits are i[]
 * to the next one's (i[] moves on too). */
ND_HD int64_t nd_eg_step(const nd_eg_args *g, uint32_t i[4], int64_t src)
{
    src += g->s[3];
    if (++i[3] == g->d[3]) {
        i[3] = 0;
        src += g->s[2] - (int64_t)g->d[3] * g->s[3];
        if (++i[2] == g->d[2]) {
            i[2] = 0;
            src += g->s[1] - (int64_t)g->d[2] * g->s[2];
            if (++i[1] == g->d[1]) {
                i[1] = 0;
                src += g->s[0] - (int64_t)g->d[1] * g->s[1];
                i[0]++;
            }
        }
    }
    return src;
}

/* The 2-byte pairs (chapter 10's transpose_u16_vec16 with strides):
 * thread t of a 64 x 64 tile, x = t % 8 and y = t / 8, loads 8 elements
 * (16 bytes) of row r0 + 2 y + `row` (row 0 or 1) at columns c0 + 8 x ..
 * + 7: *src is the first one's element offset. Returns 0 outside the
 * matrix (every side a multiple of 8: a load is all in or all out). */
ND_HD int nd_pair_load(const nd_args *a, int64_t r0, int64_t c0, int t, int row, int64_t *src)
{
    int64_t r = r0 + 2 * (t / 8), c = c0 + 8 * (t % 8);
    *src = (r + row) * a->in_row + c;
    return r < a->n_rows && c < a->n_cols;
}

/* ... and stores 8 elements of output row c0 + 2 y + p (p 0 or 1) at
 * r0 + 8 x .. + 7, the input rows of its 4 words (*dst). */
ND_HD int nd_pair_store(const nd_args *a, int64_t r0, int64_t c0, int t, int p, int64_t *dst)
{
    int64_t out_row = c0 + 2 * (t / 8) + p, out_col = r0 + 8 * (t % 8);
    *dst = out_row * a->out_col + out_col;
    return out_row < a->n_cols && out_col < a->n_rows;
}

/* The widest access, 16, 8, 4, 2 or 1 bytes, that divides a row of
 * row_bytes bytes and both buffers' addresses (a row's start is then
 * aligned too: the other axes' strides are whole rows). */
static inline int nd_access_bytes(int64_t row_bytes, uintptr_t in, uintptr_t out)
{
    int w = 16;
    while (w > 1 && (row_bytes % w != 0 || in % w != 0 || out % w != 0))
        w /= 2;
    return w;
}

/* The kernels' arguments and grid for a TILE or ROWS plan; `access` is
 * the rows kernel's access width in bytes (nd_access_bytes; ignored for a
 * tile), `tile` the tile's side (nd_tile_side, or ND_QUAD_TILE for the byte
 * quads; ignored for rows). The grid's y and z are capped at ND_GRID_YZ_MAX (the kernels
 * loop over the rest); x is at most 2^31 - 1, which a plan of up to 2^62 bytes of
 * rows or tiles could exceed: returns 0 then (else 1). */
static inline int nd_make_args(const tp_plan *plan, int access, int tile, nd_args *a,
                               uint32_t grid[3])
{
    int k, shift = 3 - plan->nz;   /* the plan's other axes go to the back */
    int64_t x;

    for (k = 0; k < 3; k++) {
        a->z_dims[k] = 1;
        a->z_in[k] = a->z_out[k] = 0;
    }
    for (k = 0; k < plan->nz; k++) {
        a->z_dims[k + shift] = plan->z_dims[k];
        a->z_in[k + shift] = plan->z_in[k];
        a->z_out[k + shift] = plan->z_out[k];
    }
    a->n_rows = plan->n_rows;
    a->n_cols = plan->n_cols;
    a->in_row = plan->in_row;
    a->out_col = plan->out_col;
    a->rows_lo = plan->rows_lo;
    a->in_row_hi = plan->in_row_hi;
    a->cols_lo = plan->cols_lo;
    a->out_col_hi = plan->out_col_hi;
    a->tiles_c = 0;
    a->tile = tile;
    a->vecs = 0;
    a->group = a->pieces = 1;
    a->merge = 0;
    a->slabs = 1;
    if (plan->kind == TP_PLAN_TILE) {
        int64_t tiles_r = (plan->n_rows + tile - 1) / tile;
        int64_t tiles_c = (plan->n_cols + tile - 1) / tile;
        if (tiles_c > 0xFFFFFFFFLL)
            return 0;
        a->tiles_c = (uint32_t)tiles_c;
        x = tiles_r * tiles_c;
        grid[1] = (uint32_t)(a->z_dims[2] < ND_GRID_YZ_MAX ? a->z_dims[2] : ND_GRID_YZ_MAX);
        grid[2] = (uint32_t)(a->z_dims[1] < ND_GRID_YZ_MAX ? a->z_dims[1] : ND_GRID_YZ_MAX);
    } else {
        /* ROWS: row (z0, z1, z2), vecs accesses each; the strides are
         * counted in accesses (whole rows, so the division is exact). */
        a->vecs = plan->row_len * plan->elem_bytes / access;
        for (k = 0; k < 3; k++) {
            a->z_in[k] = a->z_in[k] * plan->elem_bytes / access;
            a->z_out[k] = a->z_out[k] * plan->elem_bytes / access;
        }
        if (a->vecs < ND_THREADS) {
            int64_t bunch = (int64_t)(ND_THREADS / a->vecs) * ND_ROW_UNROLL;
            a->group = (uint32_t)(ND_THREADS / a->vecs);
            x = (a->z_dims[2] + bunch - 1) / bunch;
            if (nd_rows_flat(a->vecs, access)) {
                a->group = 0;
                x = nd_rows_flat_blocks(a->z_dims[2], a->vecs);
            }
        } else {
            int64_t per_block = (int64_t)ND_THREADS * ND_ROW_UNROLL;
            int64_t pieces = (a->vecs + per_block - 1) / per_block;
            if (pieces > 0xFFFFFFFFLL)
                return 0;
            a->pieces = (uint32_t)pieces;
            x = a->z_dims[2] * pieces;
        }
        grid[1] = (uint32_t)(a->z_dims[1] < ND_GRID_YZ_MAX ? a->z_dims[1] : ND_GRID_YZ_MAX);
        grid[2] = (uint32_t)(a->z_dims[0] < ND_GRID_YZ_MAX ? a->z_dims[0] : ND_GRID_YZ_MAX);
    }
    if (x > 0x7FFFFFFFLL)
        return 0;
    grid[0] = (uint32_t)x;
    return 1;
}

/* 1 if the byte quads can take a TILE plan of 1-byte elements (no side
 * split over two axes): both
 * extents, both strides, every other axis's strides and both addresses
 * multiples of 4, so that every 32-bit word is all in or all out of the
 * matrix, and aligned. */
static inline int nd_quads_fit(const tp_plan *plan, uintptr_t in, uintptr_t out)
{
    int k, ok = plan->kind == TP_PLAN_TILE && plan->elem_bytes == 1 && plan->rows_lo == 0 &&
                plan->cols_lo == 0 && plan->n_rows % 4 == 0 &&
                plan->n_cols % 4 == 0 && plan->in_row % 4 == 0 && plan->out_col % 4 == 0 &&
                in % 4 == 0 && out % 4 == 0;
    for (k = 0; k < plan->nz; k++)
        ok = ok && plan->z_in[k] % 4 == 0 && plan->z_out[k] % 4 == 0;
    return ok;
}

/* 1 if the 2-byte pairs can take a TILE plan of 2-byte elements (no side
 * split): both
 * extents, both strides and every other axis's strides multiples of 8,
 * and both addresses of 16: every 16-byte access is all in or all out of
 * the matrix, and aligned. */
static inline int nd_pairs_fit(const tp_plan *plan, uintptr_t in, uintptr_t out)
{
    int k, ok = plan->kind == TP_PLAN_TILE && plan->elem_bytes == 2 && plan->rows_lo == 0 &&
                plan->cols_lo == 0 && plan->n_rows % 8 == 0 &&
                plan->n_cols % 8 == 0 && plan->in_row % 8 == 0 && plan->out_col % 8 == 0 &&
                in % 16 == 0 && out % 16 == 0;
    for (k = 0; k < plan->nz; k++)
        ok = ok && plan->z_in[k] % 8 == 0 && plan->z_out[k] % 8 == 0;
    return ok;
}

/* 1 if the byte quads' (quads != 0) or the 2-byte pairs' tile would be
 * mostly empty: a TILE plan whose columns are few (under TP_PLAN_SHORT,
 * as the narrow tile takes them) fills n_cols x min(n_rows, T) of a
 * T x T tile (T = ND_QUAD_TILE bytes or ND_PAIR_TILE pairs), and the
 * packed words moved about as many bytes a second as they filled: on an
 * H200, 1-byte tiles at 2.3% of the copy (4 x 56 of 128 x 128) to 26.9%
 * (28 x 96), 2-byte ones at 16.6% (8 x 40 of 64 x 64) to 66.2% (24 x 64);
 * with them off the same tiles ran at 14.4 to 16.9% (the bytes on the
 * joined narrow tile) and 30.4 to 31.2%. The lines, a tenth of the
 * quads' tile and a sixth of the pairs', were drawn from those 18 tiles;
 * on 16 drawn afresh, 9 of the 11 below them ran faster without the
 * packed words, by 7.2 to 21.6 points, 2 were unchanged, and so were the
 * 5 above (chapter 11's NOTES.md, "Packed words on few columns"). */
static inline int nd_packed_sparse(const tp_plan *plan, int quads)
{
    const int64_t T = quads ? ND_QUAD_TILE : ND_PAIR_TILE;
    const int64_t rows = plan->n_rows < T ? plan->n_rows : T;
    return plan->kind == TP_PLAN_TILE && plan->cols_lo == 0 && plan->n_cols < TP_PLAN_SHORT &&
           plan->n_cols * rows * (quads ? 10 : 6) < T * T;
}

/* Rows of 2, 4, 8 or 16 bytes are elements. A permutation that keeps
 * the fastest axis (after tp_problem_simplify) moves rows; where a row is
 * that short, each row is one access, scattered (the 1-byte (1, 2, 0, 3)
 * of 739 x 754 x 142 x 4 is 739 x 107068 rows of one word each). The same
 * bytes go to the same places if the row is one element of row_len x
 * elem_bytes bytes and the fastest axis is dropped: then the permutation
 * moves the fastest axis, a tile (there, a 2-D transpose of 4-byte
 * elements). 1 and the folded problem in *f where that applies and both
 * buffers are aligned to the bigger element; else 0. */
static inline int nd_fold_rows(const tp_problem *p, uintptr_t in, uintptr_t out, tp_problem *f)
{
    tp_problem s = tp_problem_simplify(p);
    int r = s.rank;
    int64_t bytes;
    if (r < 2 || s.perm[r - 1] != r - 1)
        return 0;
    bytes = s.dims[r - 1] * s.elem_bytes;
    if (bytes > 16 || (bytes & (bytes - 1)) != 0 || (in | out) % (uintptr_t)bytes != 0)
        return 0;
    *f = tp_problem_make(r - 1, s.dims, s.perm, (int)bytes);
    return 1;
}

/* A lane's walk along a run of rows of W elements (W words, for the row
 * tile): lane l of a warp takes elements k = l, l + 32, ... of the run,
 * element w of row m where k = m W + w; it finds (m, w) once with a
 * division and steps on by 32 elements with adds (permute_nd_rowtile's
 * stores, permute_nd_small's loads of row runs). */
typedef struct {
    int m, w;
} nd_lane_pos;
ND_HD nd_lane_pos nd_lane_at(int k, int W)
{
    nd_lane_pos p;
    p.m = k / W;
    p.w = k - p.m * W;
    return p;
}
ND_HD void nd_lane_step(nd_lane_pos *p, int W)   /* k += 32 = (32 / W) W + 32 % W */
{
    p->w += 32 % W;
    p->m += 32 / W;
    if (p->w >= W) {
        p->w -= W;
        p->m++;
    }
}

/* The same walk by a block's threads: k += ND_THREADS = s.m W + s.w, where
 * s = nd_lane_at(ND_THREADS, W) */
ND_HD void nd_block_step(nd_lane_pos *p, nd_lane_pos s, int W)
{
    p->w += s.w;
    p->m += s.m;
    if (p->w >= W) {
        p->w -= W;
        p->m++;
    }
}

/* permute_nd_small (permute_nd.cu): a batch of small matrices. A TILE
 * plan whose matrices are dense (rows of n_cols elements in, of n_rows
 * out), lie one after another along the last other axis in the input
 * (stride n_rows x n_cols; in the output that axis's stride may be any:
 * the 8-byte (1, 0, 3, 2) of 247 x 446 x 53 x 6 swaps the other two
 * axes too), have a side shorter than TP_PLAN_SHORT and at most
 * ND_SMALL_MAX bytes (1 and 2-byte ones up to ND_SMALL_BYTES, as
 * nd_small_choose says): a tile per matrix
 * would be mostly empty (an 8 x 33 byte matrix uses 264 of a tile's
 * 4096). Instead a block moves
 * nd_small_batch neighbouring matrices at once, at most ND_SMALL_BYTES,
 * which are contiguous in the input: loaded as they lie, stored in output
 * order matrix by matrix, each output element gathered from shared
 * memory.
 *
 * Matrices of 1 or 2-byte elements with both sides from TP_PLAN_SHORT
 * up, of at most ND_SMALL_BYTES, neither side a whole number of tiles
 * (nd_tile_side), one after another in the input and in the output, take
 * the batch too: their tiles are partly empty, and their rows rarely
 * start on a word. On the H100 (three draws of (0, 2, 1) and (0, 1, 3, 2)
 * batches and 4 chosen shapes), the batch ran 1-byte ones at 56.7 to
 * 66.1% of the copy where the tiles ran 29.6 to 55.5%; 2-byte at 73.7 to
 * 88.1 (tiles 59.1 to 80.3), but 82 x 59 at 79.2 against 80.3. Where a
 * side is whole tiles the tiles stay: 2-byte
 * 58 x 64, 69 x 64 and 117 x 64 ran at 87.9, 76.6 and 86.1% on tiles,
 * 60.8, 48.1 and 38.5 as batches; 1-byte 128 x 128, 99.9 against 59.1.
 * 4-byte matrices keep their tiles: of four, the batch won two (66 x 58:
 * 89.9 against 76.7; 65 x 62: 84.9 against 73.9) and lost two (60 x 65:
 * 83.7 against 86.9; 55 x 73: 82.5 against 88.4); 8-byte ones were not
 * measured. NOTES.md, "Batches of stacked and of larger matrices". */
#define ND_SMALL_BYTES 16384
#define ND_SMALL_MAX 4096
/* Which batches of matrices whose columns run on across matrices
 * (nd_small_cross, below) the small batch takes: elements of 1, 2, 4 or
 * 8 bytes (16-byte ones were not measured), but 4-byte matrices whose
 * column count 8 divides. In the column store a thread's 16 bytes are 4
 * elements of one column, and neighbouring threads' start 4 rows, 16 C
 * bytes, apart in the chunk, so where 8 divides C a warp's 4-byte reads
 * fall on one bank (a hypothesis, not profiled); the 4-byte (3, 1, 0, 2)
 * of 18 x 7540 x 41 x 16 lost 8.0 points (H200, chapter 11's NOTES.md,
 * "Columns that run on across matrices"). 1 and 2-byte chunks where 4
 * divides C are swizzled instead (nd_cross_swizzled). */
#define ND_SMALL_CROSS 10
static inline int nd_cross_fits(const tp_plan *plan)
{
    const int64_t e = plan->elem_bytes;
    return e <= 8 && (e != 4 || plan->n_cols % 8 != 0);
}

/* 1 where the matrices follow one another in the input; 2 where instead
 * their rows do, a matrix's rows a whole input row apart (z2's input
 * stride n_cols), only for matrices of one column (a wide tile as a
 * batch of columns, nd_small_columns) of fewer than TP_PLAN_SHORT rows:
 * for 17 x 46 matrices, the 2-byte (2, 1, 3, 0) of 17 x 61 x 2889 x 46,
 * the row runs ran at 26.5% of the copy where the tiles run at 36.1% (H100,
 * NOTES.md); 3 for a narrow tile made a batch of rows (nd_small_rows);
 * 5 where the matrices are stacked (nd_small_stack): matrix g's rows are
 * input rows g R .. g R + R - 1, all in_row apart (z2's input stride
 * R in_row), each matrix whole in the output and the next one after it
 * (z2's output stride R C); ND_SMALL_CROSS (10) where z2's output
 * stride is R and out_col is not: each column runs on into the next
 * matrix's (nd_small_cross, nd_cross_fits); else 0. (The plans
 * tp_problem_plan makes order the other axes by the input, so the test
 * of in_row in the first only states the kernel's assumption.)
 * Matrices with a short side may hold up to short_max bytes
 * (nd_small_fit: ND_SMALL_MAX; nd_small_choose says when more). */
static inline int nd_small_fit_max(const tp_plan *plan, int64_t short_max)
{
    int64_t m = plan->n_rows * plan->n_cols, zi, zo;
    int t = nd_tile_side(plan->elem_bytes);
    int both_long = plan->n_rows >= TP_PLAN_SHORT && plan->n_cols >= TP_PLAN_SHORT;
    if (both_long && plan->elem_bytes > 2)
        return 0;
    if (plan->kind != TP_PLAN_TILE || plan->nz < 1 || plan->cols_lo != 0 ||
        m * plan->elem_bytes > (both_long ? ND_SMALL_BYTES : short_max))
        return 0;
    zi = plan->z_in[plan->nz - 1];
    zo = plan->z_out[plan->nz - 1];
    if (plan->rows_lo != 0)   /* split rows: only as row runs of one column */
        return zi == plan->n_cols && plan->n_rows < TP_PLAN_SHORT && plan->n_cols == 1 &&
                       plan->out_col == plan->n_rows
                   ? 2
                   : 0;
    if (both_long)   /* as measured: one after another on both sides, no side whole tiles */
        return zi == m && zo == m && plan->in_row == plan->n_cols &&
                       plan->out_col == plan->n_rows && plan->n_rows % t != 0 &&
                       plan->n_cols % t != 0
                   ? 1
                   : 0;
    if (plan->n_rows == 1 && zi == m && zo == 1 && plan->nz <= 2)
        return 3;   /* one-row matrices, stored in column runs (nd_small_rows) */
    if (zo == plan->n_rows && plan->out_col != plan->n_rows && plan->in_row == plan->n_cols &&
        plan->nz <= 3)
        return nd_cross_fits(plan) ? ND_SMALL_CROSS : 0;   /* nd_small_cross */
    if (plan->out_col != plan->n_rows)
        return 0;
    if (zi == m && plan->in_row == plan->n_cols)
        return 1;
    if (zi == plan->n_rows * plan->in_row && zo == m)
        return 5;   /* stacked (nd_small_stack) */
    return zi == plan->n_cols && plan->n_rows < TP_PLAN_SHORT && plan->n_cols == 1 ? 2 : 0;
}
static inline int nd_small_fit(const tp_plan *plan)
{
    return nd_small_fit_max(plan, ND_SMALL_MAX);
}

/* How short a wide tile's columns (nd_small_columns) and a narrow tile's
 * rows (nd_small_rows) must be for the batch to take them, by element
 * size: where the batch beat the skinny and narrow tiles on the H100
 * (3 to 24 rows or columns, each element size, shapes of about 200 MB;
 * NOTES.md, "Row tiles a warp a line, and small batches of columns and
 * rows"); 16-byte elements were not measured and take the 8-byte limits.
 * Bytes: 5 rows at first, 16 since their runs are stored in aligned
 * 16-byte groups (byte wide tiles of 6 to 16 rows, on the skinny
 * kernels or the one-element tiles before, went from 9.2-26.7% of the
 * copy to 32.0-34.2%, H100; NOTES.md, "Byte column batches").
 * Doubles: 15 rows, 12 before. Matrices of 13 to 15 rows ran at 76.9 to
 * 81.5% of the copy on chapter 10's tiles and at 89.3 to 91.9 as
 * batches; at 16 rows (output rows of whole sectors) the tiles won, 85.6
 * against 80.5 (H100; NOTES.md, "Doubles with 13 to 15 rows"). As
 * batches, 4 and 8-byte tiles of 13 to 31 rows lost on 12 of 14 drawn
 * (won on two 4-byte ones of 13 rows; H100, NOTES.md, "Split rows as
 * batches of columns"). */
ND_HD int nd_columns_max_rows(int elem_bytes)
{
    return elem_bytes == 1 || elem_bytes == 2 ? 16 : elem_bytes == 8 ? 15 : 12;
}
ND_HD int nd_rows_max_cols(int elem_bytes)
{
    return elem_bytes == 2 ? 7 : 5;
}

/* The row-run load (permute_nd_small_runs): loads a lane has in flight
 * at once, 16 bytes of E-byte elements (8 for bytes, to hold fewer
 * registers); a warp's piece of a run is 32 of these a lane. */
#define ND_SMALL_RUN_LOADS(E) ((E) == 1 ? 8 : 16 / (E))

/* What the rewrites below ask of a plan: a TILE with no split side (rows
 * split over two axes too where split_rows is 1: the batch of columns)
 * and at most most_nz other axes (the small kernels walk three: z0 and z1
 * over the grid's z and y, z2 in batches over its x); and how they make
 * the tile's column (or row) axis the last other axis, of n elements with
 * the given strides. */
static inline int nd_small_batchable(const tp_plan *plan, int most_nz, int split_rows)
{
    return plan->kind == TP_PLAN_TILE && (split_rows || plan->rows_lo == 0) &&
           plan->cols_lo == 0 && plan->nz <= most_nz;
}
static inline void nd_small_append(tp_plan *plan, int64_t n, int64_t in, int64_t out)
{
    plan->z_dims[plan->nz] = n;
    plan->z_in[plan->nz] = in;
    plan->z_out[plan->nz] = out;
    plan->nz++;
}
/* other axis k to the back, as the batch's axis: the others close up */
static inline void nd_small_to_back(tp_plan *plan, int k)
{
    int64_t d = plan->z_dims[k], i = plan->z_in[k], o = plan->z_out[k];
    int j;
    for (j = k; j + 1 < plan->nz; j++) {
        plan->z_dims[j] = plan->z_dims[j + 1];
        plan->z_in[j] = plan->z_in[j + 1];
        plan->z_out[j] = plan->z_out[j + 1];
    }
    plan->nz--;
    nd_small_append(plan, d, i, o);
}

/* A wide tile as a batch of columns: a TILE plan with at most
 * nd_columns_max_rows rows, no split side, each column's rows one after another
 * in the output (out_col = n_rows) and at most two other axes is a batch
 * of n_cols matrices of n_rows x 1 whose rows (single elements) follow one
 * another in the input: the column axis becomes the last other axis
 * (input stride 1, output stride n_rows) and the plan's matrices one
 * column each, which nd_small_fit takes as row runs (its 2). A block then
 * loads n_rows runs of thousands of bytes and stores one contiguous piece
 * of the output (the 2-byte (0, 2, 3, 1) of 10 x 15 x 319 x 1632, a batch
 * of ten 15 x 520608 matrices, ran at 40% of the copy on the skinny
 * kernels). Two other axes: the 8-byte (2, 0, 3, 1) of 195 x 4 x 30 x
 * 678, 4 x 678 tiles, ran on the 32 x 32 tiles at 29.8% of the copy
 * where CuPy's elementwise copy ran 2.8 times as fast (tensor sweep draw
 * 11, H100); as a batch 84.5% (NOTES.md, "Wide tiles with two other
 * axes, as batches of columns").
 * Rows split over two axes (the output's two fastest, together fewer
 * than TP_PLAN_SHORT) are a batch of columns too, of any element size:
 * row r starts where nd_row_in says (permute_nd_small_runs_split), and the
 * output of a column is still its n_rows rows one after another. On the
 * split tiles, the (2, 1, 0) of 4 x 5 x 9412744 bytes ran at 7.1% of the
 * copy, the 8-byte (2, 3, 1, 0) of 5 x 5 x 70 x 22507 at 63.5%; as
 * batches 29.3 and 78.3, and 24 split cases drawn at random gained 10.8
 * to 75.1 points (H100, NOTES.md, "Split rows as batches of columns").
 * 1 and the plan rewritten, else 0 and the plan as it was. */
static inline int nd_small_columns(tp_plan *plan)
{
    const int split = plan->rows_lo != 0;
    if (!nd_small_batchable(plan, 2, 1) ||
        plan->n_rows > (split ? TP_PLAN_SHORT - 1 : nd_columns_max_rows(plan->elem_bytes)) ||
        plan->out_col != plan->n_rows)
        return 0;
    nd_small_append(plan, plan->n_cols, 1, plan->n_rows);   /* the columns */
    plan->n_cols = 1;
    return 1;
}

/* A narrow tile as a batch of rows, the mirror of the above: a TILE plan
 * with at most nd_rows_max_cols columns, no split side, rows one after
 * another in the input (in_row = n_cols) and at most one other axis is a
 * batch of n_rows matrices of 1 x n_cols: the row axis becomes the last
 * other axis (input stride n_cols, output stride 1), and nd_small_fit's 3
 * has a block load its rows as they lie and store each column's piece as
 * one run of the output (column c of the rows: out_col apart). The
 * narrow tile moved these an element a thread (8-byte (0, 3, 1, 2) of
 * 5570 x 410 x 3 x 6: 1230 x 6 doubles a matrix, 80.8% of the copy,
 * PyTorch 1.1x faster). 1 and the plan rewritten, else 0. */
static inline int nd_small_rows(tp_plan *plan)
{
    if (!nd_small_batchable(plan, 1, 0) || plan->n_cols > nd_rows_max_cols(plan->elem_bytes) ||
        plan->in_row != plan->n_cols)
        return 0;
    nd_small_append(plan, plan->n_rows, plan->n_cols, 1);   /* the rows */
    plan->n_rows = 1;
    return 1;
}

/* Stacked matrices (nd_small_fit's 5): a TILE plan with an other axis
 * whose input stride is n_rows x in_row and whose output stride is
 * n_rows x n_cols is a batch of matrices piled along the tile's rows: the
 * 2-byte (2, 0, 3, 1) of 225 x 8 x 172 x 214 is, for each of the 172, 225
 * matrices of 8 x 214 whose rows are the input's rows 8 g .. 8 g + 7,
 * their outputs one after another. That axis moves to the back (z2,
 * the batch's axis; the others keep their order). Columns split over two
 * axes (shorter than TP_PLAN_SHORT, continued into the input's next
 * axis) are first taken apart again: the slow one becomes an other axis
 * (input stride cols_lo, output stride out_col_hi). Before, the tiles or
 * the batches of columns moved (2, 0, 3, 1) batches of R x C matrices
 * (R 2 to 31, C 10 to 256) at 1.5 to 48.6% of the copy (H100; 1-byte
 * 40056 x 4 x 47 x 22, its columns split, on tiles 4 rows full: 1.5%);
 * stacked, on two fresh draws (14 and 7 shapes) and 3 chosen, at 35.0 to
 * 36.8% (1-byte), 58.9 to 62.0 (2-byte), 70.5 and 77.5 (4-byte), 76.7
 * (8-byte). NOTES.md, "Batches of stacked and of larger matrices".
 * 1 and the plan rewritten, else 0 (the plan may have been taken apart:
 * callers pass a copy). */
static inline int nd_small_stack(tp_plan *plan)
{
    int k;
    if (plan->kind == TP_PLAN_TILE && plan->cols_lo != 0 && plan->rows_lo == 0 && plan->nz < 3) {
        nd_small_append(plan, plan->n_cols / plan->cols_lo, plan->cols_lo, plan->out_col_hi);
        plan->n_cols = plan->cols_lo;
        plan->cols_lo = 0;
    }
    if (!nd_small_batchable(plan, 3, 0) || plan->out_col != plan->n_rows)
        return 0;
    for (k = 0; k < plan->nz; k++)
        if (plan->z_dims[k] > 1 && plan->z_in[k] == plan->n_rows * plan->in_row &&
            plan->z_out[k] == plan->n_rows * plan->n_cols)
            break;
    if (k == plan->nz)
        return 0;
    nd_small_to_back(plan, k);
    return 1;
}

/* Matrices whose columns run on into the next matrix's in the output
 * (nd_small_fit's ND_SMALL_CROSS): a TILE plan, rows one after another in
 * the input (in_row = n_cols), with an other axis whose output stride is
 * n_rows, so that column c of matrices a .. a + g - 1 along it is one run
 * of g n_rows output elements. The 1-byte (1, 3, 0, 2) of 12190 x 10 x
 * 525 x 7 is, for each of the 10 values of its second axis, 12190
 * matrices of 525 x 7, each whole in the input, 36750 bytes apart; in
 * the output, column c of all 12190 is one run. That axis moves to the back (z2, the batch's axis); a block
 * loads g whole matrices (ND_SMALL_LOAD_STACKED, a matrix a "row") and
 * stores C column runs of g n_rows elements (ND_SMALL_STORE_COLUMNS, as
 * nd_small_rows' batches). Before, such tiles went to the register sort
 * or the narrow tile: that case ran at 13.6% of the copy on
 * permute_nd_skinny_tall_any_1 (1.56 ms), PyTorch's permute at 17.1% of
 * its own; as this batch at 32.8% (647 us). On 18 tiles drawn for a
 * trial (1 to 8-byte), 16 gained, 1.1 to 21.8 points, and two lost (see
 * nd_cross_fits and nd_cross_swizzled); on 18 drawn after those rules,
 * all 18 gained, 7.1 to 25.0 (H200, chapter 11's NOTES.md, "Columns
 * that run on across matrices"). 1 and the plan rewritten, else 0 and
 * the plan as it was. */
static inline int nd_small_cross(tp_plan *plan)
{
    int k;
    if (!nd_small_batchable(plan, 3, 0) || plan->in_row != plan->n_cols ||
        plan->out_col == plan->n_rows)
        return 0;
    for (k = 0; k < plan->nz; k++)
        if (plan->z_dims[k] > 1 && plan->z_out[k] == plan->n_rows)
            break;
    if (k == plan->nz)
        return 0;
    nd_small_to_back(plan, k);
    return 1;
}

/* The small batch's search, in the launch's order, for matrices with a
 * short side of at most short_max bytes: the matrices as they lie, then
 * stacked (nd_small_stack), then a wide tile's columns (nd_small_columns),
 * then a narrow tile's rows (nd_small_rows), then matrices whose columns
 * run on across matrices (nd_small_cross). nd_small_fit_max's answer
 * with *plan rewritten for the batch, or 0 and *plan as it was. */
static inline int nd_small_pick(tp_plan *plan, int64_t short_max)
{
    tp_plan b = *plan;
    int small = nd_small_fit_max(plan, short_max);
    if (!small && nd_small_stack(&b) && (small = nd_small_fit_max(&b, short_max)) != 0)
        *plan = b;
    b = *plan;
    if (!small && nd_small_columns(&b) && (small = nd_small_fit_max(&b, short_max)) != 0)
        *plan = b;
    b = *plan;
    if (!small && nd_small_rows(&b) && (small = nd_small_fit_max(&b, short_max)) != 0)
        *plan = b;
    b = *plan;
    if (!small && nd_small_cross(&b) && (small = nd_small_fit_max(&b, short_max)) != 0)
        *plan = b;
    return small;
}

/* Matrices a block: as many as ND_SMALL_BYTES holds, rounded down so that
 * a block's bytes are a multiple of 16 where that leaves any (every
 * block's chunk then starts 16-byte aligned when the buffers and the
 * other axis's strides are). */
static inline int nd_small_batch(const tp_plan *plan)
{
    int mb = (int)(plan->n_rows * plan->n_cols * plan->elem_bytes), g = ND_SMALL_BYTES / mb;
    int align = 16;
    while (mb % align != 0)
        align /= 2;
    return g >= 16 / align ? g - g % (16 / align) : g;
}

/* Split rows of whole input rows as a batch of row runs (the small
 * batch's mode ND_SMALL_SPLIT_RUNS): a 1 or 2-byte TILE plan whose rows
 * are split over two axes, L = rows_lo fast ones (2 to TP_PLAN_SHORT - 1)
 * and n_rows / L slow ones, where a slow step is one row of the input
 * (in_row_hi = n_cols, as for the narrow tile over split rows), is a
 * batch of L x n_cols matrices along the slow axis (input stride n_cols,
 * output stride L): row r of g neighbouring matrices is one run of g
 * n_cols input elements, and column c of them one run of g L output
 * elements (out_col apart). A block loads the L runs and stores the
 * n_cols runs (permute_nd_small_split_runs), if those output runs are
 * ND_SMALL_SPLIT_RUN_MIN bytes or more and, for 1-byte elements, the
 * matrices have ND_SMALL_SPLIT_COLS_1 columns or fewer. The launch asks
 * this only of plans that the funnel tile over split rows would take.
 * Measured against that tile on the H200 (chapter 11's NOTES.md, "Split
 * rows of whole input rows as row runs"): on a first trial the row runs
 * lost where the runs were 54 to 99 bytes; on a draw made after the run
 * bound they gained on 14 of 16 tiles, lost 0.9 points on one and 11.9
 * on a 1-byte one of 121 columns, with 3.5 times the funnel tile's L2
 * write sectors (Nsight Compute), hence the column bound. Most of those
 * sectors came from the short runs' heads and tails, stored byte by
 * byte: stored a warp a column, they fell by 59%, yet that trial ran 20
 * of 22 tiles slower, by up to 11.6 points (NOTES.md, "Heads and tails
 * stored a warp a column"). A third draw lost 5.2 to 11.4 points on four
 * tiles of 48 to 64 columns, which the swizzle mended
 * (nd_split_runs_swizzled); with it, a fourth draw gained 1.1 to 16.3
 * points on 15 of 16 tiles and lost 1.2 on the other. 1 and the plan
 * rewritten, else 0. */
#define ND_SMALL_SPLIT_RUNS 9
#define ND_SMALL_SPLIT_RUN_MIN 96
#define ND_SMALL_SPLIT_COLS_1 64
static inline int nd_small_split_runs(tp_plan *plan)
{
    const int64_t L = plan->rows_lo;
    tp_plan b;
    int g;
    if (plan->kind != TP_PLAN_TILE || plan->elem_bytes > 2 || L < 2 || L >= TP_PLAN_SHORT ||
        plan->cols_lo != 0 || plan->in_row_hi != plan->n_cols || plan->nz > 2 ||
        L * plan->n_cols * plan->elem_bytes > ND_SMALL_BYTES ||
        (plan->elem_bytes == 1 && plan->n_cols > ND_SMALL_SPLIT_COLS_1))
        return 0;
    b = *plan;
    nd_small_append(&b, b.n_rows / L, b.n_cols, L);   /* the slow row axis */
    b.n_rows = L;
    b.rows_lo = 0;
    b.in_row_hi = 0;
    g = nd_small_batch(&b);   /* matrices a chunk: a column's output run is g L elements */
    if (g > b.z_dims[b.nz - 1])
        g = (int)b.z_dims[b.nz - 1];
    if (g * L * plan->elem_bytes < ND_SMALL_SPLIT_RUN_MIN)
        return 0;
    *plan = b;
    return 1;
}

/* The small batch's grid, after nd_make_args: block x takes matrices
 * x P .. x P + P - 1 of z2 (P = a->pieces = nd_small_batch), y steps
 * through z1 (looped past ND_GRID_YZ_MAX); a->group = mode, nd_small_fit's
 * answer (3: the kernel stores column runs), or ND_SMALL_SPLIT_RUNS (9,
 * row runs in, column runs out). 0 if x would pass 2^31 - 1.
 * Row runs (mode 2) whose whole z2 is fewer than P matrices, and whose
 * z0 follows z2 in the output, take a->slabs values of z0 a block, one
 * output run: the 4-byte (2, 1, 3, 0) of 6 x 11 x 2838 x 226 is 6 x 1
 * matrices, z2 226 of them, z0 11; a block moved 5424 bytes, with 3
 * slabs 16272, and went from 63.3 to 70.2% of the copy (H100, NOTES.md,
 * "Several slabs a block").
 * Batches of columns (mode 2, one column a matrix) whose z2 spans four
 * chunks or more take a whole number of warp pieces (32
 * ND_SMALL_RUN_LOADS elements) a run where a chunk holds one: the
 * 8-byte (2, 3, 1, 0) of 5 x 5 x 70 x 22507 (25 rows) took 80 columns a
 * block, a run one full piece and one of 16 elements; with 64 columns,
 * one full piece, it went from 72.8 to 78.2% of the copy. Where z2 is
 * only a chunk or two, fewer columns a block cost blocks or slabs: the
 * 8-byte (2, 0, 3, 1) of 332 x 12 x 32 x 261 (261 columns, 170 a chunk)
 * lost 2.9 points, the 4-byte (2, 1, 3, 0) of 6 x 11 x 2838 x 226 (two
 * slabs where there were three) 2.1 (H100, NOTES.md, "Split rows as
 * batches of columns"). */
static inline int nd_small_grid(const tp_plan *plan, int mode, nd_args *a, uint32_t grid[3])
{
    const int most = nd_small_batch(plan), piece = 32 * ND_SMALL_RUN_LOADS(plan->elem_bytes);
    const int per = mode == 2 && plan->n_cols == 1 && most >= piece &&
                            a->z_dims[2] >= 4 * (int64_t)most
                        ? most - most % piece   /* whole warp pieces a run (see above) */
                        : most;
    int64_t x = (a->z_dims[2] + per - 1) / per, z = a->z_dims[0];
    int64_t J = per / a->z_dims[2];   /* whole z2s a chunk holds */
    if (x > 0x7FFFFFFFLL)
        return 0;
    a->pieces = (uint32_t)per;
    a->group = (uint32_t)mode;
    if (mode == 2 && x == 1 && J > 1 && z > 1 && a->z_out[2] == a->n_rows * a->n_cols &&
        a->z_out[0] == a->z_dims[2] * a->z_out[2]) {
        a->slabs = (uint32_t)(J < z ? J : z);
        z = (z + a->slabs - 1) / a->slabs;
    }
    grid[0] = (uint32_t)x;
    grid[1] = (uint32_t)(a->z_dims[1] < ND_GRID_YZ_MAX ? a->z_dims[1] : ND_GRID_YZ_MAX);
    grid[2] = (uint32_t)(z < ND_GRID_YZ_MAX ? z : ND_GRID_YZ_MAX);
    return 1;
}

/* A stacked batch (nd_small_stack) of 1 or 2-byte elements whose rows
 * are whole 4-byte words can be loaded as one of 4-byte elements: the
 * same chunk in a quarter or half the loads. nd_stack_words says whether
 * every block's load would be whole words on words: the input on 4
 * bytes, and a row, the rows' stride and the strides of the batch axes
 * all multiples of 4 bytes. Those batches go to kernels of their own
 * (permute_nd_small_stacked_words_*), so the other stacked kernels keep
 * their registers (in one kernel with both loads, the 1-byte kernel's
 * registers rose from 38 to 43 and every 1-byte batch not in words lost
 * 2.0 to 2.7 points). In kernels of their own, bytes in words gained
 * 14.6 to 17.2 points of the copy, 2-byte batches 6.8 to 10.6, and the
 * batches not in words moved by at most 0.1 (H100, NOTES.md, "Stacked
 * batches loaded in words"). */
ND_HD int nd_stack_words(const nd_args *a, uintptr_t in, int e)
{
    int k;
    if (e >= 4 || in % 4 != 0 || a->n_cols * e % 4 != 0 || a->in_row * e % 4 != 0)
        return 0;
    for (k = 0; k < 3; k++)
        if (a->z_dims[k] > 1 && a->z_in[k] * e % 4 != 0)
            return 0;
    return 1;
}

/* Where output element o of a chunk comes from: it is element (r, c) of
 * the chunk's matrix g with o = g R C + c R + r (R = n_rows, C = n_cols),
 * input element g R C + r C + c of the chunk. A thread finds (g, c, r)
 * once for its first element and steps on from there. */
typedef struct {
    int g, c, r;
} nd_small_pos;
ND_HD nd_small_pos nd_small_at(int o, int R, int C)
{
    nd_small_pos q;
    int rem;
    q.g = o / (R * C);
    rem = o - q.g * R * C;
    q.c = rem / R;
    q.r = rem - q.c * R;
    return q;
}
ND_HD int nd_small_src(nd_small_pos q, int R, int C)
{
    return (q.g * R + q.r) * C + q.c;
}
/* The store of a batch of one-row matrices (nd_small_rows): each column's
 * run of h elements is cut where the output's 16-byte boundaries fall:
 * slot 0 is its head (the hd elements before the first boundary, hd <
 * per = 16 / E), slot s >= 1 the per elements from hd + (s - 1) per,
 * clipped to h; h / per + 2 slots a column cover it (some empty). Rows
 * r0 .. r1 - 1 of slot s in *r0, *r1; 1 if the slot is a whole aligned
 * group (one 16-byte store). */
ND_HD int nd_col_slots(int h, int per)
{
    return h / per + 2;
}
ND_HD int nd_col_slot(int s, int h, int hd, int per, int *r0, int *r1)
{
    if (hd > h)
        hd = h;
    *r0 = s == 0 ? 0 : hd + (s - 1) * per;
    *r1 = s == 0 ? hd : (*r0 + per < h ? *r0 + per : h);
    if (*r0 > h)
        *r0 = h;
    return s > 0 && *r1 - *r0 == per;
}

/* Element o of a chunk's output order, in matrix g (o - g M of it), lies
 * at g S + o - g M from the chunk's first output element (S: the output
 * stride of z2; S = M where the matrices follow one another). */
ND_HD int64_t nd_small_dst(int o, int g, int M, int64_t S)
{
    return (int64_t)g * (S - M) + o;
}
/* 1 if the group of n elements from o (in matrix g) is inside matrix g,
 * or the matrices follow one another in the output (then it is one run). */
ND_HD int nd_small_whole(int o, int g, int n, int M, int64_t S)
{
    return S == M || o - g * M + n <= M;
}
ND_HD void nd_small_next(nd_small_pos *q, int R, int C)
{
    if (++q->r == R) {
        q->r = 0;
        if (++q->c == C) {
            q->c = 0;
            q->g++;
        }
    }
}

/* permute_nd_rowtile (permute_nd.cu): short rows in a tile. A ROWS plan
 * whose rows are a few words long (W = row bytes / 4, at most
 * ND_RT_MAX_WORDS) is a transpose whose elements are rows: along the
 * other axis A that follows the row in the input (input stride: one row),
 * neighbouring rows are contiguous in the input; along the axis B that
 * follows it in the output, in the output. The rows kernel reads runs
 * along A and scatters each row alone to the output, in partial sectors
 * (8-byte (0, 2, 1, 3) of 104 x 4554 x 12 x 5, rows of 40 bytes: 12.4% of
 * the copy). A block here takes T x T rows of (A, B): it loads, for each
 * of its T rows along B, the T rows along A as one contiguous run of T W
 * words (a line, one warp's), into shared memory at pitch P words a
 * B-line; then stores, for each A, the T rows along B as one contiguous
 * run. A warp's 32 store-side words b W + w of one A-line read shared
 * words b P + a W + w, and P = W (mod 32) (nd_rowtile_pitch), so they
 * fall on 32 banks. The third other axis C, if any, only moves the tile
 * (grid y). Strides in words (of 8, 4 or 2 bytes: below); rows and
 * buffers aligned to them. */
/* Rows of up to 124 bytes (31 words) at first: on the H100 this row
 * tile (one warp a line) beat the launch without it on 18 of 19 random
 * shapes with rows of 12 to 124 bytes, and was a point behind on the last
 * (NOTES.md, "Row tiles a warp a line, and small batches of columns and
 * rows"). Now up to 252 bytes (63 words), in tiles of 8 x 8 rows from 32
 * words: tensor sweep draw 13's 8-byte (1, 2, 0, 3) of 107 x 141 x 57 x
 * 21, rows of 168 bytes, ran at 68.2% of the copy in permute_nd_rows_8
 * (PyTorch 92.1% of its own), 77.7% here; on 21 random shapes with rows
 * of 128 to 252 bytes (1 to 8-byte elements, H100) the tile won 19, by
 * 4.7 to 55.7 points, and lost two that the rows kernel moved at 87.9%
 * and 98.4%, by 9.1 and 11.0 (NOTES.md, "Draw 13, and row tiles for
 * rows up to 252 bytes"). Rows read and written in accesses of 8 or 16
 * bytes that are not whole sectors (a multiple of 32 bytes) now go to
 * the rows kernel in the output's order instead (nd_rows_merge), which
 * beat this tile on every such shape measured: rows of 40 to 248 bytes,
 * 7 shapes, from 71.2-87.3% of the copy here to 86.2-98.4% (H100). Rows
 * in 4-byte accesses stay here (rows of 28, 52 and 148 bytes: 73.0-82.4%
 * here, 46.3-50.8% in the output's order). Since then most of those rows
 * take this tile in 8-byte words (below). */
/* Tiles in 8-byte words. Rows of a multiple of 8 bytes, both buffers
 * 8-byte aligned, take the tile in 8-byte words (permute_nd_rowtile_8,
 * _thin*_8); the pitch rule is unchanged (in 8-byte words a half-warp's
 * 16 words should fall on 32 banks, yet Nsight Compute counted 897,481
 * shared-memory bank conflicts on the 72-byte rows below: not
 * explained). The rows this tile took in 4-byte words moved half the
 * bytes an instruction, and the rows of 24 to 248 bytes in 8 or 16-byte
 * accesses had gone to the rows in the output's order and the gather,
 * which read each row alone: tensor sweep draw 28's 8-byte
 * (2, 1, 0, 3) of 1160 x 167 x 30 x 9, rows of 72 bytes, ran at 63.7% of
 * the copy in permute_nd_rows_gather_8 (PyTorch 63.3% of its own), where
 * Nsight Compute counted 711 MB read from DRAM for 404 MB written; in
 * this tile 419 MB, at 86.6% of the copy. The tile leaves two kinds of
 * rows (nd_rowtile_leaves): rows of an odd number of 16-byte words from
 * 64 bytes keep the gather in 16-byte words (rows of 112 and 176 bytes:
 * all 3 shapes drawn ran 7.1 to 12.1 points behind in this tile), and
 * rows of 40 to 56 bytes the rows in the output's order (13 shapes: 7
 * behind, by 1.8 to 17.2 points, 6 ahead, by 1.7 to 8.7). On 30 shapes
 * drawn after the rule was set (H200, NOTES.md, "Row tiles in 8-byte
 * words"), 27 ran faster, by 2.0 to 16.4 points, and three slower: two
 * with rows of 96 bytes by 0.8 and 1.5, and the 8-byte (1, 2, 0, 3) of
 * 27 x 399 x 466 x 9 by 7.3 (Nsight Compute: the gather there read only
 * 6% more than it wrote, and the tile's warps spent 25% of their time at
 * the barrier). Not run on the H100. */
/* Thin tiles (permute_nd_rowtile_thin). Where A is shorter than the
 * tile's side T, B is at least T long and B follows A in the input (B's
 * input stride is A's na rows), a tile of all of A by as many rows of B as
 * fill the tile's capacity (a multiple of 8) is one contiguous run of the
 * input (thin 1); where B is the short side and A follows B in the output,
 * a tile of all of B is one contiguous run of the output (thin 2). The
 * square tile holds such rows in a few of its T lines: tensor sweep draw
 * 14's 2-byte (2, 0, 1, 3) of 410 x 7242 x 3 x 10 (rows of 20 bytes, 3
 * along A) ran at 30.6% of the copy in the square tile (PyTorch 42.3% of
 * its own in the sweep), 93.6% here. On a fresh draw of 16 thin shapes
 * (H100) the thin tiles gained up to 40.9 points and lost at most 0.6; on
 * the draw they were tuned on, one of 19 lost 3.3 (NOTES.md, "Thin row
 * tiles"). A thin 2 tile of fewer B-lines than warps left the other warps
 * idle while it loaded (3 B-lines: 3 of 8 warps; Nsight Compute on the
 * 2-byte (1, 0, 2) of 3 x 722053 x 57, H100: DRAM 48.9% of its peak), so
 * there the whole block loads each line (nd_rowtile_mode). On the H100
 * (NOTES.md, "Thin 2 tiles of a few B-lines"), 9 such shapes gained 0.0
 * to 28.4 points; with a kernel for each thin mode, 13 thin 2 tiles of 8
 * B-lines or more moved by -0.3 to +4.4 and 9 thin 1 tiles by 1.1 at
 * most. */
/* Tiles in 2-byte words, and shared memory given at launch. Rows of an
 * odd number of 2-byte words (a multiple of 2 bytes, not of 4) under 180
 * bytes were moved 2 bytes a lane by permute_nd_rows: tensor sweep draw
 * 14's 2-byte (2, 1, 0, 3) of 330 x 34 x 319 x 55, rows of 110 bytes, ran
 * at 31.7% of the copy on the H200. They now take the row tile in words
 * of 2 bytes (permute_nd_rowtile_2, _thin_2), up to 178 bytes (from 180
 * the shifted rows take them, ND_SHIFT_MIN_BYTES), the tile's side set by
 * the row's length in bytes (nd_rowtile_side). The pitch rule above
 * counts 2-byte words there; whether that leaves shared-memory bank
 * conflicts is not profiled. And every row tile takes the shared memory
 * it needs (nd_rowtile_shared_bytes), given at launch, where each block
 * held the largest tile's 34752 bytes: a smaller tile leaves room for
 * more blocks on a multiprocessor. On a fresh draw (H100, NOTES.md "Row
 * tiles in 2-byte words"), 22 shapes with such rows, of 14 to 178 bytes,
 * went from 16.0-46.9% of the copy to 53.0-76.8% (each by 11.3 points or
 * more), and 16 shapes in the 4-byte row tiles (rows of 64 to 252 bytes)
 * gained 0.4 to 8.8 points. */
#define ND_RT_MAX_WORDS 63
#define ND_RT_MAX_WORDS_2 89   /* 178 bytes */
/* The largest square tile in 4-byte words, T P: 16 x (17 x 31 + 16) (32 x 33 x 8 and 8 x 575
 * are less); every tile fits its bytes (nd_rowtile_capacity). */
#define ND_RT_SHARED_WORDS 8688
typedef struct {
    int64_t na, nb, nc;    /* extents of A, B and C (1 if no third axis) */
    int64_t a_out, b_in;   /* A's output stride, B's input stride         */
    int64_t c_in, c_out;   /* C's strides                                 */
    uint32_t tiles_a;      /* tiles along A                               */
    int W, T;              /* words a row, the tile's side                */
    int Ta, Tb;            /* the tile's rows along A and B               */
    int thin;              /* 0 square; 1 all of A, 2 all of B (below)    */
    int unit;              /* a word's bytes: 8, 4, or 2 (odd 2-byte rows) */
} nd_rowtile;

ND_HD int nd_rowtile_side(int W, int unit)
{
    const int words = (W * unit + 3) / 4;   /* the row's length in 4-byte words */
    return words <= 8 ? 32 : words <= 31 ? 16 : 8;
}

/* The words of `unit` bytes that a tile may hold: ND_RT_SHARED_WORDS
 * 4-byte words, 34752 bytes. */
ND_HD int nd_rowtile_capacity(int unit)
{
    return ND_RT_SHARED_WORDS * 4 / unit;
}

/* A thin tile's long side: as many rows as fill the capacity beside a
 * short side of t rows of W words, a multiple of 8. */
ND_HD int nd_rowtile_long_side(int t, int W, int unit)
{
    return nd_rowtile_capacity(unit) / (t * W) / 8 * 8;
}

/* The shared pitch of a B-line: (T + 1) W words, and as many more as
 * make it W (mod 32) (16 more where T = 16 and W is odd), so that P = W
 * (mod 32). */
ND_HD int nd_rowtile_pitch(int W, int T)
{
    return (T + 1) * W + (32 - T * W % 32) % 32;
}

/* The shared memory a tile takes, in bytes: the square tile's T B-lines
 * at pitch P, a thin tile's Ta Tb rows. */
ND_HD int nd_rowtile_shared_bytes(const nd_rowtile *g)
{
    const int words = g->thin ? g->Ta * g->Tb * g->W : g->T * nd_rowtile_pitch(g->W, g->T);
    return words * g->unit;
}

/* The kernel a tile takes: 0 the square tile, 1 thin 1, 2 thin 2 (a warp
 * loads each B-line), 3 thin 2 with fewer B-lines than a block has warps
 * (the whole block loads each B-line, as thin 1 stores its A-lines). */
ND_HD int nd_rowtile_mode(const nd_rowtile *g)
{
    return g->thin == 2 && g->Tb < ND_THREADS / 32 ? 3 : g->thin;
}

/* Rows of whole 8-byte words that the row tile leaves to others: an odd
 * number of 16-byte words from ND_GATHER_MIN_BYTES, both buffers 16-byte
 * aligned (to the gather in 16-byte words, permute_nd_rows_gather_16),
 * and rows of 40 to 56 bytes, both buffers 8-byte aligned (to the rows in
 * the output's order, nd_rows_merge). With buffers only 4-byte aligned
 * such rows have no 8-byte tile to leave, and keep the tile in 4-byte
 * words, as before 8-byte words came. */
#define ND_GATHER_MIN_BYTES 64
ND_HD int nd_rowtile_leaves(int64_t L, uintptr_t in, uintptr_t out)
{
    return (L % 32 == 16 && L >= ND_GATHER_MIN_BYTES && (in | out) % 16 == 0) ||
           (L % 8 == 0 && L > 32 && L < ND_GATHER_MIN_BYTES && (in | out) % 8 == 0);
}

/* 1 and the tile's geometry in *g (grid[0] its tiles, grid[1] the steps of
 * C) if the plan's rows are short enough and aligned to their words (8
 * bytes where rows and buffers allow, else 4, or 2 for rows of an odd
 * number of 2-byte words), and not left to others (nd_rowtile_leaves);
 * else 0. */
static inline int nd_rowtile_fit(const tp_plan *plan, uintptr_t in, uintptr_t out, nd_rowtile *g,
                                 uint32_t grid[3])
{
    int64_t L = plan->row_len * plan->elem_bytes, wpe, tiles_b;
    int k, ia = -1, ib = -1, ic = -1;
    const int unit = L % 8 == 0 && (in | out) % 8 == 0 ? 8 : L % 4 == 0 ? 4 : 2;
    if (plan->kind != TP_PLAN_ROWS || L % 2 != 0 ||
        L > (unit == 2 ? 2 * ND_RT_MAX_WORDS_2 : 4 * ND_RT_MAX_WORDS) ||
        (in | out) % (uintptr_t)unit != 0 || plan->nz < 2 || plan->nz > 3 ||
        nd_rowtile_leaves(L, in, out))
        return 0;
    for (k = 0; k < plan->nz; k++) {
        if (plan->z_in[k] == plan->row_len && ia < 0)
            ia = k;
        else if (plan->z_out[k] == plan->row_len && ib < 0)
            ib = k;
        else
            ic = k;
    }
    if (ia < 0 || ib < 0 || (plan->nz == 3 && ic < 0))
        return 0;
    wpe = plan->elem_bytes;   /* strides: elements to words */
    g->unit = unit;
    g->W = (int)(L / unit);
    g->T = nd_rowtile_side(g->W, unit);
    g->na = plan->z_dims[ia];
    g->nb = plan->z_dims[ib];
    g->a_out = plan->z_out[ia] * wpe / unit;
    g->b_in = plan->z_in[ib] * wpe / unit;
    g->Ta = g->Tb = g->T;
    g->thin = 0;
    if (g->na < g->T && g->nb >= g->T && g->b_in == g->na * g->W) {   /* all of A, B next */
        g->thin = 1;
        g->Ta = (int)g->na;
        g->Tb = nd_rowtile_long_side(g->Ta, g->W, unit);
    } else if (g->nb < g->T && g->na >= g->T && g->a_out == g->nb * g->W) {   /* all of B */
        g->thin = 2;
        g->Tb = (int)g->nb;
        g->Ta = nd_rowtile_long_side(g->Tb, g->W, unit);
    }
    g->nc = plan->nz == 3 ? plan->z_dims[ic] : 1;
    g->c_in = plan->nz == 3 ? plan->z_in[ic] * wpe / unit : 0;
    g->c_out = plan->nz == 3 ? plan->z_out[ic] * wpe / unit : 0;
    tiles_b = (g->nb + g->Tb - 1) / g->Tb;
    if ((g->na + g->Ta - 1) / g->Ta * tiles_b > 0x7FFFFFFFLL)
        return 0;
    g->tiles_a = (uint32_t)((g->na + g->Ta - 1) / g->Ta);
    grid[0] = (uint32_t)(g->tiles_a * tiles_b);
    grid[1] = (uint32_t)(g->nc < ND_GRID_YZ_MAX ? g->nc : ND_GRID_YZ_MAX);
    grid[2] = 1;
    return 1;
}


/* 1 if every matrix of a plan starts on a 4-byte word of one side, the
 * input (z = plan->z_in) or the output (z = plan->z_out): every other
 * axis's stride on that side a multiple of 4 bytes. */
static inline int nd_skinny_on_words(const tp_plan *plan, const int64_t *z)
{
    int k, on = 1;
    for (k = 0; k < plan->nz; k++)
        on = on && (z[k] * plan->elem_bytes) % 4 == 0;
    return on;
}

/* permute_nd_skinny (permute_nd.cu): 1 (wide) or 2 (tall) if the skinny
 * tiles can take a TILE plan of 1 or 2-byte elements with no side split,
 * else 0; the geometry in *g. Wide: at most SK_MAX_SIDE rows,
 * and the output's column stride is the row count (the output is runs
 * of n_rows elements); tall: at most SK_MAX_SIDE columns, and
 * the input's row stride is the column count. Both buffers must be 4-byte
 * aligned, and the run side's matrices must start on a word (every other
 * axis's stride on that side a multiple of 4 bytes: nd_skinny_on_words),
 * but for tall bytes: their matrices may start anywhere, and take the
 * kernel whose runs start anywhere, permute_nd_skinny_tall_any_1: 3.6 to
 * 5.8 points of the copy faster than the kernels they had on 15 of 22
 * such cases, 0.5 to 1.8 slower on three batches of matrices of a few
 * hundred rows (two of which the small batch now takes: nd_small_choose).
 * On 2-byte tall matrices off a word the same code was
 * slower on 5 of 11 cases, by up to 5.8 points (H200; NOTES.md, "Tall
 * skinny runs that start inside a word"). */
static inline int nd_skinny_fit(const tp_plan *plan, uintptr_t in, uintptr_t out,
                                int64_t in_bytes, sk_geom *g)
{
    int e = plan->elem_bytes;
    if (plan->kind != TP_PLAN_TILE || e > 2 || plan->rows_lo != 0 || plan->cols_lo != 0 ||
        (in | out) % 4 != 0)
        return 0;
    /* The wide run (the output) needs its matrices to start on a word; the
     * segments start anywhere; the tall run, bytes anywhere. */
    if (plan->n_rows <= SK_MAX_SIDE && plan->out_col == plan->n_rows &&
        plan->n_rows <= plan->n_cols && nd_skinny_on_words(plan, plan->z_out)) {
        *g = sk_make_strided(1, plan->n_rows, plan->n_cols, plan->in_row, e, in_bytes);
        return 1;
    }
    if (plan->n_cols <= SK_MAX_SIDE && plan->in_row == plan->n_cols &&
        (e == 1 || nd_skinny_on_words(plan, plan->z_in))) {
        *g = sk_make_strided(0, plan->n_cols, plan->n_rows, plan->out_col, e, in_bytes);
        return 2;
    }
    return 0;
}

/* 1 if a tall skinny tile (nd_skinny_fit's geometry g) has matrices whose
 * input does not start on a 4-byte word: the kernel whose runs start
 * anywhere takes them (permute_nd_skinny_tall_any_1; only bytes get here,
 * nd_skinny_fit says why). */
static inline int nd_skinny_any(const tp_plan *plan, const sk_geom *g)
{
    return !g->wide && !nd_skinny_on_words(plan, plan->z_in);
}

/* permute_nd's small batch (nd_small_pick): matrices with a short side of
 * at most ND_SMALL_MAX bytes; 1 and 2-byte ones of up to ND_SMALL_BYTES
 * but those the wide register sort takes (nd_skinny_fit's 1 and
 * sk_before_packed); 2-byte wide ones of more than ND_SMALL_WIDE2_ROWS
 * rows stop at ND_SMALL_WIDE2_BYTES. On 36 cases of 1-byte matrices of
 * 4097 to 16384 bytes with a short side, drawn at random, the batch
 * gained 1.8 to 26.8 points of the copy on 28 of the 30 that the sort
 * does not take (to 22.7 to 47.1%; the kernels they had before ran them
 * at 17.8 to 28.9) and lost 1.3 and 5.4 on two; on the six the sort
 * takes, the sort was faster on four by 13.5 to 35.5 points and slower
 * on two by 4.5 and 8.7 (H200; NOTES.md, "Small byte matrices of up to
 * 16 KB in the small batch"). On 16 cases of 2-byte matrices of 4097 to 16384
 * bytes, drawn at random, the batch gained 12.2 to 40.0 points on all 8
 * tall ones (to 41.2 to 66.8%) and 6.7 to 24.0 on 5 wide ones; it lost
 * 4.5 to 9.7 on three wide ones of 21 to 31 rows and 9238 to 14674
 * bytes, where other kernels ran them at 42.9 to 47.8. The limit of 8 KB
 * for those leaves them, and one that gained 6.7 (21 x 257, 10794
 * bytes) (H200; NOTES.md, "Small 2-byte matrices of up to 16 KB").
 * 4-byte and wider matrices keep ND_SMALL_MAX: not measured. Returns
 * nd_small_fit_max's answer, *plan rewritten for the batch; or 0, *plan
 * as it was. */
#define ND_SMALL_WIDE2_ROWS 16
#define ND_SMALL_WIDE2_BYTES 8192
static inline int nd_small_choose(tp_plan *plan, uintptr_t in, uintptr_t out, int64_t in_bytes)
{
    tp_plan b = *plan;
    sk_geom g;
    int small = nd_small_pick(&b, ND_SMALL_MAX);
    const int wide2 = plan->elem_bytes == 2 && plan->n_rows < plan->n_cols &&
                      plan->n_rows > ND_SMALL_WIDE2_ROWS;
    if (plan->elem_bytes > 2) {
        *plan = b;
        return small;
    }
    if (!small && nd_skinny_fit(plan, in, out, in_bytes, &g) == 1 && sk_before_packed(g.e, g.k))
        return 0;   /* the wide register sort's */
    /* may take them whole, before their columns */
    return nd_small_pick(plan, wide2 ? ND_SMALL_WIDE2_BYTES : ND_SMALL_BYTES);
}

/* Where permute_nd_small keeps byte b of its chunk when it is swizzled
 * (swz, nd_small_swizzled): b with its 4-byte word's bank (bits 2 to 6)
 * XORed with bits 7 to 11, so that words 128 bytes apart, or a multiple
 * of 128 up to 4 KB, fall on different banks. Words stay whole, and each
 * 128 bytes of the chunk keep their bytes (tests/test_nd_index.c). */
ND_HD int nd_swz(int b, int swz)
{
    return swz ? b ^ ((b >> 5) & 0x7c) : b;
}

/* How many words of one bank a warp asks for at once, on average, when
 * permute_nd_small gathers its 16-byte output groups from the shared
 * chunk: 100 times that. A bank serves one word a pass, so a read takes
 * as many passes as the most words it asks of one bank; Nsight Compute
 * counts the passes past the first as bank conflicts. This counts them
 * on the CPU, for one block's chunk of whole matrices (nd_small_batch of
 * them, R x C each, E bytes an element, swizzled by nd_swz where swz is
 * 1): a warp takes 32 neighbouring groups, and read j of a group is its
 * element j, output element o of the chunk from chunk element
 * nd_small_src. It counts ND_SMALL_WAVE_WARPS warps spread over the
 * chunk, not all of them: a 1-byte chunk has up to 32 warps. Counting
 * all took about 90 us a plan, 8 about 20 us (200 calls on each of six
 * shapes, one core of an AMD EPYC, 2026-11-29). On every (0, 2, 1) shape
 * of 2 to 2000 rows and 2 to 64 columns that the batch takes (74,258),
 * the two counts decided alike but for 79, all within 1.7 words of the
 * bound; tests/test_nd_index.c holds that on 300 random batches, where
 * the whole chunk's count is 2 words or more from it. A model, not a
 * measurement: it assumes that the block's groups start on its first
 * element (sh = 0 in the kernel). Nsight Compute's shared-memory load
 * wavefronts a load instruction, against the model (H200, chapter 11's
 * NOTES.md, "Swizzled where a model counts the conflicts"): 1-byte 44 x
 * 32 matrices 10.94 (model 11.00), swizzled 3.46; 2-byte 100 x 32 21.79
 * (model 22.37), swizzled 2.06; 1-byte 40 x 32 5.03 (model 5.00). */
#define ND_SMALL_WAVE_WARPS 8
static inline int nd_small_wavefronts(const tp_plan *plan, int swz)
{
    const int e = (int)plan->elem_bytes, R = (int)plan->n_rows, C = (int)plan->n_cols;
    const int per = 16 / e, n = nd_small_batch(plan) * R * C, groups = (n + per - 1) / per;
    const int warps = (groups + 31) / 32,
              counted = warps < ND_SMALL_WAVE_WARPS ? warps : ND_SMALL_WAVE_WARPS;
    int64_t sum = 0, reads = 0;
    int i, j, k, t;
    for (i = 0; i < counted; i++) {   /* counted warps, spread over the chunk */
        const int base = (int)((int64_t)i * warps / counted) * 32;
        int word[16][32], lanes = 0;   /* word[j][t]: read j of lane t, -1 past n */
        for (k = base; k < base + 32 && k < groups; k++, lanes++) {
            nd_small_pos q = nd_small_at(k * per, R, C);
            for (j = 0; j < per; j++, nd_small_next(&q, R, C))
                word[j][lanes] =
                    k * per + j < n ? nd_swz(nd_small_src(q, R, C) * e, swz) / 4 : -1;
        }
        for (j = 0; j < per; j++) {
            /* bit w / 32 of seen[w % 32] for each word w read (a chunk has 4096) */
            uint64_t seen[32][2] = { { 0 } };
            int words[32] = { 0 }, most = 0;
            for (t = 0; t < lanes; t++) {
                const int w = word[j][t];
                uint64_t bit;
                if (w < 0)
                    continue;
                bit = (uint64_t)1 << (w / 32 % 64);
                if (!(seen[w % 32][w / 2048] & bit)) {   /* a word not yet read */
                    seen[w % 32][w / 2048] |= bit;
                    if (++words[w % 32] > most)
                        most = words[w % 32];
                }
            }
            if (most) {
                sum += most;
                reads++;
            }
        }
    }
    return reads ? (int)(100 * sum / reads) : 100;
}

/* Whether a batch of whole matrices (a plan that nd_small_choose made and
 * answered 1 for) swizzles its shared chunk (nd_swz above): 1 and 2-byte
 * matrices that store 16-byte groups (one after another in the output,
 * or apart with out and each matrix's M E bytes on 16 bytes, so that no
 * block stores element by element: the kernel's `wide`), where the plain
 * chunk would cost ND_SMALL_SWZ_WAVES / 100 words of a bank a read or
 * more (nd_small_wavefronts above). A thread gathers its 16 output bytes
 * from rows 16 / E apart, 16 C bytes apart in the chunk, so a warp's
 * reads can pile onto a few banks; how many depends on how the warp's
 * groups fall across columns and matrices, which the model follows.
 * Measured on the H200 (chapter 11's NOTES.md, "The small batch's chunk
 * swizzled" and "Swizzled where a model counts the conflicts"), before
 * this rule: every one of 27 matrices at 9.06 words a read or more gained
 * from the swizzle, 5.1 to 41.7 points of the copy; every one of 30 at
 * 7.00 or fewer lost, 0.7 to 6.1; the six between moved by -4.2 to +2.1.
 * After it, on 19 drawn for it: the 12 that it swizzles, where the rule
 * before it (4 dividing C, 128 rows or more) did not, gained 0.1 to 25.2
 * points, one of them of 63 columns; the 7 that it leaves, where that
 * rule swizzled, gained 1.2 to 3.1. */
#define ND_SMALL_SWZ_WAVES 850
static inline int nd_small_swizzled(const tp_plan *plan, uintptr_t out)
{
    const int64_t e = plan->elem_bytes, m = plan->n_rows * plan->n_cols;
    if (e > 2)
        return 0;
    /* one run: the groups start on 16 bytes, the head alone; apart: each
     * matrix is M elements in a row in the output, so every other axis's
     * output stride is a multiple of M */
    if (plan->z_out[plan->nz - 1] != m && (out % 16 != 0 || m * e % 16 != 0))
        return 0;
    return nd_small_wavefronts(plan, 0) >= ND_SMALL_SWZ_WAVES;
}

/* Whether a batch of split rows (nd_small_split_runs answered 1 for the
 * plan) swizzles its chunk: where 4 divides C, as for whole matrices
 * above. Its column store gathers a 16-byte group from rows 16 / E apart,
 * 16 C bytes apart in the chunk, and neighbouring threads take
 * neighbouring groups of one column: unswizzled, they fall on 8 / gcd(C,
 * 8) banks. Four tiles of 48 to 64 columns (8 divides C) that lost 5.2
 * to 11.4 points to the funnel tile over split rows unswizzled were
 * within 0.4 of it or ahead by 4.0 to 7.5 swizzled (H200, NOTES.md). */
static inline int nd_split_runs_swizzled(const tp_plan *plan)
{
    return plan->n_cols % 4 == 0;
}

/* Whether a batch of matrices whose columns run on across matrices
 * (nd_small_cross) swizzles its chunk: the rule above (the same column
 * store), for the 1 and 2-byte ones (the swizzled kernels' sizes). Of 13
 * such batches (1 and 2-byte, 4 to 20 columns), unswizzled four lost 4.6
 * to 9.9 points to the kernels before and nine gained 0.6 to 5.2;
 * swizzled all 13 gained, 8.2 to 19.6 (H200, chapter 11's NOTES.md,
 * "Columns that run on across matrices"). */
static inline int nd_cross_swizzled(const tp_plan *plan)
{
    return plan->elem_bytes <= 2 && nd_split_runs_swizzled(plan);
}

/* ---- The narrow tile over split rows (permute_nd_narrow_split) -----------
 *
 * A narrow tile (fewer than TP_PLAN_SHORT columns, C = n_cols) whose rows
 * are split over two axes, L = rows_lo fast ones and n_rows / L slow ones,
 * where a slow step is one row of the input (in_row_hi == C): for a fast
 * index q, the rows of slow indices h0 .. h0 + h - 1 are one run of h C
 * neighbouring input elements, from q in_row + h0 C. A block takes
 * H slow indices (nd_nsplit_fit), all L fast ones (h = H but in
 * the last block): it loads the L runs, a warp 32 neighbours of one run
 * (element k of the block: run k / (h C), element k % (h C); shared slot
 * q pitch + r), then stores C output runs of h L elements (output column
 * c, rows h0 L .. (h0 + h) L - 1; element m: column m / (h L), row j =
 * m % (h L) = hl L + rl, from shared slot rl pitch + hl C + c). A thread
 * steps k and m by ND_THREADS with adds, from one division each
 * (nd_ns_load_at, nd_ns_store_at), where the narrow tile divides a split
 * row for each element. nd_nsplit_fit says whether a plan is one, and
 * returns H. */
#define ND_NARROW_ROWS(E) (ND_THREADS * 4 / ((E) > 4 ? (E) : 4)) /* 256, 128 or 64 */
#define ND_NARROW_BATCH 8

/* The narrow tile's shared row pitch for C columns: C + 1 or C + 2,
 * whichever is odd (permute_nd.cu says why). */
ND_HD int nd_narrow_pitch(int C)
{
    return C + 1 + (C & 1);
}

/* The rows a narrow tile's block takes, C columns of E-byte elements: as
 * many as its shared tile holds, ND_NARROW_ROWS(E) (TP_PLAN_SHORT + 1)
 * elements, at nd_narrow_pitch(C) a row, in whole warps' worth (a
 * multiple of 32); ND_NARROW_ROWS(E) at C = 31. The tile was sized for 31
 * columns, and a block of fewer columns took as many rows as one of 31:
 * the 8-byte (1, 3, 0, 2) of 3 x 2444 x 947 x 4 moved 4 KB a block, 2
 * elements a thread (ND_NARROW_ROWS(8) = 128 rows of 4), and PyTorch was
 * faster (chapter 11's README, draw 9). With 4 columns a block takes 832
 * rows. Measured on an H100 (chapter 11's NOTES.md, "Short rows in the
 * output's order, and narrow tiles as full as their shared tile"): that
 * case went from 58.9 to 91.6% of the copy, 3 x 2549 x 982 x 4 from 60.9
 * to 93.6, the 4-byte (0, 2, 1) of 30 x 200000 x 7 from 68.7 to 81.3. */
ND_HD int nd_narrow_rows(int E, int C)
{
    int rows = ND_NARROW_ROWS(E) * (TP_PLAN_SHORT + 1) / nd_narrow_pitch(C);
    return rows / 32 * 32;
}

/* The narrow tile's walk over its elements, ND_THREADS at a time without
 * a division: element k = q n + p (p < n) moves on by ND_THREADS = s_q n
 * + s_p. Loads: (q, p) = (row, column), n = C; stores: (column, row),
 * n = R. */
ND_HD void nd_narrow_next(int *p, int *q, int s_p, int s_q, int n)
{
    *p += s_p;
    *q += s_q;
    if (*p >= n) {
        *p -= n;
        (*q)++;
    }
}

/* permute_nd_narrow_walk's loads find their rows' input offsets by
 * walking, not by nd_row_in's division and multiplies (rows split over two
 * axes, as nd_narrow_join leaves them) at every load. A thread's row moves on by step_r, or
 * step_r + 1 where its column wrapped (nd_narrow_next): the offset by the
 * step's precomputed offset, rem (the row's index in the fast axis of a
 * split side) by the step's remainder, and where rem passes lo the offset
 * takes the slow axis's stride less lo fast rows (wrap). A side that is
 * not split walks as one whose fast axis never ends (lo = INT64_MAX), so
 * that the walk is defined on every plan. */
typedef struct {
    int64_t rem, lo, off, wrap;
} nd_row_walk;
typedef struct {
    int64_t dr, doff;
} nd_row_step;

ND_HD nd_row_walk nd_row_walk_at(const nd_args *a, int64_t r)
{
    nd_row_walk w;
    w.lo = a->rows_lo ? a->rows_lo : INT64_MAX;
    w.rem = a->rows_lo ? r % a->rows_lo : r;
    w.off = nd_row_in(a, r);
    w.wrap = a->rows_lo ? a->in_row_hi - a->rows_lo * a->in_row : 0;
    return w;
}

/* A step of s rows (0 < s < 2^31) for walks of this plan. */
ND_HD nd_row_step nd_row_step_of(const nd_args *a, int s)
{
    nd_row_step t;
    int64_t q = a->rows_lo ? s / a->rows_lo : 0;
    t.dr = s - q * a->rows_lo;
    t.doff = q * a->in_row_hi + t.dr * a->in_row;
    return t;
}

ND_HD void nd_row_walk_next(nd_row_walk *w, nd_row_step t)
{
    w->rem += t.dr;
    w->off += t.doff;
    if (w->rem >= w->lo) {
        w->rem -= w->lo;
        w->off += w->wrap;
    }
}

/* The narrow tile in words (permute_nd_narrow_words_1): a narrow tile of
 * bytes whose rows lie one after another in the input
 * (in_row == C), split over two axes (as nd_narrow_join leaves them) or
 * not. (Since tall bytes off a word went to the skinny tile,
 * nd_skinny_fit, the dispatcher gives it only rows split over two axes;
 * the code for rows not split stays, checked on the CPU by
 * tests/test_nd_index.c.)
 * The joined narrow tile moved a byte no faster than a float: about 86
 * instructions a thread for each element, the SMs 83% busy and DRAM 12%
 * (H200; NOTES.md, "Tall skinny tiles of few rows, joined"). Here a
 * block's rows are a few runs of the input, one for each slow index (one
 * run where the rows are not split), each run's elements contiguous:
 * phase 1 loads each run in aligned 4-byte words of U = 4 / E elements
 * (the first and last only in part) and puts each element in its shared
 * slot (row k / C, column k % C of the block's elements k, at row pitch
 * nd_narrow_pitch(C)); phase 2 stores each column's output run, rows r0
 * .. r0 + rows - 1 one after another, in aligned 4-byte words, U rows of
 * one column from the shared tile, the first and last word of a run
 * element by element (a neighbouring block writes their other
 * elements). All offsets here count elements. It spends 17% fewer
 * instructions than the narrow tile, ran 0.4 to 4.8 points of the copy
 * faster on the 17 byte tiles measured, and is still bound by its
 * instructions (H200; NOTES.md, "The byte narrow tile in words"). */
typedef struct {
    int64_t r0, in_off, out_off, h0, L;
    int rows, C, U, runs, lo0;
    int wl, wo;   /* a run's words (at most, phase 1) and a column's (phase 2) */
} nd_nw_block;

/* 1 where permute_nd_narrow_words_1 takes a narrow plan (buffers at in,
 * out). Bytes only: the same kernel for 2-byte elements (U = 2) ran
 * slower than permute_nd_narrow_walk_2 on all 10 tiles it took (NOTES.md,
 * "The byte narrow tile in words"). */
ND_HD int nd_nw_fit(const tp_plan *plan, uintptr_t in, uintptr_t out)
{
    return plan->kind == TP_PLAN_TILE && plan->elem_bytes == 1 && plan->cols_lo == 0 &&
           plan->n_cols >= 2 && plan->n_cols < TP_PLAN_SHORT && plan->in_row == plan->n_cols &&
           (in | out) % 4 == 0;
}

/* Block x's runs, elements of E bytes: R = a->group rows a block; in_off
 * and out_off from nd_offsets. A split side's run s is slow index h0 +
 * s, its rows lo0 .. L - 1 for s = 0 and 0 .. L - 1 after (the last, to
 * the block's end); rows not split are one run (L = the block's rows). */
ND_HD nd_nw_block nd_nw_block_at(const nd_args *a, int E, uint32_t x, int64_t in_off,
                                 int64_t out_off)
{
    nd_nw_block b;
    const int64_t R = (int64_t)a->group;
    b.r0 = (int64_t)x * R;
    b.rows = (int)(a->n_rows - b.r0 < R ? a->n_rows - b.r0 : R);
    b.C = (int)a->n_cols;
    b.U = 4 / E;
    b.in_off = in_off;
    b.out_off = out_off;
    if (a->rows_lo != 0) {
        b.L = a->rows_lo;
        b.h0 = b.r0 / b.L;
        b.lo0 = (int)(b.r0 - b.h0 * b.L);
        b.runs = (int)((b.lo0 + b.rows + b.L - 1) / b.L);
    } else {
        b.L = b.rows;
        b.h0 = 0;
        b.lo0 = 0;
        b.runs = 1;
    }
    b.wl = (int)(((b.L < b.rows ? b.L : b.rows) * b.C + b.U - 1) / b.U + 1);
    b.wo = (b.rows + b.U - 1) / b.U + 1;
    return b;
}

/* Phase 1's item (run s, word w): 0 where the run has no word w, else 1
 * with *A the word's first input element (a multiple of U), *kb the
 * block's element index of it (below *klo where the run starts inside
 * the word), and [*klo, *khi) the block's elements of this run. */
ND_HD int nd_nw_load_item(const nd_args *a, const nd_nw_block *b, int s, int w, int64_t *A,
                          int *kb, int *klo, int *khi)
{
    const int64_t lo = s == 0 ? b->lo0 : 0;
    const int64_t end = b->lo0 + b->rows - (int64_t)s * b->L;   /* past the block's rows */
    const int64_t hi = end < b->L ? end : b->L;
    const int64_t start = b->in_off + (a->rows_lo ? (b->h0 + s) * a->in_row_hi : b->r0 * b->C) +
                          lo * b->C;
    *A = (start & ~(int64_t)(b->U - 1)) + (int64_t)b->U * w;
    *klo = (int)(((int64_t)s * b->L + lo - b->lo0) * b->C);
    *khi = *klo + (int)((hi - lo) * b->C);
    *kb = *klo + (int)(*A - start);
    return *kb < *khi;
}

/* The row of block element k (0 <= k < 2^16) for C columns: k / C as a
 * multiply, m = nd_nw_magic(C) (exact while k C < 2^32). */
ND_HD uint32_t nd_nw_magic(int C)
{
    return 0xFFFFFFFFu / (uint32_t)C + 1u;
}
ND_HD int nd_nw_row(int k, uint32_t m)
{
    return (int)(((uint64_t)(uint32_t)k * m) >> 32);
}

/* Phase 2's item (column c, word w): 0 where column c's run has no word
 * w, else 1 with *A the word's first output element (a multiple of U)
 * and *j0 the block row of it (negative where the run starts inside the
 * word; rows j0 .. j0 + U - 1 of 0 .. rows - 1 are the run's). */
ND_HD int nd_nw_store_item(const nd_args *a, const nd_nw_block *b, int c, int w, int64_t *A,
                           int *j0)
{
    const int64_t start = b->out_off + (int64_t)c * a->out_col + b->r0;
    *A = (start & ~(int64_t)(b->U - 1)) + (int64_t)b->U * w;
    *j0 = (int)(*A - start);
    return *j0 < b->rows;
}

/* The shared row of one fast index: n = H C elements or a few more, so
 * that the row's start moves by an odd number of 4-byte words (bytes and
 * 2-byte elements) or an odd number of elements: the 32 lanes that read
 * one column of the block's rows, fast index rl, rl + 1, ..., fall on
 * different banks. At most n + 2 max(1, 4 / e). */
ND_HD uint32_t nd_nsplit_pitch(uint32_t n, int e)
{
    uint32_t unit = e < 4 ? 4u / (uint32_t)e : 1u;   /* elements a word */
    uint32_t p = (n + unit - 1) / unit * unit;
    return (p / unit) % 2 ? p : p + unit;
}

/* The narrow tile over split rows' shared tile, in elements of E bytes. */
#define ND_NSPLIT_TILE(E) (ND_NARROW_ROWS(E) * (TP_PLAN_SHORT + 2 * ((E) < 4 ? 4 / (E) : 1)))

/* The slow row indices a block of the narrow tile over split rows takes
 * (0: the plan is not one): H = ND_NARROW_ROWS(E) / L, or as many as its
 * shared tile holds. The 1-byte (3, 0, 2, 1) of 417 x 12 x 3354 x 15
 * (rows split 12 x 3354) took 21, 3780 of its 10240 bytes, at 23.8% of
 * the copy; as full as the tile, 56, at 27.9; the 8-byte (2, 1, 0) of
 * 25 x 250000 x 3 went from 39.2 to 89.8. But 4 and 8-byte tiles (34816
 * bytes, as 16-byte ones) that H already filled to 70% or more lost 1.3
 * to 2.5 points (4-byte 30 x 48076 x 26: 82.2 to 79.7), so those keep H;
 * why is not known (not profiled). H100, NOTES.md, "Narrow tiles over
 * split rows as full as their shared tile". */
ND_HD int nd_nsplit_fit(const tp_plan *plan)
{
    const int e = plan->elem_bytes;
    int64_t most = ND_NARROW_ROWS(e), H;
    if (plan->kind != TP_PLAN_TILE || plan->rows_lo < 2 || plan->cols_lo != 0 ||
        plan->n_cols >= TP_PLAN_SHORT || plan->in_row_hi != plan->n_cols ||
        plan->rows_lo > most || plan->n_rows % plan->rows_lo != 0)
        return 0;
    H = most / plan->rows_lo;
    if (e >= 4 && 10 * plan->rows_lo * nd_nsplit_pitch((uint32_t)(H * plan->n_cols), e) >=
                      7 * ND_NSPLIT_TILE(e))
        return (int)H;
    while (plan->rows_lo * nd_nsplit_pitch((uint32_t)((H + 1) * plan->n_cols), e) <=
           ND_NSPLIT_TILE(e))
        H++;
    return (int)H;
}

/* A narrow tile whose rows are too few to fill a block (n_rows under half
 * of nd_narrow_rows) joins the other axis that continues its rows in the
 * output (output stride n_rows) as the slow half of split rows: rows_lo
 * = n_rows, in_row_hi = that axis's input stride, so a block takes several
 * of them and still stores one output run. The 1-byte (3, 1, 0, 2) of
 * 1190 x 124 x 130 x 9 ran its 130 x 9 tiles on permute_nd_narrow_1 at
 * 10.8% of the copy, one block of 256 threads for each 1170 bytes, the
 * SMs 85% busy and DRAM 9% (H200; NOTES.md, "Draw 25 on the H200").
 * Joined, and its rows walked (permute_nd_narrow_walk), it ran at 15.3%;
 * the 8-byte (1, 3, 0, 2) of 11 x 7666 x 32 x 16 went from 43.8 to 82.7,
 * and 17 more joined tiles drawn at random from 7.6-77.1% to 14.2-80.2,
 * each one faster (H200; NOTES.md, "Narrow tiles joined and walked").
 * Returns 1 where it joined. */
static inline int nd_narrow_join(tp_plan *plan)
{
    int k, j;
    if (plan->kind != TP_PLAN_TILE || plan->rows_lo != 0 || plan->cols_lo != 0 ||
        plan->n_cols >= TP_PLAN_SHORT ||
        2 * plan->n_rows > nd_narrow_rows(plan->elem_bytes, (int)plan->n_cols))
        return 0;
    for (k = 0; k < plan->nz; k++)
        if (plan->z_dims[k] > 1 && plan->z_out[k] == plan->n_rows)
            break;
    if (k == plan->nz || plan->n_rows * plan->z_dims[k] > 0xFFFFFFFFLL)
        return 0;
    plan->rows_lo = plan->n_rows;
    plan->in_row_hi = plan->z_in[k];
    plan->n_rows *= plan->z_dims[k];
    for (j = k; j + 1 < plan->nz; j++) {   /* the others close up */
        plan->z_dims[j] = plan->z_dims[j + 1];
        plan->z_in[j] = plan->z_in[j + 1];
        plan->z_out[j] = plan->z_out[j + 1];
    }
    plan->nz--;
    return 1;
}

/* 1 where the dispatcher joins a plan: nd_narrow_join takes it, and the
 * narrow tile over split rows (nd_nsplit_fit) takes neither the plan nor
 * the joined one; *joined is the joined plan then. */
static inline int nd_narrow_join_fit(const tp_plan *plan, tp_plan *joined)
{
    *joined = *plan;
    return !nd_nsplit_fit(plan) && nd_narrow_join(joined) && !nd_nsplit_fit(joined);
}

/* Element k of a block's load: run q, element r of it, input offset off =
 * q in_row + r (from the block's first element). */
typedef struct {
    uint32_t q, r;
    int64_t off;
} nd_ns_load;

ND_HD nd_ns_load nd_ns_load_at(uint32_t k, uint32_t run, int64_t in_row)
{
    nd_ns_load x;
    x.q = k / run;
    x.r = k % run;
    x.off = (int64_t)x.q * in_row + x.r;
    return x;
}

/* *x moves on by s = nd_ns_load_at(step, ...): one carry at most. */
ND_HD void nd_ns_load_add(nd_ns_load *x, nd_ns_load s, uint32_t run, int64_t in_row)
{
    x->r += s.r;
    x->q += s.q;
    x->off += s.off;
    if (x->r >= run) {
        x->r -= run;
        x->q++;
        x->off += in_row - run;
    }
}

/* Element m of a block's store: output column c, row hl L + rl of the
 * block; output offset off = c out_col + hl L + rl, shared slot at =
 * rl pitch + hl C + c. */
typedef struct {
    uint32_t c, hl, rl, at;
    int64_t off;
} nd_ns_store;

ND_HD nd_ns_store nd_ns_store_at(uint32_t m, uint32_t h, uint32_t L, uint32_t C, uint32_t pitch,
                                 int64_t out_col)
{
    nd_ns_store x;
    uint32_t j = m % (h * L);
    x.c = m / (h * L);
    x.hl = j / L;
    x.rl = j % L;
    x.at = x.rl * pitch + x.hl * C + x.c;
    x.off = (int64_t)x.c * out_col + j;
    return x;
}

/* *x moves on by s = nd_ns_store_at(step, ...): a carry from rl into hl,
 * and one from hl into c, at most one each. */
ND_HD void nd_ns_store_add(nd_ns_store *x, nd_ns_store s, uint32_t h, uint32_t L, uint32_t C,
                           uint32_t pitch, int64_t out_col)
{
    x->rl += s.rl;
    x->hl += s.hl;
    x->c += s.c;
    x->at += s.at;
    x->off += s.off;
    if (x->rl >= L) {
        x->rl -= L;
        x->hl++;
        x->at += C - L * pitch;   /* unsigned: wraps, and comes right */
    }
    if (x->hl >= h) {
        x->hl -= h;
        x->c++;
        x->at += 1 - h * C;
        x->off += out_col - (int64_t)h * L;
    }
}

#endif
