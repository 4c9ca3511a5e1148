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
 *         z2; otherwise one row, in `pieces` blocks (nd_row_access). The
 *         grid's x axis numbers (bunches of rows, piece), y and z are z1
 *         and z0 as for the tile.
 */
#ifndef CH11_ND_INDEX_H
#define CH11_ND_INDEX_H

#include <stdint.h>

#include "problem.h"
#include "../10_elements/skinny_words.h"   /* sk_geom, for nd_skinny_fit */

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
    uint32_t group, pieces;       /* ROWS: rows per block, blocks per row         */
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
 * axes' z0 and z1 come from the grid). Short rows (fewer accesses than a
 * block has threads, `group` of them fit): a block moves ND_ROW_UNROLL
 * bunches of `group` neighbouring rows, thread t access t % vecs of row
 * t / vecs of bunch k; threads past the last whole row have nothing to
 * do. Long rows: a block moves a piece of
 * ND_ROW_UNROLL x ND_THREADS accesses of one row, access k of thread t
 * being k ND_THREADS + t, so each warp instruction covers 32 neighbours.
 * Returns 0 where access k falls outside the rows. */
#define ND_ROW_UNROLL 4
ND_HD int nd_row_access(const nd_args *a, uint32_t block_x, uint32_t t, int k, int64_t *z2,
                        int64_t *v)
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

/* permute_nd_skinny (permute_nd.cu): 1 (wide) or 2 (tall) if the skinny
 * tiles can take a TILE plan of 1 or 2-byte elements with no side split,
 * else 0; the geometry in *g. Wide: at most SK_MAX_SIDE rows,
 * and the output's column stride is the row count (the output is runs
 * of n_rows elements); tall: at most SK_MAX_SIDE columns, and
 * the input's row stride is the column count. Both buffers must be 4-byte
 * aligned, and the run side's matrices must start on a word (every other
 * axis's stride on that side a multiple of 4 bytes). */
static inline int nd_skinny_fit(const tp_plan *plan, uintptr_t in, uintptr_t out,
                                int64_t in_bytes, sk_geom *g)
{
    int k, e = plan->elem_bytes, in_words = 1, out_words = 1;
    if (plan->kind != TP_PLAN_TILE || e > 2 || plan->rows_lo != 0 || plan->cols_lo != 0 ||
        (in | out) % 4 != 0)
        return 0;
    for (k = 0; k < plan->nz; k++) {   /* every matrix's first byte on a word? */
        in_words = in_words && (plan->z_in[k] * e) % 4 == 0;
        out_words = out_words && (plan->z_out[k] * e) % 4 == 0;
    }
    /* The run side needs its matrices to start on a word; the segments
     * start anywhere. */
    if (plan->n_rows <= SK_MAX_SIDE && plan->out_col == plan->n_rows &&
        plan->n_rows <= plan->n_cols && out_words) {
        *g = sk_make_strided(1, plan->n_rows, plan->n_cols, plan->in_row, e, in_bytes);
        return 1;
    }
    if (plan->n_cols <= SK_MAX_SIDE && plan->in_row == plan->n_cols && in_words) {
        *g = sk_make_strided(0, plan->n_cols, plan->n_rows, plan->out_col, e, in_bytes);
        return 2;
    }
    return 0;
}

#endif
