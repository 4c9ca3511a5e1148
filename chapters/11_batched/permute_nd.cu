/*
 * chapters/11_batched/permute_nd.cu - permute_nd.h's kernels: one tile
 * kernel and one row kernel per element size, written once as a macro
 * (C has no templates) and stamped out for 1, 2, 4, 8 and 16 bytes, and
 * chapter 10's byte quads and 2-byte pairs for the tiles of 1 and 2-byte
 * elements whose sides allow them.
 */
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "permute_nd.h"
#include "../09_beyond/kernels.h"
#include "../10_elements/kernels.h"
#include "../10_elements/funnel_tile.cuh"
#include "shift16.h"
#include "../tile.h"

/* A 16-byte element or access: four 32-bit words, copied as one. */
typedef uint4 nd_16;

/* ---- The tile: the fastest axis moves --------------------------------------

 * Chapter 7's padded tile, for elements of type T, S x S elements
 * (nd_tile_side: 64 for elements of up to 4 bytes, chapter 9's lever 1;
 * 32 for 8 and 16 bytes), with 256 threads: thread t covers column t % S
 * of rows t / S, t / S + P, ... (P = 256 / S rows a pass). A warp loads
 * 32 neighbours of one input row and, after the barrier, stores 32
 * neighbours of one output row. Every load of a thread is issued before
 * the first is stashed: S / P loads in flight, 16 for the 64 x 64 tile
 * (chapter 9 measured that tile above chapter 7's on an H200; for the
 * permutations it is a hypothesis until chapter 11's table shows it). The
 * row pitch, S + ND_PAD(T) elements, is an odd number of 4-byte words, so
 * the 32 threads reading a column of the tile fall on 32 banks (8 and
 * 16-byte elements: 33 elements, as chapter 10's tiles). Tile (z1, z2,
 * tile number) comes from the grid (nd_index.h). A side shorter than 32
 * continues into the next axis (problem.h's TP_PLAN_SHORT): the split
 * kernels walk that side's rows or columns (nd_walk_rows, nd_walk_cols:
 * one division a thread, then adds). */
#define ND_PAD(T) (sizeof(T) >= 4 ? 1 : 4 / (int)sizeof(T))
#define ND_TILE_KERNEL(NAME, T, S, MIN_BLOCKS, SPLIT)                                    \
    __global__ void __launch_bounds__(ND_THREADS, MIN_BLOCKS_2048(MIN_BLOCKS))           \
        NAME(const T *__restrict__ in, T *__restrict__ out, nd_args a)                   \
    {                                                                                    \
        enum { P = ND_THREADS / (S) };                                                   \
        __shared__ T tile[S][(S) + ND_PAD(T)];                                           \
        const int tx = threadIdx.x % (S), ty = threadIdx.x / (S);                        \
        int64_t r0, c0, in_off, out_off;                                                 \
        T v[(S) / P];                                                                    \
                                                                                         \
        nd_tile_origin(&a, blockIdx.x, &r0, &c0);                                        \
        /* this thread's loads: column c0 + tx, rows r0 + ty + j P below r0 + ty +     \
         * rows_in; its stores: output column r0 + tx, rows c0 + ty + j P below         \
         * c0 + ty + cols_in */                                                         \
        const int rows_in = (int)min(a.n_rows - r0 - ty, (int64_t)(S));                  \
        const int cols_in = (int)min(a.n_cols - c0 - ty, (int64_t)(S));                  \
        const bool col_ok = c0 + tx < a.n_cols, row_ok = r0 + tx < a.n_rows;             \
        for (int64_t z1 = blockIdx.z; z1 < a.z_dims[1]; z1 += gridDim.z)                 \
            for (int64_t z2 = blockIdx.y; z2 < a.z_dims[2]; z2 += gridDim.y) {           \
                nd_offsets(&a, 0, z1, z2, &in_off, &out_off);                            \
                if (!(SPLIT)) { /* rows P apart: one pointer, stepped */                \
                    const T *p = in + in_off + (r0 + ty) * a.in_row + c0 + tx;           \
                    _Pragma("unroll") for (int j = 0; j < (S) / P; j++) {               \
                        if (col_ok && j * P < rows_in)                                   \
                            v[j] = *p;                                                   \
                        p += P * a.in_row;                                               \
                    }                                                                    \
                } else { /* rows walked P at a time (split_walk.h) */                    \
                    split_walk wr = nd_walk_rows(&a, r0 + ty);                           \
                    const split_step by = split_walk_step_of(wr.lo, P);                  \
                    _Pragma("unroll") for (int j = 0; j < (S) / P; j++) {               \
                        if (col_ok && j * P < rows_in)                                   \
                            v[j] = in[in_off + split_walk_off(&wr, a.in_row, a.in_row_hi) + \
                                      c0 + tx];                                          \
                        split_walk_next(&wr, by);                                        \
                    }                                                                    \
                }                                                                        \
                _Pragma("unroll") for (int j = 0; j < (S) / P; j++)                      \
                    if (col_ok && j * P < rows_in)                                       \
                        tile[ty + j * P][tx] = v[j];                                     \
                __syncthreads();                                                         \
                if (!(SPLIT)) {                                                          \
                    T *q = out + out_off + (c0 + ty) * a.out_col + r0 + tx;              \
                    _Pragma("unroll") for (int j = 0; j < (S) / P; j++) {               \
                        if (row_ok && j * P < cols_in)                                   \
                            *q = tile[tx][ty + j * P];                                   \
                        q += P * a.out_col;                                              \
                    }                                                                    \
                } else {                                                                 \
                    split_walk wc = nd_walk_cols(&a, c0 + ty);                           \
                    const split_step by = split_walk_step_of(wc.lo, P);                  \
                    _Pragma("unroll") for (int j = 0; j < (S) / P; j++) {               \
                        if (row_ok && j * P < cols_in)                                   \
                            out[out_off + split_walk_off(&wc, a.out_col, a.out_col_hi) + \
                                r0 + tx] = tile[tx][ty + j * P];                         \
                        split_walk_next(&wc, by);                                        \
                    }                                                                    \
                }                                                                        \
                __syncthreads(); /* the tile is refilled for the next (z1, z2) */        \
            }                                                                            \
    }

/* SPLIT: a kernel for plans with a split side (walked), and one for the
 * rest, whose rows are P apart and stepped with one pointer; apart, each
 * needs fewer registers than both in one. MIN_BLOCKS: blocks of 256
 * threads an SM must be able to hold, which caps the registers a thread
 * may use (65536 / (256 x MIN_BLOCKS)). Without it the 32 x 32 tiles took
 * 48 registers and Nsight Compute measured 62.5% occupancy on an H200
 * (chapter 11's NOTES.md). Each is the most blocks with no spills (`nvcc
 * -arch=sm_90 -O3 -Xptxas -v`): 6 (40 registers) for the unsplit 64 x 64
 * tiles and the 8-byte 32 x 32 one, 4 (64) for the rest. Only where an SM
 * holds 2048 threads (MIN_BLOCKS_2048, in chapters/tile.h); elsewhere the
 * compiler chooses alone. */
ND_TILE_KERNEL(permute_nd_tile_1, uint8_t, ND_TILE64, 6, 0)
ND_TILE_KERNEL(permute_nd_tile_2, uint16_t, ND_TILE64, 6, 0)
ND_TILE_KERNEL(permute_nd_tile_4, uint32_t, ND_TILE64, 6, 0)
ND_TILE_KERNEL(permute_nd_tile_8, unsigned long long, ND_TILE, 6, 0)
ND_TILE_KERNEL(permute_nd_tile_16, nd_16, ND_TILE, 4, 0)
ND_TILE_KERNEL(permute_nd_split_1, uint8_t, ND_TILE64, 4, 1)
ND_TILE_KERNEL(permute_nd_split_2, uint16_t, ND_TILE64, 4, 1)
ND_TILE_KERNEL(permute_nd_split_4, uint32_t, ND_TILE64, 4, 1)
ND_TILE_KERNEL(permute_nd_split_8, unsigned long long, ND_TILE, 4, 1)
ND_TILE_KERNEL(permute_nd_split_16, nd_16, ND_TILE, 4, 1)

/* ---- The narrow tile: a short side that cannot continue -------------------

 * A TILE plan whose columns (the input's fastest axis) are fewer than
 * TP_PLAN_SHORT and cannot continue into another axis (the next one is
 * the tile's rows: a batch of k-column matrices, (0, 2, 1) of B x R x k)
 * leaves most of a 64 x 64 tile empty. Here a block takes R =
 * nd_narrow_rows(E, C) whole rows of C = n_cols elements, as many as its
 * shared tile holds (a.group; chapter 9's lever 5,
 * for any rank and element size; where the byte quads or the 2-byte pairs
 * fit, they keep the shape: the quads measured faster, chapter 11's
 * NOTES.md "Rows of an odd number of bytes, and narrow tiles"; the pairs
 * not measured): element k ND_THREADS + t
 * of the tile, row (k
 * ND_THREADS + t) / C, is loaded by thread t (the row and column stepped,
 * not divided, from one division a block), 8 loads in flight; then
 * thread t stores elements t, t + ND_THREADS, ... of the block's rows
 * taken column by column (row j % rows of column j / rows, stepped the
 * same way), so a warp stores 32 neighbours of one output row. The
 * shared row pitch (nd_narrow_pitch) is C + 1 or C + 2, whichever is
 * odd: the 32 rows a warp reads down one column fall on 32 banks (4-byte
 * elements). Where nd_narrow_join joined a short tile's rows to an other
 * axis (or a plan split them), the rows are split over two axes, and the
 * output keeps them one after another; permute_nd_narrow_walk_E (WALK 1)
 * then walks the loads' input offsets (nd_row_walk) and the stores'
 * output offsets with adds, not a division and multiplies at every
 * element. Measured (H200, chapter 11's NOTES.md, "Narrow tiles joined
 * and walked"): on 19 joined tiles the walk took the 4-byte ones from
 * 45-47% of the copy to 52-61%, the 8-byte from 73-75 to 78-83; on
 * tiles not split it lost (the 8-byte 2 x 4093 x 267 x 27 went from 85.8
 * to 79.4), so they keep the multiplies (WALK 0). In WALK 0 the walk's
 * set-up (s0, s1, jstep, jwrap, w, o) goes unused and the compiler drops
 * it: 48 registers for 1 to 4-byte elements, as before the walk (nvcc
 * -Xptxas -v, sm_90). */
/* ND_NARROW_ROWS(E), ND_NARROW_BATCH: nd_index.h */
#define ND_NARROW_KERNEL(NAME, T, WALK)                                                  \
    __global__ void __launch_bounds__(ND_THREADS)                                        \
        NAME(const T *__restrict__ in, T *__restrict__ out, nd_args a)                   \
    {                                                                                    \
        __shared__ T tile[ND_NARROW_ROWS(sizeof(T)) * (TP_PLAN_SHORT + 1)]; /* <= 33 KB */ \
        const int R = (int)a.group, C = (int)a.n_cols, pitch = nd_narrow_pitch(C);       \
        const int t = threadIdx.x;                                                       \
        const int step_r = ND_THREADS / C, step_c = ND_THREADS - step_r * C;             \
        const nd_row_step s0 = nd_row_step_of(&a, step_r);                               \
        const nd_row_step s1 = nd_row_step_of(&a, step_r + 1); /* where c wraps */       \
        const int64_t r0 = (int64_t)blockIdx.x * R;                                      \
        const int rows = (int)min(a.n_rows - r0, (int64_t)R);                            \
        const int jstep_c = ND_THREADS / rows, jstep_r = ND_THREADS - jstep_c * rows;    \
        const int64_t jstep = jstep_c * a.out_col + jstep_r; /* the stores' steps */     \
        const int64_t jwrap = jstep + a.out_col - rows;     /* where rj wraps */         \
        int64_t in_off, out_off;                                                         \
        for (int64_t z1 = blockIdx.z; z1 < a.z_dims[1]; z1 += gridDim.z)                 \
            for (int64_t z2 = blockIdx.y; z2 < a.z_dims[2]; z2 += gridDim.y) {           \
                nd_offsets(&a, 0, z1, z2, &in_off, &out_off);                            \
                int r = t / C, c = t - (t / C) * C; /* element t of the tile */          \
                nd_row_walk w = nd_row_walk_at(&a, r0 + r);                              \
                for (int k0 = 0; k0 * ND_THREADS < rows * C; k0 += ND_NARROW_BATCH) {    \
                    T v[ND_NARROW_BATCH];                                                \
                    int rr[ND_NARROW_BATCH], cc[ND_NARROW_BATCH];                        \
                    _Pragma("unroll") for (int k = 0; k < ND_NARROW_BATCH; k++) {        \
                        rr[k] = r;                                                       \
                        cc[k] = c;                                                       \
                        if (r < rows)                                                    \
                            v[k] = in[in_off + c +                                       \
                                      (WALK ? w.off : nd_row_in(&a, r0 + r))];           \
                        if (WALK)                                                        \
                            nd_row_walk_next(&w, c + step_c >= C ? s1 : s0);             \
                        nd_narrow_next(&c, &r, step_c, step_r, C); /* + ND_THREADS */    \
                    }                                                                    \
                    _Pragma("unroll") for (int k = 0; k < ND_NARROW_BATCH; k++)          \
                        if (rr[k] < rows)                                                \
                            tile[rr[k] * pitch + cc[k]] = v[k];                          \
                }                                                                        \
                __syncthreads();                                                         \
                int cj = t / rows, rj = t - (t / rows) * rows; /* j = t, t + 256, ... */ \
                for (int64_t o = out_off + nd_col_out(&a, cj) + r0 + rj; cj < C;) {      \
                    out[WALK ? o : out_off + nd_col_out(&a, cj) + r0 + rj] =             \
                        tile[rj * pitch + cj];                                           \
                    if (WALK)                                                            \
                        o += rj + jstep_r >= rows ? jwrap : jstep;                       \
                    nd_narrow_next(&rj, &cj, jstep_r, jstep_c, rows);                    \
                }                                                                        \
                __syncthreads(); /* the tile is refilled for the next (z1, z2) */        \
            }                                                                            \
    }

ND_NARROW_KERNEL(permute_nd_narrow_1, uint8_t, 0)
ND_NARROW_KERNEL(permute_nd_narrow_2, uint16_t, 0)
ND_NARROW_KERNEL(permute_nd_narrow_4, uint32_t, 0)
ND_NARROW_KERNEL(permute_nd_narrow_8, unsigned long long, 0)
ND_NARROW_KERNEL(permute_nd_narrow_16, nd_16, 0)
ND_NARROW_KERNEL(permute_nd_narrow_walk_1, uint8_t, 1)
ND_NARROW_KERNEL(permute_nd_narrow_walk_2, uint16_t, 1)
ND_NARROW_KERNEL(permute_nd_narrow_walk_4, uint32_t, 1)
ND_NARROW_KERNEL(permute_nd_narrow_walk_8, unsigned long long, 1)
ND_NARROW_KERNEL(permute_nd_narrow_walk_16, nd_16, 1)

/* The narrow tile in words, elements of 1 byte (T): nd_index.h,
 * nd_nw_block, says how. (A 2-byte instantiation ran slower than
 * permute_nd_narrow_walk_2 on all 10 tiles it took: NOTES.md, "The byte
 * narrow tile in words".) A thread takes items t, t + ND_THREADS, ...
 * (stepped, not divided), 8 loads in flight before their elements go to
 * shared memory; in_elems: the input's size, so that a word is never
 * read past its end. */
#define ND_NW_KERNEL(NAME, T)                                                            \
    __global__ void __launch_bounds__(ND_THREADS)                                        \
        NAME(const T *__restrict__ in, T *__restrict__ out, nd_args a, int64_t in_elems) \
    {                                                                                    \
        __shared__ T tile[ND_NARROW_ROWS(sizeof(T)) * (TP_PLAN_SHORT + 1)];              \
        const int C = (int)a.n_cols, pitch = nd_narrow_pitch(C), t = threadIdx.x;        \
        const int U = 4 / sizeof(T), SH = 8 * sizeof(T); /* elements a word, bits one */ \
        const uint32_t magic = nd_nw_magic(C);                                           \
        int64_t in_off, out_off, A;                                                      \
        for (int64_t z1 = blockIdx.z; z1 < a.z_dims[1]; z1 += gridDim.z)                 \
            for (int64_t z2 = blockIdx.y; z2 < a.z_dims[2]; z2 += gridDim.y) {           \
                nd_offsets(&a, 0, z1, z2, &in_off, &out_off);                            \
                const nd_nw_block b =                                                    \
                    nd_nw_block_at(&a, sizeof(T), blockIdx.x, in_off, out_off);          \
                const int ls = ND_THREADS / b.wl, lw = ND_THREADS - ls * b.wl;           \
                int s = t / b.wl, w = t - (t / b.wl) * b.wl;                             \
                while (s < b.runs) { /* phase 1: the runs, in words */                   \
                    uint32_t v[ND_NARROW_BATCH];                                         \
                    int kb[ND_NARROW_BATCH], klo[ND_NARROW_BATCH], khi[ND_NARROW_BATCH]; \
                    _Pragma("unroll") for (int k = 0; k < ND_NARROW_BATCH; k++) {        \
                        if (s < b.runs && nd_nw_load_item(&a, &b, s, w, &A, &kb[k],      \
                                                          &klo[k], &khi[k])) {           \
                            if (A + U <= in_elems) {                                     \
                                v[k] = *(const uint32_t *)(in + A);                      \
                            } else { /* the input's last elements */                     \
                                v[k] = 0;                                                \
                                for (int i = 0; i < U && A + i < in_elems; i++)          \
                                    v[k] |= (uint32_t)in[A + i] << SH * i;               \
                            }                                                            \
                        } else {                                                         \
                            kb[k] = klo[k] = khi[k] = 0;                                 \
                        }                                                                \
                        nd_narrow_next(&w, &s, lw, ls, b.wl);                            \
                    }                                                                    \
                    _Pragma("unroll") for (int k = 0; k < ND_NARROW_BATCH; k++)          \
                        _Pragma("unroll") for (int i = 0; i < U; i++) {                  \
                            const int kk = kb[k] + i;                                    \
                            if (kk >= klo[k] && kk < khi[k]) { /* row r, col kk - r C */ \
                                const int r = nd_nw_row(kk, magic);                      \
                                tile[r * pitch + kk - r * C] = (T)(v[k] >> SH * i);      \
                            }                                                            \
                        }                                                                \
                }                                                                        \
                __syncthreads();                                                         \
                const int cs = ND_THREADS / b.wo, cw = ND_THREADS - cs * b.wo;           \
                int c = t / b.wo, j0;                                                    \
                for (w = t - (t / b.wo) * b.wo; c < C;                                   \
                     nd_narrow_next(&w, &c, cw, cs, b.wo)) {                             \
                    if (!nd_nw_store_item(&a, &b, c, w, &A, &j0)) /* phase 2: words */   \
                        continue;                                                        \
                    uint32_t x = 0;                                                      \
                    _Pragma("unroll") for (int i = 0; i < U; i++)                        \
                        if (j0 + i >= 0 && j0 + i < b.rows)                              \
                            x |= (uint32_t)tile[(j0 + i) * pitch + c] << SH * i;         \
                    if (j0 >= 0 && j0 + U <= b.rows)                                     \
                        *(uint32_t *)(out + A) = x;                                      \
                    else                                                                 \
                        for (int i = 0; i < U; i++)                                      \
                            if (j0 + i >= 0 && j0 + i < b.rows)                          \
                                out[A + i] = (T)(x >> SH * i);                           \
                }                                                                        \
                __syncthreads(); /* the tile is refilled for the next (z1, z2) */        \
            }                                                                            \
    }
ND_NW_KERNEL(permute_nd_narrow_words_1, uint8_t)

/* ---- The narrow tile over split rows ---------------------------------------

 * nd_index.h's geometry (nd_nsplit_fit): a block takes a.group = H slow
 * row indices and all L = rows_lo fast ones, loads L runs of h C
 * neighbouring elements and stores C output runs of h L, every index
 * stepped with adds (nd_ns_load_add, nd_ns_store_add), ND_NARROW_BATCH
 * loads in flight a thread. Tensor sweep draw 9's 1-byte (3, 1, 2, 0) of
 * 24 x 73089 x 17 x 7 ran the narrow tile above at 8% of DRAM's peak with
 * the SMs 78% busy (Nsight Compute, H200; chapter 11's NOTES.md, "Draw
 * 9's slowest cases, profiled"): a division of a split row for each
 * element, and a warp's 32 loads spread over 5 rows 8.7 MB apart. The
 * hypothesis here: fewer instructions an element and whole runs a warp
 * bring it near the copy. */
#define ND_NSPLIT_KERNEL(NAME, T)                                                        \
    __global__ void __launch_bounds__(ND_THREADS)                                        \
        NAME(const T *__restrict__ in, T *__restrict__ out, nd_args a)                   \
    {                                                                                    \
        __shared__ T tile[ND_NSPLIT_TILE(sizeof(T))];   /* at most 33 KB */              \
        const uint32_t C = (uint32_t)a.n_cols, L = (uint32_t)a.rows_lo, H = a.group;     \
        const int64_t h0 = (int64_t)blockIdx.x * H;                                      \
        const uint32_t h = (uint32_t)min((int64_t)H, a.n_rows / L - h0);                  \
        const uint32_t run = h * C, pitch = nd_nsplit_pitch(H * C, (int)sizeof(T));      \
        const nd_ns_load ls = nd_ns_load_at(ND_THREADS, run, a.in_row);                  \
        const nd_ns_store ss = nd_ns_store_at(ND_THREADS, h, L, C, pitch, a.out_col);    \
        int64_t in_off, out_off;                                                         \
        for (int64_t z1 = blockIdx.z; z1 < a.z_dims[1]; z1 += gridDim.z)                 \
            for (int64_t z2 = blockIdx.y; z2 < a.z_dims[2]; z2 += gridDim.y) {           \
                nd_offsets(&a, 0, z1, z2, &in_off, &out_off);                            \
                const T *src = in + in_off + h0 * C;   /* fast 0, slow h0, column 0 */  \
                T *dst = out + out_off + h0 * L;       /* column 0, row h0 L */         \
                nd_ns_load x = nd_ns_load_at(threadIdx.x, run, a.in_row);                \
                while (x.q < L) {                                                        \
                    T v[ND_NARROW_BATCH];                                                \
                    uint32_t at[ND_NARROW_BATCH];                                        \
                    _Pragma("unroll") for (int k = 0; k < ND_NARROW_BATCH; k++) {       \
                        at[k] = x.q < L ? x.q * pitch + x.r : 0xFFFFFFFFu;               \
                        if (x.q < L)                                                     \
                            v[k] = src[x.off];                                           \
                        nd_ns_load_add(&x, ls, run, a.in_row);                           \
                    }                                                                    \
                    _Pragma("unroll") for (int k = 0; k < ND_NARROW_BATCH; k++)          \
                        if (at[k] != 0xFFFFFFFFu)                                        \
                            tile[at[k]] = v[k];                                          \
                }                                                                        \
                __syncthreads();                                                         \
                for (nd_ns_store y = nd_ns_store_at(threadIdx.x, h, L, C, pitch, a.out_col); \
                     y.c < C; nd_ns_store_add(&y, ss, h, L, C, pitch, a.out_col))        \
                    dst[y.off] = tile[y.at];                                             \
                __syncthreads(); /* the tile is refilled for the next (z1, z2) */        \
            }                                                                            \
    }

ND_NSPLIT_KERNEL(permute_nd_narrow_split_1, uint8_t)
ND_NSPLIT_KERNEL(permute_nd_narrow_split_2, uint16_t)
ND_NSPLIT_KERNEL(permute_nd_narrow_split_4, uint32_t)
ND_NSPLIT_KERNEL(permute_nd_narrow_split_8, unsigned long long)
ND_NSPLIT_KERNEL(permute_nd_narrow_split_16, nd_16)

/* ---- The byte quads: chapter 10's lever for 1-byte tiles -------------------

 * transpose_u8_quads (chapter 10) with strides: where every side and
 * stride is a multiple of 4 (nd_quads_fit), a thread reads 4 x 4 blocks of
 * bytes as four 32-bit words of four rows, transposes each block in
 * registers with __byte_perm (transpose_4x4_bytes), and stashes the four words of four output
 * rows; each warp then stores 128 bytes of one output row, as the float
 * kernels do. word[k][J][i] is word i of output row 4 J + k of the tile;
 * the pitch of 33 words keeps both phases on 32 different banks. The
 * index arithmetic is nd_index.h's (nd_quad_load, nd_quad_store). */

__global__ void __launch_bounds__(ND_THREADS)
permute_nd_quads(const uint8_t *__restrict__ in, uint8_t *__restrict__ out, nd_args a)
{
    __shared__ uint32_t word[4][ND_QUAD_TILE / 4][ND_QUAD_TILE / 4 + 1];   /* 16896 bytes */
    int lane = threadIdx.x % 32, w = threadIdx.x / 32;
    int64_t r0, c0, in_off, out_off;

    nd_tile_origin(&a, blockIdx.x, &r0, &c0);
    for (int64_t z1 = blockIdx.z; z1 < a.z_dims[1]; z1 += gridDim.z)
        for (int64_t z2 = blockIdx.y; z2 < a.z_dims[2]; z2 += gridDim.y) {
            uint32_t q[4][4];
            nd_offsets(&a, 0, z1, z2, &in_off, &out_off);
            /* One pointer stepped down the rows (nd_quad_load says which):
             * offsets computed per (s, t) would be hoisted out of the z loops
             * and hold 32 64-bit registers (152 a thread, one block an SM). */
            const uint8_t *p = in + in_off + nd_quad_first(&a, r0, c0, w, lane);
#pragma unroll
            for (int s = 0; s < 4; s++) {
                int ok = nd_quad_in(&a, r0, c0, w, lane, s);
#pragma unroll
                for (int t = 0; t < 4; t++) {
                    q[s][t] = ok ? *(const uint32_t *)p : 0u;
                    p += a.in_row;
                }
                p += (ND_QUAD_ROWS_STEP - 4) * a.in_row;   /* to block row s + 1 */
            }
#pragma unroll
            for (int s = 0; s < 4; s++) {
                transpose_4x4_bytes(q[s]);   /* chapter 10's, in funnel_tile.cuh */
#pragma unroll
                for (int k = 0; k < 4; k++)
                    word[k][lane][w + 8 * s] = q[s][k];
            }
            __syncthreads();
            uint8_t *o = out + out_off + nd_quad_store_first(&a, r0, c0, w, lane);
#pragma unroll
            for (int m = 0; m < 16; m++) {
                int R = w + 8 * m;
                if (nd_quad_store_in(&a, r0, c0, w, lane, m))
                    *(uint32_t *)o = word[R & 3][R >> 2][lane];
                o += 8 * a.out_col;   /* to output row R + 8 */
            }
            __syncthreads();   /* the tile is refilled for the next (z1, z2) */
        }
}

/* ---- The 2-byte pairs: chapter 10's lever for 2-byte tiles ----------------

 * transpose_u16_vec16 (chapter 10) with strides and 256 threads: where
 * every side and stride is a multiple of 8 (nd_pairs_fit), a thread reads
 * 8 elements (one 16-byte access) of each of two neighbouring rows, packs
 * each 2 x 2 block into two 32-bit words with __byte_perm (one word per
 * output row), and stores 16-byte accesses of 4 words: 8 elements of one
 * output row. word[p][J][i] is word i of output row 2 J + p (it holds
 * input rows 2 i and 2 i + 1); with a pitch of 33 words both phases touch
 * 32 different banks. The index arithmetic is nd_index.h's. */
typedef uint32_t nd_pair_words[2][ND_PAIR_TILE / 2][ND_PAIR_TILE / 2 + 1];

static __device__ __forceinline__ void nd_stash_pair(nd_pair_words word, int J, int i, uint32_t x,
                                                     uint32_t y)
{
    word[0][J][i] = __byte_perm(x, y, 0x5410);   /* x's low half, y's low half   */
    word[1][J][i] = __byte_perm(x, y, 0x7632);   /* x's high half, y's high half */
}

__global__ void __launch_bounds__(ND_THREADS)
permute_nd_pairs(const uint16_t *__restrict__ in, uint16_t *__restrict__ out, nd_args a)
{
    __shared__ nd_pair_words word;   /* 8448 bytes */
    int t = threadIdx.x, x = t % 8, y = t / 8;
    int64_t r0, c0, in_off, out_off, at;

    nd_tile_origin(&a, blockIdx.x, &r0, &c0);
    for (int64_t z1 = blockIdx.z; z1 < a.z_dims[1]; z1 += gridDim.z)
        for (int64_t z2 = blockIdx.y; z2 < a.z_dims[2]; z2 += gridDim.y) {
            uint4 v[2] = { make_uint4(0, 0, 0, 0), make_uint4(0, 0, 0, 0) };
            nd_offsets(&a, 0, z1, z2, &in_off, &out_off);
#pragma unroll
            for (int row = 0; row < 2; row++)
                if (nd_pair_load(&a, r0, c0, t, row, &at))
                    v[row] = *(const uint4 *)&in[in_off + at];
            nd_stash_pair(word, 4 * x + 0, y, v[0].x, v[1].x);
            nd_stash_pair(word, 4 * x + 1, y, v[0].y, v[1].y);
            nd_stash_pair(word, 4 * x + 2, y, v[0].z, v[1].z);
            nd_stash_pair(word, 4 * x + 3, y, v[0].w, v[1].w);
            __syncthreads();
#pragma unroll
            for (int p = 0; p < 2; p++)
                if (nd_pair_store(&a, r0, c0, t, p, &at)) {
                    const uint32_t *wp = &word[p][y][4 * x];
                    *(uint4 *)&out[out_off + at] = make_uint4(wp[0], wp[1], wp[2], wp[3]);
                }
            __syncthreads();   /* the tile is refilled for the next (z1, z2) */
        }
}

/* ---- The funnel tiles: chapter 10's lever for odd 1 and 2-byte tiles -----

 * chapter 10's funnel_tile.cuh with strides: 32-bit words in and out on
 * any shape, output windows shifted to whole sectors (chapter 9's lever
 * 4). A tile is FUNNEL_ROWS(E) x FUNNEL_COLS(E) elements; block x is
 * tile (x / tiles_c, x % tiles_c), the grid's y and z the other axes as
 * for permute_nd_tile. SPLIT: a kernel for plans with a split side (a
 * division per row or column), and one without. `total`: the input's
 * elements (a load past the end is read element by element).
 * MIN_BLOCKS as for the tiles above, from `nvcc -arch=sm_90 -O3 -Xptxas
 * -v`: the most blocks with no spills (4: 64 registers, 3: 80). The
 * split kernels walk their split side (split_walk.h) instead of dividing
 * for each row: a division a row made permute_nd_funnel_split_1 148 KB of
 * code (the cubin's .text; 87 KB walked) and Nsight Compute found its
 * warps waiting on instruction fetches (chapter 11's NOTES.md, "The
 * tensor sweep's slowest cases"); walked, the split tiles measured 4 to
 * 25 points faster on the H100 (NOTES.md, "Small batches, folded rows,
 * row tiles and walked split sides"). */
#define ND_FUNNEL_KERNEL(NAME, E, SPLIT, MIN_BLOCKS)                                     \
    __global__ void __launch_bounds__(ND_THREADS, MIN_BLOCKS_2048(MIN_BLOCKS))           \
        NAME(const uint8_t *__restrict__ in, uint8_t *__restrict__ out, nd_args a,       \
             int64_t total)                                                              \
    {                                                                                    \
        __shared__ uint32_t words[FUNNEL_WORDS_ROWS(E)][FUNNEL_WORDS_COLS(E)];           \
        uint32_t tr = blockIdx.x / a.tiles_c;                                            \
        funnel_geom g = { 0, a.in_row, a.rows_lo, a.in_row_hi,                           \
                          0, a.out_col, a.cols_lo, a.out_col_hi,                         \
                          (int64_t)tr * FUNNEL_ROWS(E),                                  \
                          (int64_t)(blockIdx.x - tr * a.tiles_c) * FUNNEL_COLS(E) };     \
        for (int64_t z1 = blockIdx.z; z1 < a.z_dims[1]; z1 += gridDim.z)                 \
            for (int64_t z2 = blockIdx.y; z2 < a.z_dims[2]; z2 += gridDim.y) {           \
                nd_offsets(&a, 0, z1, z2, &g.in_off, &g.out_off);                        \
                funnel_tile(in, out, words[0], g, a.n_rows, a.n_cols, total, E, SPLIT);  \
            }                                                                            \
    }

ND_FUNNEL_KERNEL(permute_nd_funnel_1, 1, 0, 4)
ND_FUNNEL_KERNEL(permute_nd_funnel_2, 2, 0, 3)
ND_FUNNEL_KERNEL(permute_nd_funnel_split_1, 1, 1, 3)
ND_FUNNEL_KERNEL(permute_nd_funnel_split_2, 2, 1, 4)

/* 1 if the funnel tiles take a TILE plan: 1 or 2-byte elements, both
 * buffers 4-byte aligned, and the sides (split or not) where chapter 10
 * measured them faster than the one-element tiles (FUNNEL_FITS). */
static int nd_funnel_fit(const tp_plan *plan, uintptr_t in, uintptr_t out)
{
    return plan->kind == TP_PLAN_TILE && plan->elem_bytes <= 2 && (in | out) % 4 == 0 &&
           FUNNEL_FITS(plan->n_rows, plan->n_cols, plan->elem_bytes);
}

/* 1 if a tile with split rows takes the funnel tiles where FUNNEL_FITS
 * does not: both sides 32 or more. Chapter 10's rule was measured on
 * matrices, whose one-element tile steps one pointer; a split side's
 * one-element tile (permute_nd_split) walks it for every element and
 * was bound by its instructions in tensor sweeps 8 and 9 (SM 74% busy,
 * DRAM 8-17%: chapter 11's NOTES.md, "Draw 9's slowest cases, profiled").
 * The hypothesis: the funnel tiles, 4 bytes a thread, win there from 32 up.
 * Measured (H100, chapter 11's NOTES.md, "The narrow tile over split
 * rows, and funnel tiles from sides of 32"): four tiles with split rows
 * gained 13 to 19 points of the copy, a fifth lost 0.8; the one tile
 * with split columns measured, the 2-byte 40 x 163500 x 25 (2, 1, 0),
 * lost 4.6, and keeps the split tile (a rule drawn from those cases; with
 * it that case ran at 24.3% again, and three of the split-row cases
 * above within 0.2 of before: chapter 11's NOTES.md, "Short rows in the
 * output's order, and narrow tiles as full as their shared tile"). */
static int nd_funnel_split_fit(const tp_plan *plan, uintptr_t in, uintptr_t out)
{
    return plan->kind == TP_PLAN_TILE && plan->elem_bytes <= 2 && (in | out) % 4 == 0 &&
           plan->rows_lo != 0 && plan->n_rows >= TP_PLAN_SHORT &&
           plan->n_cols >= TP_PLAN_SHORT;
}

/* ---- Skinny tiles in words: chapter 10's transpose_u8_skinny for N-D -------

 * A 1 or 2-byte TILE plan (no side split) with a side of at most
 * SK_MAX_SIDE elements whose run side is dense: the short side is the rows
 * (wide) and the output's stride of a column is the row count, so that
 * the output is runs of k elements one after another; or the short side
 * is the columns (tall) and the input's row stride is the column count.
 * (0, 2, 1) of a batch of B x R x k matrices is the tall case. Each block
 * moves one piece (skinny_words.h) of every matrix of its (z1, z2)
 * walk, the matrices' first bytes from nd_offsets. */
/* Phase 1 is a call (not inlined): inlined, the compiler would keep the
 * sums of each line's offset from one matrix to the next, for all k
 * lines of every case of sk_phase1's switch, in registers. Its sk_geom
 * comes by value: passed by its address, the kernel's copy went to a
 * 48-byte stack frame, and Nsight Compute counted 110 MB to 1.69 GB of
 * local-memory loads a launch; by value, none, and the wide kernels ran
 * faster by up to 16.3 points of the copy (H200; NOTES.md, "The skinny
 * tiles' geometry by value"). A tall
 * batch of bytes whose matrices do not all start on a 4-byte word (an
 * odd number of bytes apart, say) takes the kernel with A = 1
 * (_tall_any_1): each input word two aligned ones, shifted
 * (skinny_words.h); the others keep A = 0 and chapter 10's code. */
#define ND_SKINNY_KERNEL(NAME, E, W, A)                                                  \
    static __device__ __noinline__ void NAME##_phase1(const uint8_t *in, int64_t in_at,  \
                                                      uint8_t *sh, const sk_geom g)      \
    {                                                                                    \
        sk_phase1(in, in_at, sh, &g, blockIdx.x, threadIdx.x, E, W, A);                  \
    }                                                                                    \
    __global__ void __launch_bounds__(SK_THREADS)                                        \
        NAME(const uint8_t *__restrict__ in, uint8_t *__restrict__ out, nd_args a, sk_geom g) \
    {                                                                                    \
        extern __shared__ uint32_t nd_piece[];                                           \
        int64_t in_off, out_off;                                                         \
        for (int64_t z1 = blockIdx.z; z1 < a.z_dims[1]; z1 += gridDim.z)                 \
            for (int64_t z2 = blockIdx.y; z2 < a.z_dims[2]; z2 += gridDim.y) {           \
                nd_offsets(&a, 0, z1, z2, &in_off, &out_off);                            \
                NAME##_phase1(in, in_off * E, (uint8_t *)nd_piece, g);                   \
                __syncthreads();                                                         \
                sk_phase2((const uint8_t *)nd_piece, out, out_off * E, &g, blockIdx.x,   \
                          threadIdx.x, E, W);                                            \
                __syncthreads(); /* the piece is refilled for the next (z1, z2) */       \
            }                                                                            \
    }
ND_SKINNY_KERNEL(permute_nd_skinny_tall_1, 1, 0, 0)
ND_SKINNY_KERNEL(permute_nd_skinny_tall_2, 2, 0, 0)
ND_SKINNY_KERNEL(permute_nd_skinny_tall_any_1, 1, 0, 1)
ND_SKINNY_KERNEL(permute_nd_skinny_wide_1, 1, 1, 0)
ND_SKINNY_KERNEL(permute_nd_skinny_wide_2, 2, 1, 0)
typedef char nd_skinny_threads_match[SK_THREADS == ND_THREADS ? 1 : -1];

/* ---- A batch of small matrices: several whole matrices a block -------------

 * nd_small_fit (nd_index.h) says when: dense matrices with a short side
 * (or small ones with no side whole tiles), one after another along the
 * other axis z2 in the input, or stacked along their rows (MODE 5; MODE
 * 6 where those rows are whole 4-byte words, loaded as words). Block
 * x moves matrices x P .. x P + P - 1 (P = a.pieces, nd_small_batch) of
 * each z1: their input bytes, contiguous, into shared memory in 16-byte
 * accesses where the chunk is 16-byte aligned (4-byte, else bytes; the
 * row runs and the stacked rows have loads of their own below); then their
 * output bytes, in groups of 16 taken in output order, matrix after
 * matrix (each matrix's output is contiguous; the matrices are S = z2's
 * output stride apart, S = M where they follow one another): a thread
 * gathers a group's elements from shared memory (nd_small_at once,
 * nd_small_next after each) and stores the group as one 16-byte access
 * where it is aligned, whole and inside one matrix (nd_small_whole),
 * else element by element (nd_small_dst). Row runs (MODE 2) whose z2 is
 * short take a.slabs values of z0 a block (nd_small_grid), slab after
 * slab in the chunk, their outputs one run. Row runs whose rows are split
 * over two axes (MODE 8, nd_small_columns) are the same kernel with row
 * r's start found by nd_split. Matrices whose columns run on into the
 * next matrix's in the output (MODE 10, nd_small_cross) are loaded whole
 * and stored as column runs, as the one-row matrices (MODE 3) are. Some
 * batches of 1 and 2-byte matrices keep the chunk swizzled (SWZ: byte b
 * at nd_swz(b); nd_small_swizzled, nd_split_runs_swizzled and
 * nd_cross_swizzled say which). */
static __device__ __forceinline__ void nd_small_load(const uint8_t *__restrict__ src,
                                                     uint8_t *sh, int n, bool swz)
{
    int i, done = 0;
    if (((uintptr_t)src & 15) == 0) {
        for (i = threadIdx.x; i < n / 16; i += ND_THREADS) {
            if (swz) {   /* the piece's four words, each where nd_swz puts it */
                const uint4 v = ((const uint4 *)src)[i];
                const int b = nd_swz(16 * i, true);
                *(uint32_t *)(sh + b) = v.x;
                *(uint32_t *)(sh + (b ^ 4)) = v.y;
                *(uint32_t *)(sh + (b ^ 8)) = v.z;
                *(uint32_t *)(sh + (b ^ 12)) = v.w;
            } else {
                ((uint4 *)sh)[i] = ((const uint4 *)src)[i];
            }
        }
        done = n / 16 * 16;
    } else if (((uintptr_t)src & 3) == 0) {
        for (i = threadIdx.x; i < n / 4; i += ND_THREADS)
            if (swz)
                *(uint32_t *)(sh + nd_swz(4 * i, true)) = ((const uint32_t *)src)[i];
            else
                ((uint32_t *)sh)[i] = ((const uint32_t *)src)[i];
        done = n / 4 * 4;
    }
    for (i = done + threadIdx.x; i < n; i += ND_THREADS)
        if (swz)
            sh[nd_swz(i, true)] = src[i];
        else
            sh[i] = src[i];
}

/* The other load: row r of the block's g matrices is one run of g C
 * elements of the input (in_row apart from row r + 1); element k of the
 * run is element (r, k mod C) of matrix k / C, and goes where the chunk
 * keeps it when the matrices follow one another: (k / C) R C + r C +
 * k mod C. The runs are cut into pieces of 32 U elements (U =
 * ND_SMALL_RUN_LOADS: 512 bytes, 256 for bytes), a warp's piece at a time, so that every warp has work
 * however few rows there are; a lane loads its U elements (32 apart)
 * before it stores any, so that U loads are in flight at once, and walks
 * their places with adds (nd_lane_at, nd_lane_step). Where lo is not 0,
 * the rows are split over two axes: row r starts at (r / lo) hi +
 * (r mod lo) in_row. The slab starts at element o of the chunk sh, which
 * keeps element i at byte nd_swz(i E) where SWZ is 1 (the split rows'
 * batch, nd_split_runs_swizzled). */
#define ND_SMALL_LOAD_ROWS(T, src, sh, o, R, C, g, in_row, lo, hi, SWZ)                  \
    do {                                                                                 \
        enum { U_ = ND_SMALL_RUN_LOADS(sizeof(T)) };                                     \
        const int len_ = (g) * (C), pieces_ = (len_ + 32 * U_ - 1) / (32 * U_);          \
        for (int i_ = threadIdx.x / 32; i_ < (R) * pieces_; i_ += ND_THREADS / 32) {     \
            const int r_ = i_ / pieces_, k0_ = (i_ - r_ * pieces_) * 32 * U_ + threadIdx.x % 32; \
            const T *run_ = (src) + ((lo) != 0 ? nd_split(r_, (R), (lo), (in_row), (hi)) \
                                               : (int64_t)r_ * (in_row));                \
            T v_[U_];                                                                    \
            nd_lane_pos p_ = nd_lane_at(k0_, (C));                                       \
            _Pragma("unroll") for (int u_ = 0; u_ < U_; u_++)                            \
                if (k0_ + 32 * u_ < len_)                                                \
                    v_[u_] = run_[k0_ + 32 * u_];                                        \
            _Pragma("unroll") for (int u_ = 0; u_ < U_; u_++) {                          \
                if (k0_ + 32 * u_ < len_)                                                \
                    ND_SMALL_SET(T, sh, (o) + (p_.m * (R) + r_) * (C) + p_.w, v_[u_],    \
                                 SWZ);                                                   \
                nd_lane_step(&p_, (C));                                                  \
            }                                                                            \
        }                                                                                \
    } while (0)

/* The stacked load (MODE 5, nd_small_stack): element k of the chunk is
 * element k mod C of the block's row k / C, its rows in_row apart. A lane
 * loads U = ND_SMALL_RUN_LOADS elements 32 apart before it stores any,
 * and walks their places with adds; a warp's 32 neighbouring elements
 * span one row or a few short ones, so every lane has an element however
 * short the rows are. (Loaded as the row runs above, a row a warp's
 * piece, rows shorter than the piece leave lanes idle: the 1-byte
 * (2, 0, 3, 1) of 8137 x 2 x 177 x 95 ran at 21.1% of the copy, 36.0
 * with this load; H100, NOTES.md.) Matrices whose columns run on across
 * matrices (MODE 10, nd_small_cross) load with it too, a whole matrix a
 * "row" (C = M, in_row = z2's input stride), into a chunk swizzled where
 * SWZ is 1 (nd_cross_swizzled). */
#define ND_SMALL_LOAD_STACKED(T, src, sh, n, C, in_row, SWZ)                             \
    do {                                                                                 \
        enum { U_ = ND_SMALL_RUN_LOADS(sizeof(T)) };                                     \
        const int64_t d1_ = (int64_t)(32 / (C)) * (in_row) + 32 % (C), d2_ = (in_row) - (C); \
        for (int k0_ = threadIdx.x / 32 * 32 * U_ + threadIdx.x % 32; k0_ < (n);         \
             k0_ += ND_THREADS * U_) {                                                   \
            T v_[U_];                                                                    \
            int w_ = k0_ % (C);                                                          \
            int64_t o_ = (int64_t)(k0_ / (C)) * (in_row) + w_;                           \
            _Pragma("unroll") for (int u_ = 0; u_ < U_; u_++) {                          \
                if (k0_ + 32 * u_ < (n))                                                 \
                    v_[u_] = (src)[o_];                                                  \
                w_ += 32 % (C);                                                          \
                o_ += d1_;                                                               \
                if (w_ >= (C)) {                                                         \
                    w_ -= (C);                                                           \
                    o_ += d2_;                                                           \
                }                                                                        \
            }                                                                            \
            _Pragma("unroll") for (int u_ = 0; u_ < U_; u_++)                            \
                if (k0_ + 32 * u_ < (n))                                                 \
                    ND_SMALL_SET(T, sh, k0_ + 32 * u_, v_[u_], SWZ);                     \
        }                                                                                \
    } while (0)

/* Element j of a group into the group's four words w, from element src
 * of the chunk, and back out to dst; E bytes an element (a constant). */
#define ND_SMALL_GET(w, j, chunk, src, E)                                                \
    do {                                                                                 \
        if ((E) == 1)                                                                    \
            (w)[(j) / 4] |= (uint32_t)(chunk)[src] << (8 * ((j) % 4));                   \
        else if ((E) == 2)                                                               \
            (w)[(j) / 2] |= (uint32_t)((const uint16_t *)(chunk))[src] << (16 * ((j) % 2)); \
        else                                                                             \
            _Pragma("unroll") for (int u_ = 0; u_ < (E) / 4; u_++)                       \
                (w)[(j) * ((E) / 4) + u_] = ((const uint32_t *)(chunk))[(src) * ((E) / 4) + u_]; \
    } while (0)
/* The same where the chunk may be swizzled (SWZ, a constant: 1 and 2-byte
 * elements only), from its byte nd_swz(src E). */
#define ND_SMALL_GET_SW(w, j, chunk, src, E, SWZ)                                        \
    do {                                                                                 \
        if (!(SWZ)) {                                                                    \
            ND_SMALL_GET(w, j, chunk, src, E);                                           \
        } else {                                                                         \
            const uint8_t *p_ = (const uint8_t *)(chunk) + nd_swz((src) * (E), 1);       \
            if ((E) == 1)                                                                \
                (w)[(j) / 4] |= (uint32_t)*p_ << (8 * ((j) % 4));                        \
            else                                                                         \
                (w)[(j) / 2] |= (uint32_t)*(const uint16_t *)p_ << (16 * ((j) % 2));     \
        }                                                                                \
    } while (0)
/* Element src of the chunk, of type T, where it may be swizzled */
#define ND_SMALL_AT(T, chunk, src, SWZ)                                                  \
    ((SWZ) ? *(const T *)((chunk) + nd_swz((src) * (int)sizeof(T), 1))                   \
           : ((const T *)(chunk))[src])
/* ... and stored there: element i of the chunk (a T pointer) */
#define ND_SMALL_SET(T, chunk, i, v, SWZ)                                                \
    do {                                                                                 \
        if (SWZ)                                                                         \
            *(T *)((uint8_t *)(chunk) + nd_swz((i) * (int)sizeof(T), 1)) = (v);          \
        else                                                                             \
            (chunk)[i] = (v);                                                            \
    } while (0)
#define ND_SMALL_PUT(dst, i, w, j, E)                                                    \
    do {                                                                                 \
        if ((E) == 1)                                                                    \
            (dst)[i] = (uint8_t)((w)[(j) / 4] >> (8 * ((j) % 4)));                        \
        else if ((E) == 2)                                                               \
            ((uint16_t *)(dst))[i] = (uint16_t)((w)[(j) / 2] >> (16 * ((j) % 2)));        \
        else                                                                             \
            _Pragma("unroll") for (int u_ = 0; u_ < (E) / 4; u_++)                       \
                ((uint32_t *)(dst))[(int64_t)(i) * ((E) / 4) + u_] = (w)[(j) * ((E) / 4) + u_]; \
    } while (0)

/* The store of a batch of h one-row matrices (nd_small_rows), or of
 * split rows (nd_small_split_runs, h = g L): the output is C runs of h
 * elements, column c's out_col apart. A thread takes a slot of a column
 * (nd_col_slot: a run cut at the output's 16-byte boundaries), gathers it
 * from shared memory (chunk element r C + c for row r, swizzled where SWZ
 * is 1) and stores it as one 16-byte access where it is a whole group,
 * else element by element (a column's head and tail). A division a slot
 * finds its column. */
#define ND_SMALL_STORE_COLUMNS(T, dst, chunk, C, h, out_col, SWZ)                        \
    do {                                                                                 \
        enum { E_ = sizeof(T), PER_ = 16 / sizeof(T) };                                  \
        const int slots_ = nd_col_slots((h), PER_);                                      \
        for (int k_ = threadIdx.x; k_ < (C) * slots_; k_ += ND_THREADS) {                \
            const int c_ = k_ / slots_, s_ = k_ - c_ * slots_;                           \
            uint8_t *col_ = (dst) + E_ * (int64_t)c_ * (out_col);                        \
            const int hd_ = (int)((16 - ((uintptr_t)col_ & 15)) & 15) / E_;               \
            int r0_, r1_;                                                                \
            if (nd_col_slot(s_, (h), hd_, PER_, &r0_, &r1_)) {                           \
                uint32_t w_[4] = {0, 0, 0, 0};                                           \
                _Pragma("unroll") for (int j = 0; j < PER_; j++)                        \
                    ND_SMALL_GET_SW(w_, j, chunk, (r0_ + j) * (C) + c_, E_, SWZ);        \
                __stwb((uint4 *)(col_ + E_ * r0_), make_uint4(w_[0], w_[1], w_[2], w_[3]));  \
            } else {                                                                     \
                for (int r_ = r0_; r_ < r1_; r_++)                                       \
                    ((T *)col_)[r_] = ND_SMALL_AT(T, chunk, r_ * (C) + c_, SWZ);         \
            }                                                                            \
        }                                                                                \
    } while (0)

/* MODE, a constant, is nd_small_fit's answer, or 4 for its 1 where the
 * matrices lie apart in the output (S != M), so that each kernel holds
 * only its own load and store (one kernel for all of them held more
 * registers and ran 8 to 10 points slower on matrices that follow one
 * another: 1-byte (0, 1, 3, 2) of 978 x 1447 x 8 x 33, 8-byte (0, 2, 1)
 * of 200000 x 31 x 9, H100; NOTES.md).
 *
 * A run of 1 or 2-byte elements (MODE 1, 2, 8) that does not start on 16
 * bytes is stored in 16-byte groups that start sh elements before it, on
 * a 16-byte boundary; the one thread whose group starts before the run
 * stores the run's head alone. Stored element by element, such a run cost
 * 6.8 times the output's L2 write sectors on 1-byte (1, 0, 3, 2) of 11 x
 * 837 x 10 x 2123 (Nsight Compute, H100), 1.05 times with the groups
 * shifted. 4 and 8-byte runs keep their element stores: shifted, 4-byte
 * (0, 2, 1) of 300001 x 11 x 9 and 90001 x 37 x 9 lost 4 points each.
 * The row batches (MODE 2, and 8 for split rows) are held to 32
 * registers, 8 blocks a multiprocessor on the H100
 * (ND_SMALL_RUNS_BLOCKS): 3 to 9 points
 * gained on 1 and 4-byte column batches; the same bound on MODE 1
 * spilled and lost up to 8 points (8-byte (0, 2, 1) of 200000 x 31 x
 * 9). H100, NOTES.md, "Byte column batches". */
/* 8 blocks of ND_THREADS where a multiprocessor holds 2048 threads
 * (compute capability 8.0, 9.0, 10.0, 10.3), 6 where it holds 1536 (8.6,
 * 8.7, 8.9, 11.0, 12.x), 4 elsewhere (7.5 holds 1024): ptxas refuses
 * more than a multiprocessor holds (each architecture of the portable
 * build was compiled alone to check). Measured only on the H100 (9.0). */
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 800 || __CUDA_ARCH__ == 900 || \
                               __CUDA_ARCH__ == 1000 || __CUDA_ARCH__ == 1030)
#define ND_SMALL_RUNS_BLOCKS 8
#elif defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 860 || __CUDA_ARCH__ == 870 || \
                                 __CUDA_ARCH__ == 890 || __CUDA_ARCH__ >= 1100)
#define ND_SMALL_RUNS_BLOCKS 6
#else
#define ND_SMALL_RUNS_BLOCKS 4
#endif
#define ND_SMALL_BOUNDS_1 __launch_bounds__(ND_THREADS)
#define ND_SMALL_BOUNDS_2 __launch_bounds__(ND_THREADS, ND_SMALL_RUNS_BLOCKS)
#define ND_SMALL_BOUNDS_3 __launch_bounds__(ND_THREADS)
#define ND_SMALL_BOUNDS_4 __launch_bounds__(ND_THREADS)
#define ND_SMALL_BOUNDS_5 __launch_bounds__(ND_THREADS)
#define ND_SMALL_BOUNDS_6 __launch_bounds__(ND_THREADS)
#define ND_SMALL_BOUNDS_8 __launch_bounds__(ND_THREADS, ND_SMALL_RUNS_BLOCKS)
#define ND_SMALL_BOUNDS_9 __launch_bounds__(ND_THREADS)
#define ND_SMALL_BOUNDS_10 __launch_bounds__(ND_THREADS)
/* row runs: their rows one after another (2), or split over two axes (8),
 * or stored as column runs (9, nd_small_split_runs) */
#define ND_SMALL_RUNS(MODE) ((MODE) == 2 || (MODE) == 8 || (MODE) == 9)
#define ND_SMALL_KERNEL(NAME, T, MODE) ND_SMALL_KERNEL_SW(NAME, T, MODE, 0)
#define ND_SMALL_KERNEL_SW(NAME, T, MODE, SWZ)                                           \
    __global__ void ND_SMALL_BOUNDS_##MODE                                               \
        NAME(const T *__restrict__ in, T *__restrict__ out, nd_args a)                   \
    {                                                                                    \
        __shared__ __align__(16) uint8_t chunk[ND_SMALL_BYTES];                          \
        enum { E = sizeof(T), PER = 16 / sizeof(T) };   /* elements a group */           \
        const int R = (int)a.n_rows, C = (int)a.n_cols, M = R * C;                       \
        const int64_t b0 = (int64_t)blockIdx.x * a.pieces, S = a.z_out[2];               \
        const int n1 = (int)min((int64_t)a.pieces, a.z_dims[2] - b0) * M; /* elements */ \
        const int J = ND_SMALL_RUNS(MODE) ? (int)a.slabs : 1;   /* z0 values a block */  \
        for (int64_t z0 = (int64_t)blockIdx.z * J; z0 < a.z_dims[0];                     \
             z0 += (int64_t)gridDim.z * J)                                               \
        for (int64_t z1 = blockIdx.y; z1 < a.z_dims[1]; z1 += gridDim.y) {               \
            const int js = ND_SMALL_RUNS(MODE) ? (int)min((int64_t)J, a.z_dims[0] - z0)  \
                                               : 1;                                      \
            const int n = js * n1;   /* the chunk's elements, slab after slab */         \
            const T *at = in + z0 * a.z_in[0] + z1 * a.z_in[1];   /* this matrix batch */ \
            const T *src = at + b0 * M;                                                  \
            uint8_t *dst = (uint8_t *)(out + z0 * a.z_out[0] + z1 * a.z_out[1] + b0 * S);  \
            const bool wide = ((uintptr_t)dst & 15) == 0 && (S - M) * E % 16 == 0;       \
            /* one run of 1 or 2-byte elements (MODE 1, 2, 8): groups start sh  */        \
            /* elements before dst, on 16 bytes (see above)                     */        \
            const int sh = (MODE) == 4 || E > 2 ? 0 : (int)(((uintptr_t)dst & 15) / E);   \
            if (ND_SMALL_RUNS(MODE))   /* rows of the matrices follow one another */     \
                for (int j = 0; j < js; j++)                                             \
                    ND_SMALL_LOAD_ROWS(T, at + j * a.z_in[0] + b0 * C, (T *)chunk, j * n1, \
                                       R, C, n1 / M, a.in_row,                           \
                                       (MODE) == 8 ? a.rows_lo : 0, a.in_row_hi, SWZ);   \
            else if ((MODE) == 6)   /* stacked, in words (nd_stack_words) */             \
                ND_SMALL_LOAD_STACKED(uint32_t, (const uint32_t *)(at + b0 * a.z_in[2]), \
                                      (uint32_t *)chunk, n * E / 4, C * E / 4,           \
                                      a.in_row * E / 4, 0);                              \
            else if ((MODE) == 10)   /* whole matrices, z2's input stride apart */       \
                ND_SMALL_LOAD_STACKED(T, at + b0 * a.z_in[2], (T *)chunk, n, M, a.z_in[2], SWZ); \
            else if ((MODE) == 5)   /* stacked: rows in_row apart */                     \
                ND_SMALL_LOAD_STACKED(T, at + b0 * a.z_in[2], (T *)chunk, n, C, a.in_row, 0); \
            else                                                                         \
                nd_small_load((const uint8_t *)src, chunk, n * E, SWZ);                  \
            __syncthreads();                                                             \
            if ((MODE) == 3 || (MODE) == 9 || (MODE) == 10)   /* column runs out */      \
                ND_SMALL_STORE_COLUMNS(T, dst, chunk, C, n / C, a.out_col, SWZ);         \
            else if ((MODE) == 4 && !wide)   /* no 16-byte groups: a warp's elements */  \
                for (int o = threadIdx.x; o < n; o += ND_THREADS) {   /* are adjacent */  \
                    const nd_small_pos q = nd_small_at(o, R, C);                         \
                    ((T *)dst)[nd_small_dst(o, q.g, M, S)] =                             \
                        ND_SMALL_AT(T, chunk, nd_small_src(q, R, C), SWZ);               \
                }                                                                        \
            else                                                                         \
                for (int k = threadIdx.x; k * PER - sh < n; k += ND_THREADS) {           \
                    uint32_t w[4] = {0, 0, 0, 0};                                        \
                    const int o0 = k * PER - sh;   /* the group's first element */       \
                    if ((MODE) != 4 && o0 < 0) {   /* the run's head, before 16 bytes */ \
                        nd_small_pos q = nd_small_at(0, R, C);                           \
                        for (int i = 0; i < o0 + PER && i < n; i++) {                    \
                            ((T *)dst)[i] =                                              \
                                ND_SMALL_AT(T, chunk, nd_small_src(q, R, C), SWZ);       \
                            nd_small_next(&q, R, C);                                     \
                        }                                                                \
                        continue;                                                        \
                    }                                                                    \
                    nd_small_pos q = nd_small_at(o0, R, C);                              \
                    const int g0 = q.g;                                                  \
                    _Pragma("unroll") for (int j = 0; j < PER; j++) {                    \
                        if (o0 + j < n)                                                  \
                            ND_SMALL_GET_SW(w, j, chunk, nd_small_src(q, R, C), E, SWZ); \
                        nd_small_next(&q, R, C);                                         \
                    }                                                                    \
                    if ((MODE) != 4) {   /* one run: o0 on 16 bytes where E <= 2 */      \
                        if ((E <= 2 || wide) && o0 + PER <= n)                           \
                            __stwb((uint4 *)(dst + E * o0), make_uint4(w[0], w[1], w[2], w[3])); \
                        else                                                             \
                            _Pragma("unroll") for (int j = 0; j < PER; j++)              \
                                if (o0 + j < n)                                          \
                                    ND_SMALL_PUT(dst, o0 + j, w, j, E);                  \
                    } else if (wide && (k + 1) * PER <= n && nd_small_whole(k * PER, g0, PER, M, S)) { \
                        __stwb((uint4 *)(dst + E * nd_small_dst(k * PER, g0, M, S)),     \
                               make_uint4(w[0], w[1], w[2], w[3]));                      \
                    } else {                                                             \
                        int g = g0;                                                      \
                        _Pragma("unroll") for (int j = 0; j < PER; j++) if (k * PER + j < n) { \
                            if (k * PER + j - g * M == M)                                \
                                g++;                                                     \
                            ND_SMALL_PUT(dst, nd_small_dst(k * PER + j, g, M, S), w, j, E); \
                        }                                                                \
                    }                                                                    \
                }                                                                        \
            __syncthreads(); /* the chunk is refilled for the next z1 or z0 */           \
        }                                                                                \
    }
#define ND_SMALL_KERNELS(NAME, MODE)                                                     \
    ND_SMALL_KERNEL(NAME##_1, uint8_t, MODE)                                             \
    ND_SMALL_KERNEL(NAME##_2, uint16_t, MODE)                                            \
    ND_SMALL_KERNEL(NAME##_4, uint32_t, MODE)                                            \
    ND_SMALL_KERNEL(NAME##_8, unsigned long long, MODE)                                  \
    ND_SMALL_KERNEL(NAME##_16, nd_16, MODE)
ND_SMALL_KERNELS(permute_nd_small, 1)        /* whole matrices, one after another */
ND_SMALL_KERNELS(permute_nd_small_apart, 4)  /* the same, apart in the output */
/* the same two with the chunk swizzled (nd_small_swizzled) */
ND_SMALL_KERNEL_SW(permute_nd_small_swz_1, uint8_t, 1, 1)
ND_SMALL_KERNEL_SW(permute_nd_small_swz_2, uint16_t, 1, 1)
ND_SMALL_KERNEL_SW(permute_nd_small_apart_swz_1, uint8_t, 4, 1)
ND_SMALL_KERNEL_SW(permute_nd_small_apart_swz_2, uint16_t, 4, 1)
ND_SMALL_KERNELS(permute_nd_small_runs, 2)   /* their rows one after another */
ND_SMALL_KERNELS(permute_nd_small_runs_split, 8) /* the same, rows split over two axes */
ND_SMALL_KERNELS(permute_nd_small_cols, 3)   /* one-row matrices, column runs out */
ND_SMALL_KERNELS(permute_nd_small_stacked, 5) /* piled along their rows */
/* whole matrices in, column runs that run on across matrices out
 * (nd_small_cross); 1 and 2-byte ones also with the chunk swizzled
 * (nd_cross_swizzled) */
ND_SMALL_KERNELS(permute_nd_small_cross, 10)
ND_SMALL_KERNEL_SW(permute_nd_small_cross_swz_1, uint8_t, 10, 1)
ND_SMALL_KERNEL_SW(permute_nd_small_cross_swz_2, uint16_t, 10, 1)
/* row runs in, column runs out (nd_small_split_runs) */
ND_SMALL_KERNEL(permute_nd_small_split_runs_1, uint8_t, 9)
ND_SMALL_KERNEL(permute_nd_small_split_runs_2, uint16_t, 9)
ND_SMALL_KERNEL_SW(permute_nd_small_split_runs_swz_1, uint8_t, 9, 1)   /* swizzled */
ND_SMALL_KERNEL_SW(permute_nd_small_split_runs_swz_2, uint16_t, 9, 1)
/* the same, rows of whole words loaded as words (nd_stack_words) */
ND_SMALL_KERNEL(permute_nd_small_stacked_words_1, uint8_t, 6)
ND_SMALL_KERNEL(permute_nd_small_stacked_words_2, uint16_t, 6)

/* ---- Short rows in a tile (nd_index.h says how) -----------------------------

 * In words of U: 8 bytes (_8) where rows and buffers allow, else 4 bytes
 * (_4), or 2 bytes (_2) for rows of an odd number of 2-byte words
 * (nd_rowtile_fit). A block takes the shared memory its tile needs
 * (nd_rowtile_shared_bytes), given at launch: a tile smaller than the
 * largest leaves room for more blocks on a multiprocessor. */
#define ND_RT_SHARED(U)                                                                  \
    extern __shared__ __align__(16) uint8_t nd_rt_shared[];                              \
    U *const sh = (U *)nd_rt_shared
#define ND_ROWTILE_KERNEL(NAME, U)                                                            \
    __global__ void __launch_bounds__(ND_THREADS)                                             \
    NAME(const U *__restrict__ in, U *__restrict__ out, nd_rowtile g)                         \
    {                                                                                         \
        ND_RT_SHARED(U);                                                                      \
        const int W = g.W, T = g.T, P = nd_rowtile_pitch(W, T);                               \
        const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, warps = ND_THREADS / 32;  \
        const uint32_t tb = blockIdx.x / g.tiles_a, ta = blockIdx.x - tb * g.tiles_a;         \
        const int64_t a0 = (int64_t)ta * T, b0 = (int64_t)tb * T;                             \
        const int na = (int)min((int64_t)T, g.na - a0), nb = (int)min((int64_t)T, g.nb - b0); \
                                                                                              \
        for (int64_t c = blockIdx.y; c < g.nc; c += gridDim.y) {                              \
            const U *src = in + c * g.c_in + b0 * g.b_in + a0 * W;                            \
            U *dst = out + c * g.c_out + a0 * g.a_out + b0 * W;                               \
            for (int o = warp; o < nb; o += warps) {   /* loads: B-line o, na rows of A */    \
                const U *line = src + o * g.b_in;                                             \
                _Pragma("unroll 4")                                                           \
                for (int k = lane; k < na * W; k += 32)                                       \
                    sh[o * P + k] = line[k];                                                  \
            }                                                                                 \
            __syncthreads();                                                                  \
            for (int o = warp; o < na; o += warps) {   /* stores: A-line o, nb rows of B */   \
                U *line = dst + o * g.a_out;                                                  \
                nd_lane_pos p = nd_lane_at(lane, W);                                          \
                _Pragma("unroll 4")                                                           \
                for (int k = lane; k < nb * W; k += 32) {                                     \
                    line[k] = sh[p.m * P + o * W + p.w];                                      \
                    nd_lane_step(&p, W);                                                      \
                }                                                                             \
            }                                                                                 \
            __syncthreads();   /* the tile is refilled for the next c */                      \
        }                                                                                     \
    }
ND_ROWTILE_KERNEL(permute_nd_rowtile_8, unsigned long long)
ND_ROWTILE_KERNEL(permute_nd_rowtile_4, uint32_t)
ND_ROWTILE_KERNEL(permute_nd_rowtile_2, uint16_t)

/* Thin row tiles (nd_index.h says when): all of A (thin 1) or all of B
 * (thin 2), so that one side of the tile is a single contiguous run, moved
 * as a copy. Shared memory holds the tile in that run's order; the other
 * side moves line by line: the stores of thin 1 with the whole block along
 * each of its few A-lines; the loads of thin 2 a warp a B-line, as
 * permute_nd_rowtile's, so that each lane has several loads in flight, or,
 * where the tile has fewer B-lines than the block has warps, the whole
 * block along each (MODE 3, nd_rowtile_mode). A kernel for each MODE, so
 * that each holds only its own walk. */
#define ND_ROWTILE_THIN_KERNEL(NAME, U, MODE)                                                       \
    __global__ void __launch_bounds__(ND_THREADS)                                                   \
    NAME(const U *__restrict__ in, U *__restrict__ out, nd_rowtile g)                               \
    {                                                                                               \
        ND_RT_SHARED(U);                                                                            \
        const int W = g.W;                                                                          \
        const uint32_t tb = blockIdx.x / g.tiles_a, ta = blockIdx.x - tb * g.tiles_a;               \
        const int64_t a0 = (int64_t)ta * g.Ta, b0 = (int64_t)tb * g.Tb;                             \
        const int na = (int)min((int64_t)g.Ta, g.na - a0);                                          \
        const int nb = (int)min((int64_t)g.Tb, g.nb - b0);                                          \
        const int words = na * nb * W;                                                              \
        const nd_lane_pos p0 = nd_lane_at(threadIdx.x, W);   /* the block's walk */                 \
        const nd_lane_pos s = nd_lane_at(ND_THREADS, W);                                            \
                                                                                                    \
        for (int64_t c = blockIdx.y; c < g.nc; c += gridDim.y) {                                    \
            const U *src = in + c * g.c_in + b0 * g.b_in + a0 * W;                                  \
            U *dst = out + c * g.c_out + a0 * g.a_out + b0 * W;                                     \
            if ((MODE) == 1) {   /* the input's run: nb B-lines of na rows */                       \
                const int L = na * W;                                                               \
                _Pragma("unroll 4")                                                                 \
                for (int k = threadIdx.x; k < words; k += ND_THREADS)                               \
                    sh[k] = src[k];                                                                 \
                __syncthreads();                                                                    \
                for (int o = 0; o < na; o++) {   /* A-line o: row m word w is sh[m L + o W + w] */  \
                    U *line = dst + o * g.a_out;                                                    \
                    nd_lane_pos p = p0;                                                             \
                    _Pragma("unroll 4")                                                             \
                    for (int k = threadIdx.x; k < nb * W; k += ND_THREADS) {                        \
                        line[k] = sh[p.m * L + o * W + p.w];                                        \
                        nd_block_step(&p, s, W);                                                    \
                    }                                                                               \
                }                                                                                   \
            } else {   /* the output's run: na A-lines of nb rows */                                \
                const int L = nb * W;                                                               \
                if ((MODE) == 3) {   /* fewer B-lines than warps: the block on each */              \
                    for (int o = 0; o < nb; o++) {                                                  \
                        const U *line = src + o * g.b_in;                                           \
                        nd_lane_pos p = p0;                                                         \
                        _Pragma("unroll 4")                                                         \
                        for (int k = threadIdx.x; k < na * W; k += ND_THREADS) {                    \
                            sh[p.m * L + o * W + p.w] = line[k];                                    \
                            nd_block_step(&p, s, W);                                                \
                        }                                                                           \
                    }                                                                               \
                } else {   /* a warp a B-line */                                                    \
                    for (int o = threadIdx.x / 32; o < nb; o += ND_THREADS / 32) {   /* B-line o */ \
                        const U *line = src + o * g.b_in;                                           \
                        nd_lane_pos p = nd_lane_at(threadIdx.x % 32, W);   /* row m along A */      \
                        _Pragma("unroll 4")                                                         \
                        for (int k = threadIdx.x % 32; k < na * W; k += 32) {                       \
                            sh[p.m * L + o * W + p.w] = line[k];                                    \
                            nd_lane_step(&p, W);                                                    \
                        }                                                                           \
                    }                                                                               \
                }                                                                                   \
                __syncthreads();                                                                    \
                _Pragma("unroll 4")                                                                 \
                for (int k = threadIdx.x; k < words; k += ND_THREADS)                               \
                    dst[k] = sh[k];                                                                 \
            }                                                                                       \
            __syncthreads();   /* the tile is refilled for the next c */                            \
        }                                                                                           \
    }
ND_ROWTILE_THIN_KERNEL(permute_nd_rowtile_thin1_8, unsigned long long, 1)
ND_ROWTILE_THIN_KERNEL(permute_nd_rowtile_thin2_8, unsigned long long, 2)
ND_ROWTILE_THIN_KERNEL(permute_nd_rowtile_thin3_8, unsigned long long, 3)
ND_ROWTILE_THIN_KERNEL(permute_nd_rowtile_thin1_4, uint32_t, 1)
ND_ROWTILE_THIN_KERNEL(permute_nd_rowtile_thin1_2, uint16_t, 1)
ND_ROWTILE_THIN_KERNEL(permute_nd_rowtile_thin2_4, uint32_t, 2)
ND_ROWTILE_THIN_KERNEL(permute_nd_rowtile_thin2_2, uint16_t, 2)
ND_ROWTILE_THIN_KERNEL(permute_nd_rowtile_thin3_4, uint32_t, 3)
ND_ROWTILE_THIN_KERNEL(permute_nd_rowtile_thin3_2, uint16_t, 3)

/* ---- The rows: the fastest axis stays --------------------------------------

 * Every row moves as it is, in accesses of type V (the widest the row's
 * length allows). A thread moves ND_ROW_UNROLL accesses (nd_row_access):
 * of ND_ROW_UNROLL bunches of neighbouring short rows, of short rows laid
 * end to end (FLAT), or of one piece of a long row, each warp loading and
 * storing runs of neighbouring accesses on both sides, as a copy does;
 * all its loads are issued before its first store. */
/* BOUNDS: PLAIN, or FEWER for the 4-byte rows laid end to end
 * (permute_nd_rows_flat_4), held to 6 blocks a multiprocessor: 40
 * registers where they took 48 (5 blocks), `nvcc -arch=sm_90 -O3 -Xptxas
 * -v`. On the H100 (NOTES.md, "4-byte rows laid end to end, six blocks"),
 * 18 of 19 shapes of such rows, 260 to 876 bytes, gained 1.9 to 4.1
 * points of the copy; one did not move. 8 blocks (32 registers) spilled.
 * 4 blocks where a multiprocessor holds 1024 threads (7.5), the most
 * ptxas accepts there. Not measured on the H200. Since then these rows
 * go to permute_nd_rows_gather where both buffers are 16-byte aligned;
 * this kernel keeps the others. */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#define ND_ROWS_FLAT4_BLOCKS 4
#else
#define ND_ROWS_FLAT4_BLOCKS 6
#endif
#define ND_ROWS_BOUNDS_PLAIN __launch_bounds__(ND_THREADS)
#define ND_ROWS_BOUNDS_FEWER __launch_bounds__(ND_THREADS, ND_ROWS_FLAT4_BLOCKS)
#define ND_ROWS_KERNEL(NAME, V, MERGED, FLAT, BOUNDS)                                    \
    __global__ void ND_ROWS_BOUNDS_##BOUNDS                                              \
        NAME(const V *__restrict__ in, V *__restrict__ out, nd_args a)                   \
    {                                                                                    \
        int64_t in_rel[ND_ROW_UNROLL], out_rel[ND_ROW_UNROLL], z2, v, in_off, out_off;   \
        bool ok[ND_ROW_UNROLL];                                                          \
        V x[ND_ROW_UNROLL];                                                              \
                                                                                         \
        _Pragma("unroll") for (int k = 0; k < ND_ROW_UNROLL; k++) {                     \
            ok[k] = (FLAT) ? nd_row_flat_access(&a, blockIdx.x, threadIdx.x, k, &z2, &v)  \
                           : nd_row_whole_access(&a, blockIdx.x, threadIdx.x, k, &z2, &v); \
            if (MERGED) {                                                                \
                nd_row_rel(&a, z2, v, &in_rel[k], &out_rel[k]);                          \
            } else {                                                                     \
                in_rel[k] = z2 * a.z_in[2] + v;                                          \
                out_rel[k] = z2 * a.z_out[2] + v;                                        \
            }                                                                            \
        }                                                                                \
        for (int64_t z0 = blockIdx.z; z0 < a.z_dims[0]; z0 += gridDim.z)                 \
            for (int64_t z1 = blockIdx.y; z1 < a.z_dims[1]; z1 += gridDim.y) {           \
                nd_offsets(&a, z0, z1, 0, &in_off, &out_off); /* in accesses */          \
                _Pragma("unroll") for (int k = 0; k < ND_ROW_UNROLL; k++)                \
                    if (ok[k])                                                           \
                        x[k] = in[in_off + in_rel[k]];                                   \
                _Pragma("unroll") for (int k = 0; k < ND_ROW_UNROLL; k++)                \
                    if (ok[k])                                                           \
                        out[out_off + out_rel[k]] = x[k];                                \
            }                                                                            \
    }

ND_ROWS_KERNEL(permute_nd_rows_1, uint8_t, 0, 0, PLAIN)
ND_ROWS_KERNEL(permute_nd_rows_2, uint16_t, 0, 0, PLAIN)
ND_ROWS_KERNEL(permute_nd_rows_4, uint32_t, 0, 0, PLAIN)
ND_ROWS_KERNEL(permute_nd_rows_8, unsigned long long, 0, 0, PLAIN)
ND_ROWS_KERNEL(permute_nd_rows_16, nd_16, 0, 0, PLAIN)
/* The same, with z1 counted into z2 (nd_rows_merge): a kernel of its own,
 * so that the division costs the other row copies nothing (in one kernel,
 * `nvcc -arch=sm_90 -O3 -Xptxas -v` counted 38 registers for the 1, 2 and
 * 4-byte rows where they had 32). */
ND_ROWS_KERNEL(permute_nd_rows_merged_1, uint8_t, 1, 0, PLAIN)
ND_ROWS_KERNEL(permute_nd_rows_merged_2, uint16_t, 1, 0, PLAIN)
ND_ROWS_KERNEL(permute_nd_rows_merged_4, uint32_t, 1, 0, PLAIN)
ND_ROWS_KERNEL(permute_nd_rows_merged_8, unsigned long long, 1, 0, PLAIN)
ND_ROWS_KERNEL(permute_nd_rows_merged_16, nd_16, 1, 0, PLAIN)
/* Short rows laid end to end (nd_row_flat_access): kernels of their own.
 * With both walks in one kernel, permute_nd_rows_8 held 48 registers where
 * it had 40 (permute_nd_rows_4: 47 where 32; `nvcc -arch=sm_90 -O3
 * -Xptxas -v`), and that build ran the rows of 137 doubles at 69.5% of
 * the copy, these kernels at 88.6 (H100; NOTES.md, "Doubles with 13 to
 * 15 rows" and "Short rows laid end to end"). */
ND_ROWS_KERNEL(permute_nd_rows_flat_4, uint32_t, 0, 1, FEWER)
ND_ROWS_KERNEL(permute_nd_rows_flat_8, unsigned long long, 0, 1, PLAIN)
ND_ROWS_KERNEL(permute_nd_rows_flat_16, nd_16, 0, 1, PLAIN)

/* ---- Rows of an odd number of bytes: words, shifted -------------------------

 * A row whose length in bytes is not a multiple of 4 is moved by
 * permute_nd_rows in 1 or 2-byte accesses, a quarter or half of a copy's
 * bytes per instruction. Here, for rows of ND_SHIFT_MIN_BYTES(access) or
 * more, every output word is an aligned 32-bit store: output row bytes d
 * .. d + L - 1, and the aligned words over them, word w at byte (d & ~3)
 * + 4 w. Its 4 bytes come from the input row at the same distance from
 * the row's start, s - d bytes away, which start sh = (s - d) mod 4
 * bytes into an aligned word: a lane loads that aligned word and
 * funnel-shifts it with its right neighbour's (a warp shuffle; lane 31
 * loads its neighbour's itself), as chapter 10's funnel tiles do. The first and last word of a
 * row are stored in part (funnel_store). The plan's strides are in bytes
 * (an access of 1).
 *
 * Two ways to share the row out, chosen by nd_shift_blocks_fit:
 * - permute_nd_rows_shift16: 16 bytes a lane (shift16.h), where both
 *   buffers are 16-byte aligned (cudaMalloc's always are): a warp moves
 *   512 bytes of one row, a row on neighbouring warps of the grid
 *   (s16_block_group).
 * - permute_nd_rows_shift_chunks: for shorter rows (nd_shift_by_blocks),
 *   or buffers aligned to 4 bytes only, the work is cut into chunks of 32
 *   words, a warp's width: chunk k of row r is words 32 k .. 32 k + 31 of
 *   it, a row has a.pieces of them, the rows counted z2 fastest, then
 *   z1, z0. A warp moves ND_SHIFT_CHUNKS neighbouring
 *   chunks, all loaded before the first is stored; it finds the row of its
 *   first chunk with divisions and steps (k, z2, z1, z0) from there, so
 *   several short rows share a warp.
 * A first version moved the blocks in 4-byte words (1024 a block, 4 a
 * thread); the 16-byte lanes replaced it after measuring 94.3 against
 * 76.4% of the copy on rows of 16499 bytes (NOTES.md, "Rows of an odd
 * number of bytes").
 * Rows of a multiple of 4 or 8 bytes but not of 16 went to
 * permute_nd_rows in 4 or 8-byte accesses: Nsight Compute on an H200
 * found rows of 1484 bytes executing 5.7 times the instructions of rows of
 * 1488 (16-byte accesses) at 42.9 against 95.0% of the copy. Where they
 * fill a third of a block, permute_nd_rows_shift16 now moves them too
 * (NOTES.md, "Wider rows shifted"), and rows in 4-byte accesses from
 * 1024 bytes (nd_shift_blocks_fit). Rows of 4 and 8-byte accesses now
 * go to permute_nd_rows_gather (below) first, which takes them wherever
 * these lanes could (both buffers 16-byte aligned). */
#define ND_SHIFT_WORDS (ND_THREADS * 16 / 4)   /* a block's 4096 bytes, in words: 1024 */
#define ND_SHIFT_CHUNKS 8
/* The shortest rows shifted, by the access permute_nd_rows would use:
 * 256 bytes at first, for every access. Rows of 70 to 250 bytes, 33 of
 * them, each in its own shape of 150 to 250 MB, on the H100 (NOTES.md,
 * "Short rows shifted"): in 1-byte accesses the shifted rows won 14 of
 * 16 (rows of 87 to 250 bytes) by 6 to 26 points, one by 0.9, and lost
 * one (106 bytes) by 2.0; in 2-byte accesses they won every row of 182
 * bytes or more (5, by 2.3 to 9.5 points) and lost 9 of the 12 shorter
 * ones, by up to 16 points. So: 1 byte from 64, 2 bytes from 180. On a
 * second draw, after the rule: 13 of 16 1-byte rows gained (69 to 195
 * bytes, by 4.3 to 23.5 points), 3 ran as before; of four 2-byte rows of
 * 180 bytes or more, three gained and one lost 2.8 points. */
#define ND_SHIFT_MIN_BYTES(access) ((access) == 1 ? 64 : (access) == 2 ? 180 : 256)
/* The words, and the chunks, of a row of L bytes that starts anywhere in a word. */
#define ND_SHIFT_ROW_WORDS(L) (((L) + 3) / 4 + 1)
#define ND_SHIFT_ROW_CHUNKS(L) ((ND_SHIFT_ROW_WORDS(L) + 31) / 32)

/* 1: blocks of 16-byte lanes (permute_nd_rows_shift16); 0: the chunks.
 * The blocks where a row fills at least a third of its blocks' bytes,
 * counted as if a block held one row. Measured (H100, chapter 11's
 * NOTES.md "Rows of an odd number of bytes"): the blocks faster with rows
 * of 2002 to 16499 bytes (49% to 98% filled), the chunks faster with rows
 * of 315 to 777 bytes (8% to 19% filled); the third between them is a
 * guess. The blocks now pack rows on neighbouring warps, so a short
 * row no longer leaves most of a block idle (NOTES.md, "Shifted rows on
 * neighbouring warps"); whether that makes them faster than the chunks
 * on shorter rows is not measured, so the rule stays. */
static int nd_shift_by_blocks(int64_t L)
{
    int64_t words = ND_SHIFT_ROW_WORDS(L);
    int64_t blocks = (words + ND_SHIFT_WORDS - 1) / ND_SHIFT_WORDS;
    return 3 * words >= blocks * ND_SHIFT_WORDS;
}

/* Rows in 4-byte accesses that permute_nd_rows would move as long rows
 * (ND_THREADS accesses or more: 1024 bytes), a block a piece of
 * ND_ROW_UNROLL x ND_THREADS accesses of one row, mostly idle for rows
 * of 1024 to 4095 bytes: the shifted blocks take them from 1024 bytes,
 * where the buffers allow 16-byte lanes, though they fill less than a
 * third of a block. On the H100 (chapter 11's NOTES.md, "Rows of 4-byte
 * accesses from 1024 bytes, shifted"), rows of 1100 to 1348 bytes went
 * from 40.2-48.6% of the copy to 65.5-77.2% (9 shapes of two draws, by
 * 24.8 to 28.7 points); shorter rows, which permute_nd_rows moves a few
 * whole rows a block, gained 0.2 to 9.8 points on 8 shapes of 652 to
 * 956 bytes and lost on the other 10, of 316 to 1020 bytes, by 0.2 to
 * 23.9 points: they stay. */
static int nd_shift_blocks_fit(int64_t L, int access)
{
    return nd_shift_by_blocks(L) || (access == 4 && L / 4 >= ND_THREADS);
}

/* A ROWS plan's rows: the product of its other axes. */
static int64_t nd_rows_count(const tp_plan *plan)
{
    int64_t n = 1;
    for (int k = 0; k < plan->nz; k++)
        n *= plan->z_dims[k];
    return n;
}

/* One lane's word of a shifted row, at row byte q (from -3), whose input
 * bytes start sh bytes into the aligned input word at src. Before the
 * shuffle: the lane loads its input word where this word, or its left
 * neighbour's last bytes, need it (q < L + 4); lane 31 also loads the next
 * one, its right neighbour's, where its own word needs it. */
static __device__ __forceinline__ void nd_shift_load(const uint8_t *__restrict__ in, int64_t total,
                                                     int64_t src, int64_t q, int64_t L, int sh,
                                                     int lane, uint32_t *x, uint32_t *next)
{
    *x = *next = 0;
    if (q < L + 4)
        *x = funnel_load(in, src, total);
    if (q < L && lane == 31 && sh != 0)
        *next = funnel_load(in, src + 4, total);
}

/* After the loads: the output word, from the lane's input word and its
 * right neighbour's (a shuffle; lane 31's own `next`). Every lane of the
 * warp must call it. */
static __device__ __forceinline__ uint32_t nd_shift_word(uint32_t x, uint32_t next, int sh, int lane)
{
    uint32_t right = __shfl_down_sync(0xFFFFFFFFu, x, 1);
    return __funnelshift_r(x, lane == 31 ? next : right, 8 * sh);
}

/* The shifted rows' blocks, 16 bytes a lane (shift16.h says how): each
 * row on s16_row_warps(L) neighbouring warps of the grid, which may
 * belong to two blocks (s16_block_group). */
__global__ void __launch_bounds__(ND_THREADS)
permute_nd_rows_shift16(const uint8_t *__restrict__ in, uint8_t *__restrict__ out, nd_args a,
                        int64_t total)
{
    const int lane = threadIdx.x % 32;
    const unsigned all = 0xFFFFFFFFu;
    const int64_t L = a.vecs;   /* the row's bytes */
    int64_t s, d, z2, g;

    /* the warp's row and the lane's group of 16 bytes (shift16.h) */
    if (!s16_block_group(L, ND_THREADS, a.z_dims[2], blockIdx.x, threadIdx.x, &z2, &g))
        return;   /* a whole warp with no row */
    for (int64_t z0 = blockIdx.z; z0 < a.z_dims[0]; z0 += gridDim.z)
        for (int64_t z1 = blockIdx.y; z1 < a.z_dims[1]; z1 += gridDim.y) {
            uint32_t x[4], next[4], y[4];
            nd_offsets(&a, z0, z1, z2, &s, &d);
            const int64_t q = s16_q(d, g);
            s16_load(in, total, s, d, L, q, lane == 31, x, next);
#pragma unroll
            for (int i = 0; i < 4; i++) {
                y[i] = __shfl_down_sync(all, x[i], 1);
                if (lane == 31)
                    y[i] = next[i];
            }
            s16_store(out, s, d, L, q, x, y);
        }
}

__global__ void __launch_bounds__(ND_THREADS)
permute_nd_rows_shift_chunks(const uint8_t *__restrict__ in, uint8_t *__restrict__ out, nd_args a,
                             int64_t total)
{
    const int lane = threadIdx.x % 32;
    const int64_t L = a.vecs;   /* the row's bytes */
    const uint32_t cpr = a.pieces, Z2 = (uint32_t)a.z_dims[2], Z1 = (uint32_t)a.z_dims[1];
    /* The launch makes sure that every chunk number fits 32 bits. */
    uint32_t c = (blockIdx.x * (ND_THREADS / 32) + threadIdx.x / 32) * ND_SHIFT_CHUNKS;
    uint32_t row = c / cpr, k = c - row * cpr;
    uint32_t z2 = row % Z2, z1 = (row / Z2) % Z1, z0 = row / Z2 / Z1;
    uint32_t x[ND_SHIFT_CHUNKS], next[ND_SHIFT_CHUNKS];
    int64_t o[ND_SHIFT_CHUNKS];   /* the output word's byte, or -1: none */
    int span[ND_SHIFT_CHUNKS];    /* from | to << 2 | sh << 5: funnel_store's bytes, the shift */
    int64_t s = 0, d = 0, q = 0;  /* the row's input and output, the word's byte in the row */
    int sh = 0;                   /* (s - d) mod 4: where the word's bytes start in the input */

    if (z0 < a.z_dims[0]) {
        nd_offsets(&a, z0, z1, z2, &s, &d);
        sh = (int)((s - d) & 3);
        q = 4 * (32 * (int64_t)k + lane) - (d & 3);   /* from -3 */
    }
#pragma unroll
    for (int u = 0; u < ND_SHIFT_CHUNKS; u++) {
        x[u] = next[u] = 0;
        o[u] = -1;
        span[u] = 0;
        if (z0 < a.z_dims[0]) {
            /* s + q - sh: the aligned input word under the word */
            nd_shift_load(in, total, s + q - sh, q, L, sh, lane, &x[u], &next[u]);
            if (q < L) {
                o[u] = d + q;
                span[u] = (int)max(-q, (int64_t)0) | (int)min(L - q, (int64_t)4) << 2 | sh << 5;
            }
        }
        q += 128;
        if (++k == cpr) {   /* the next chunk starts the next row */
            k = 0;
            if (++z2 == Z2) {
                z2 = 0;
                if (++z1 == Z1) {
                    z1 = 0;
                    z0++;
                }
            }
            if (u + 1 < ND_SHIFT_CHUNKS && z0 < a.z_dims[0]) {
                nd_offsets(&a, z0, z1, z2, &s, &d);
                sh = (int)((s - d) & 3);
                q = 4 * lane - (d & 3);
            }
        }
    }
#pragma unroll
    for (int u = 0; u < ND_SHIFT_CHUNKS; u++) {
        uint32_t v = nd_shift_word(x[u], next[u], span[u] >> 5, lane);
        if (o[u] >= 0)
            funnel_store(out + o[u], v, span[u] & 3, (span[u] >> 2) & 7);
    }
}

/* ---- Rows gathered in the output's order ------------------------------------

 * The kernels above walk the input: a warp reads along a row and writes
 * it to its place in the output. A row whose length is a multiple of 4
 * bytes but not of 16 then moves in 4 or 8-byte accesses, and a row that
 * starts in the middle of a 32-byte sector leaves part-written sectors at
 * both ends. permute_nd_rows_gather walks the output instead: the output
 * is one dense run of rows, so thread t takes 16 aligned output bytes (K
 * words: 4 of 4 bytes, 2 of 8 or 1 of 16), finds the input word of each
 * (nd_gather_group, nd_index.h: a group spans two rows at most) and
 * stores them in one 16-byte store. Only the loads stay narrow. Thread t
 * of block b takes groups (b ND_GATHER_UNROLL + u) ND_THREADS + t, all
 * their loads issued before the first store.
 *
 * Nsight Compute on the 4-byte (1, 0, 2) of 7 x 86338 x 141 (rows of 564
 * bytes), H100, one launch each (NOTES.md, "Rows gathered in the
 * output's order"): permute_nd_rows_flat_4 executed 233 million
 * instructions and wrote 13.0 million sectors to L2 at 56% of the DRAM's
 * peak, 384 us; the gather executed 171 million and wrote 10.7 million
 * sectors at 85%, 234 us. */
#define ND_GATHER_UNROLL 2
/* The stores of a thread's ND_GATHER_UNROLL groups v[u] of K words (16
 * bytes) each: output words K ((blockIdx.x ND_GATHER_UNROLL + u)
 * ND_THREADS + threadIdx.x) on, of n; one 16-byte store a group, word by
 * word in the output's last, partial group. */
#define ND_GATHER_STORE(K, v, out, n)                                                    \
    _Pragma("unroll") for (int u_ = 0; u_ < ND_GATHER_UNROLL; u_++)                      \
    {                                                                                    \
        const int64_t w0_ = (K) * (((int64_t)blockIdx.x * ND_GATHER_UNROLL + u_) *       \
                                   ND_THREADS + threadIdx.x);                            \
        if (w0_ + (K) <= (n)) {                                                          \
            uint4 q_;                                                                    \
            memcpy(&q_, (v)[u_], 16);                                                    \
            *(uint4 *)((out) + w0_) = q_;                                                \
        } else {                                                                         \
            for (int j_ = 0; j_ < (K); j_++)                                             \
                if (w0_ + j_ < (n))                                                      \
                    (out)[w0_ + j_] = (v)[u_][j_];                                       \
        }                                                                                \
    }
/* NAME moves words of type W, K of them (16 bytes) a group; stamped out
 * below for words of 4, 8 and 16 bytes, as the row kernels are. */
#define ND_GATHER_KERNEL(NAME, W, K)                                                     \
    __global__ void __launch_bounds__(ND_THREADS)                                        \
        NAME(const W *__restrict__ in, W *__restrict__ out, nd_args a, int64_t words)    \
    {                                                                                    \
        W v[ND_GATHER_UNROLL][K];                                                        \
        _Pragma("unroll") for (int u = 0; u < ND_GATHER_UNROLL; u++)                     \
        {                                                                                \
            const int64_t w0 = K * (((int64_t)blockIdx.x * ND_GATHER_UNROLL + u) *       \
                                    ND_THREADS + threadIdx.x);                           \
            int64_t src[4];                                                              \
            nd_gather_group(&a, words, w0, K, src);                                      \
            _Pragma("unroll") for (int j = 0; j < K; j++)                                \
            {                                                                            \
                if (src[j] >= 0)                                                         \
                    v[u][j] = in[src[j]];                                                \
                else                                                                     \
                    memset(&v[u][j], 0, sizeof v[u][j]);                                 \
            }                                                                            \
        }                                                                                \
        ND_GATHER_STORE(K, v, out, words);                                               \
    }

ND_GATHER_KERNEL(permute_nd_rows_gather_4, uint32_t, 4)
ND_GATHER_KERNEL(permute_nd_rows_gather_8, unsigned long long, 2)
ND_GATHER_KERNEL(permute_nd_rows_gather_16, uint4, 1)

/* Rows whose length is not a multiple of 4 bytes, gathered the same way
 * (permute_nd_rows_gather_bytes): thread t stores the 16 output bytes
 * from 16 t, which come from one input row, or from two
 * (nd_gather_bytes_group); each run of them is funnel-shifted out of the
 * aligned input words over it (nd_gather_run: 4 or 5 loads), as the
 * shifted rows do, but with no shuffle, and two runs are spliced at
 * their byte. These rows went to the shifted rows (from 64 bytes in
 * 1-byte accesses, 180 in 2-byte ones) or to permute_nd_rows in 1 or
 * 2-byte accesses. On the H100, 21 drawn shapes of 1 and 2-byte elements
 * with rows of 19 to 7618 bytes went from 12.9-94.0% of the copy to
 * 23.9-97.3%, by 2.2 to 58.3 points, the rows under 1024 bytes by 18 or
 * more but one (19 bytes, +5.2); 3 more, rows of 2-byte words that the
 * row tiles take, ran as before. 30 shapes drawn after the rule was set
 * (rows of 31 to 7339 bytes) went from 15.5-92.9% to 36.0-98.3%, every
 * one faster (NOTES.md, "Rows of odd lengths gathered in bytes"). */
static __device__ __forceinline__ void nd_gather_run(const uint8_t *__restrict__ in, int64_t total,
                                                     int64_t s, uint32_t y[4])
{
    const int64_t a0 = s >= 0 ? s & ~(int64_t)3 : -((-s + 3) & ~(int64_t)3);
    const int sh = (int)(s - a0);
    uint32_t x[5];
#pragma unroll
    for (int i = 0; i < 5; i++)
        x[i] = i < 4 || sh != 0 ? funnel_load(in, a0 + 4 * i, total) : 0u;
#pragma unroll
    for (int j = 0; j < 4; j++)
        y[j] = __funnelshift_r(x[j], x[j + 1], 8 * sh);
}
__global__ void __launch_bounds__(ND_THREADS)
permute_nd_rows_gather_bytes(const uint8_t *__restrict__ in, uint8_t *__restrict__ out, nd_args a,
                             int64_t total)
{
    uint32_t w[ND_GATHER_UNROLL][4];
#pragma unroll
    for (int u = 0; u < ND_GATHER_UNROLL; u++) {
        const int64_t o = 16 * (((int64_t)blockIdx.x * ND_GATHER_UNROLL + u) * ND_THREADS +
                                threadIdx.x);
        int64_t s1, s2;
        int n1;
        if (o >= total)
            continue;
        nd_gather_bytes_group(&a, total, o, &s1, &s2, &n1);
        nd_gather_run(in, total, s1, w[u]);
        if (n1 < 16) {   /* the group runs into the next row */
            uint32_t y[4];
            nd_gather_run(in, total, s2, y);
#pragma unroll
            for (int j = 0; j < 4; j++) {
                const int k = n1 - 4 * j;   /* bytes of word j from the first row */
                const uint32_t m = k >= 4 ? 0xFFFFFFFFu : k <= 0 ? 0u : (1u << (8 * k)) - 1u;
                w[u][j] = (w[u][j] & m) | (y[j] & ~m);
            }
        }
    }
#pragma unroll
    for (int u = 0; u < ND_GATHER_UNROLL; u++) {
        const int64_t o = 16 * (((int64_t)blockIdx.x * ND_GATHER_UNROLL + u) * ND_THREADS +
                                threadIdx.x);
        if (o + 16 <= total) {
            *(uint4 *)(out + o) = make_uint4(w[u][0], w[u][1], w[u][2], w[u][3]);
        } else {
#pragma unroll
            for (int b = 0; b < 16; b++)
                if (o + b < total)
                    out[o + b] = (uint8_t)(w[u][b / 4] >> (8 * (b % 4)));
        }
    }
}

/* The rows the gather takes, as the width of its words (the access, 4, 8
 * or 16 bytes; 1 for permute_nd_rows_gather_bytes), or 0: a ROWS plan's
 * rows that the row tiles (nd_rowtile_fit, tried first) leave, both
 * buffers 16-byte aligned (cudaMalloc's always are); rows of a multiple
 * of 4 bytes from ND_GATHER_MIN_BYTES, the others from 16 bytes.
 * They went to permute_nd_rows_flat_4/8/16, permute_nd_rows(_merged) and,
 * from about 1024 bytes, the shifted 16-byte lanes. On the H100, 86
 * shapes that reach the gather (70 drawn at random, 16 built so that rows
 * next to each other in the input are far apart in the output), rows of
 * 80 to 7904 bytes (NOTES.md, "Rows gathered in the output's order"):
 * - 4-byte words, 29 shapes: from 49.8-94.4% of the copy to 83.0-99.0%
 *   (two ran 0.1 and 0.2 points behind);
 * - 8-byte words, 41 shapes: from 69.8-96.2% to 71.4-99.7% (one 0.1
 *   behind);
 * - 16-byte words, 16 shapes: from 72.4-97.7% to 73.2-98.5% (one 1.2
 *   behind).
 * The row tiles keep their rows: gathered, 4-byte (1, 0, 2) of N x 16 x
 * w with rows of 20 to 64 bytes lost 16 to 58 points, where on 7 of 9
 * drawn shapes of 20 to 228 bytes that this rule leaves the gather won
 * by up to 10: no rule yet tells these apart. Shorter rows that the
 * tiles leave, in 8 and 16-byte words, moved by -0.1 to +2.5 points on
 * 8 shapes of 24 to 56 bytes: too little, on too few, to move them.
 * Rows of other lengths go to the bytes kernel from 16 bytes (the
 * shortest that spans at most two rows a group); the row tiles there too
 * take their rows first. (ND_GATHER_MIN_BYTES is in nd_index.h, whose
 * nd_rowtile_leaves leaves the gather some rows the tile could take.) */
static int nd_gather_word(const tp_plan *plan, int access, int aligned16)
{
    const int64_t L = plan->row_len * plan->elem_bytes;
    if (plan->kind != TP_PLAN_ROWS || !aligned16)
        return 0;
    if (access < 4)
        return L >= 16 ? 1 : 0;
    return L >= ND_GATHER_MIN_BYTES ? access : 0;
}

/* The blocks a gather of `bytes` output bytes needs: ND_GATHER_UNROLL
 * 16-byte groups a thread (ND_GATHER_STORE), the rows' and the elements'. */
static int64_t nd_gather_blocks(int64_t bytes)
{
    const int64_t groups = (bytes + 15) / 16, per_block = ND_GATHER_UNROLL * ND_THREADS;
    return (groups + per_block - 1) / per_block;
}

/* Launches permute_nd_rows_gather in words of `word` bytes (1:
 * permute_nd_rows_gather_bytes); 0 (nothing launched) where the grid
 * would be too large or the plan's rows do not lie end to end in the
 * output in an order of three axes. */
static int nd_gather_launch(const void *in, void *out, const tp_problem *p, const tp_plan *plan,
                            int word)
{
    nd_args ga;
    uint32_t unused[3];
    const int64_t bytes = tp_problem_bytes(p), words = bytes / word;
    const int64_t x = nd_gather_blocks(bytes);
    if (x > 0x7FFFFFFFLL || !nd_make_args(plan, word, 16, &ga, unused) || !nd_gather_order(&ga))
        return 0;
    if (word == 1)
        permute_nd_rows_gather_bytes<<<(uint32_t)x, ND_THREADS, 0, TP_STREAM>>>(
            (const uint8_t *)in, (uint8_t *)out, ga, words);
    else if (word == 4)
        permute_nd_rows_gather_4<<<(uint32_t)x, ND_THREADS, 0, TP_STREAM>>>(
            (const uint32_t *)in, (uint32_t *)out, ga, words);
    else if (word == 8)
        permute_nd_rows_gather_8<<<(uint32_t)x, ND_THREADS, 0, TP_STREAM>>>(
            (const unsigned long long *)in, (unsigned long long *)out, ga, words);
    else
        permute_nd_rows_gather_16<<<(uint32_t)x, ND_THREADS, 0, TP_STREAM>>>(
            (const uint4 *)in, (uint4 *)out, ga, words);
    return 1;
}

/* Elements gathered in the output's order (permute_nd_elems_gather_4 and
 * _8): thread t stores the 16 output bytes from 16 t, 4 or 2 elements,
 * loaded one by one from wherever the input holds them (nd_eg_decode
 * for the first, nd_eg_step for the rest; nd_index.h), 2 groups a
 * thread, loads first. With no shared memory and no tile, every load
 * of a warp reads a few input rows at neighbouring columns, and the
 * next columns are read by the next warps while their lines are still
 * in the caches, where the tile's columns are close in the output.
 * nd_egather_fit says where. */
#define ND_EGATHER_KERNEL(NAME, W, K)                                                    \
    __global__ void __launch_bounds__(ND_THREADS)                                        \
        NAME(const W *__restrict__ in, W *__restrict__ out, nd_eg_args g, int64_t n)     \
    {                                                                                    \
        W v[ND_GATHER_UNROLL][K];                                                        \
        const int big = n > 0xFFFFFFFFLL;                                                \
        _Pragma("unroll") for (int u = 0; u < ND_GATHER_UNROLL; u++)                     \
        {                                                                                \
            const int64_t o = K * (((int64_t)blockIdx.x * ND_GATHER_UNROLL + u) *        \
                                   ND_THREADS + threadIdx.x);                            \
            uint32_t i[4];                                                               \
            int64_t src;                                                                 \
            if (o >= n)                                                                  \
                continue;                                                                \
            src = nd_eg_decode(&g, o, big, i);                                           \
            _Pragma("unroll") for (int j = 0; j < K; j++)                                \
            {                                                                            \
                if (o + j < n)                                                           \
                    v[u][j] = in[src];                                                   \
                if (j + 1 < K)                                                           \
                    src = nd_eg_step(&g, i, src);                                        \
            }                                                                            \
        }                                                                                \
        ND_GATHER_STORE(K, v, out, n);                                                   \
    }

ND_EGATHER_KERNEL(permute_nd_elems_gather_4, uint32_t, 4)
ND_EGATHER_KERNEL(permute_nd_elems_gather_8, unsigned long long, 2)

/* The tiles the element gather takes: 4 and 8-byte elements whose columns (the
 * input's fastest axis) are ND_EGATHER_MAX_OUT_COL elements apart in the output
 * or closer, both buffers 16-byte aligned. The limit was 16 until the H200 ran
 * 34 tiles of 17 to 59 rows drawn at random and five long-row shapes
 * (permute_case --reps 10, limits 16, 32 and 48 side by side, 2026-11-28;
 * NOTES.md, "The element gather up to 48 columns apart"): at 48, 24 of 39 cases
 * ran faster by 1.3 to 32.0 points and 4 slower by 1.2 to 4.2, the two largest
 * on long rows where the tile kernel was at 89 and 94% (the (0, 2, 1) of 5 x 32
 * x 200003 doubles: 94.3 to 90.1). The H100's losses below at 24 to 64 are on
 * such rows too; the H100 has not run the limit of 48. (One of the four slower,
 * by 1.4, is a tile of 54 rows that the rule leaves: the spread between runs.)
 * First, on the H100 (permute_case --reps 10, the element gather against the
 * kernels the dispatcher picked before, 2026-11-28; NOTES.md, "Elements
 * gathered in the output's order"), the (0, 2, 1) of 5 x R x N went from 83.5
 * and 81.3% of the copy to 97.8 and 95.3 in 4-byte elements at R = 8 and 16,
 * but lost 1.7 at 32 and 6.8 at 64; in 8-byte elements it gained 5.2 to 10.4
 * points at R = 4, 8 and 16 and lost 2.5 at 24. Tiles whose columns are far
 * apart in the output lost up to 87 points (hypothesis: an input sector then
 * serves one element before it leaves the caches). 1 and 2-byte elements lost
 * on 14 of 15 shapes (hypothesis: a load for each element costs more than the
 * tile saves; H100 only). 16-byte elements have not been run at all.
 * Whole small matrices one after another (nd_small_fit's 1) whose sides
 * are both powers of two stay with the batch kernel. The (0, 2, 1) of
 * B x R x C, 20 shapes (H100, permute_case --reps 10, 2026-11-28; NOTES.md,
 * same section): on the nine with sides powers of two the batch ran at
 * 98.8 to 100.7% of the copy, the gather at 95.0 to 101.8 (4-byte 8 x 8:
 * 100.4 against 95.0; 16 x 16: 99.3 against 97.2); on the other eleven
 * the batch ran at 85.9 to 98.9, the gather at 94.1 to 101.1, better on
 * ten. (Hypothesis, not profiled: the batch's shared-memory gather is
 * slower where a side is not a power of two.) On 28 shapes drawn after
 * the rule was written, it ran 18 faster by 6.1 to 26.6 points and none
 * slower by more than 0.4 (same machine and command). */
#define ND_EGATHER_MAX_OUT_COL 48
static int nd_pow2(int64_t x)
{
    return x > 0 && (x & (x - 1)) == 0;
}
static int nd_egather_fit(const tp_plan *plan, int aligned16)
{
    const int64_t e = plan->elem_bytes;
    if (nd_small_fit(plan) == 1 && nd_pow2(plan->n_rows) && nd_pow2(plan->n_cols))
        return 0;   /* whole matrices of sides 2^k: the batch */
    return plan->kind == TP_PLAN_TILE && aligned16 && (e == 4 || e == 8) &&
           plan->out_col <= ND_EGATHER_MAX_OUT_COL;
}
static int nd_egather_launch(const void *in, void *out, const tp_problem *p)
{
    nd_eg_args g;
    const int64_t n = tp_problem_elements(p), x = nd_gather_blocks(tp_problem_bytes(p));
    if (x > 0x7FFFFFFFLL || !nd_eg_make(p, &g))
        return 0;
    if (p->elem_bytes == 4)
        permute_nd_elems_gather_4<<<(uint32_t)x, ND_THREADS, 0, TP_STREAM>>>(
            (const uint32_t *)in, (uint32_t *)out, g, n);
    else
        permute_nd_elems_gather_8<<<(uint32_t)x, ND_THREADS, 0, TP_STREAM>>>(
            (const unsigned long long *)in, (unsigned long long *)out, g, n);
    return 1;
}

/* ---- The launch ------------------------------------------------------------- */

/* A TILE plan with no other axis and no split side is one n_rows x n_cols
 * matrix, transposed: chapter 9's and 10's dispatchers, each the fastest
 * kernel for every shape that its chapter measured, take it. They need
 * sides that fit an int and, for their wide accesses, 16-byte aligned
 * buffers (cudaMalloc's); otherwise, or for 16-byte elements, returns
 * "n/a" and permute_nd's own tile runs. So it does for doubles in a
 * matrix of ND_EGATHER_MAX_OUT_COL (48) rows or fewer, which chapter 10's
 * dispatcher moves in 32 x 32 tiles, partly empty (8-byte 4 x 4204200:
 * 26.5% of the copy, H100; chapter 11's NOTES.md, "Wide tiles with two
 * other axes, as batches of columns"): the element gather takes it
 * (nd_egather_fit). The limit was 15 rows; on 13 matrices of 17 to 40
 * rows drawn at random (2-D, and 3-D (1, 2, 0) ones that are 2-D
 * matrices), the gather ran at 79.4 to 93.2% of the copy where chapter
 * 10's tiles ran at 71.6 to 93.1: faster on 10 by 2.1 to 19.4 points,
 * slower on 3 (25, 27 and 28 rows, where the tiles ran at 88.5 to 93.1)
 * by 2.8 to 7.9 (H200; NOTES.md, "Doubles in matrices of up to 48
 * rows"). */
static const char *launch_matrix(const tp_plan *plan, const void *in, void *out)
{
    int rows, cols;
    if (plan->kind != TP_PLAN_TILE || plan->nz != 0 || plan->rows_lo != 0 ||
        plan->cols_lo != 0 || plan->n_rows > INT_MAX || plan->n_cols > INT_MAX ||
        ((uintptr_t)in | (uintptr_t)out) % 16 != 0 ||
        (plan->elem_bytes == 8 && plan->n_rows <= ND_EGATHER_MAX_OUT_COL))
        return "n/a";
    rows = (int)plan->n_rows;
    cols = (int)plan->n_cols;
    switch (plan->elem_bytes) {
    case 8: return launch_f64_dispatch(in, out, rows, cols, dim3(PAIR_THREADS));
    case 4: return launch_any_shape((const float *)in, (float *)out, rows, cols, dim3(TILE_THREADS));
    case 2: return launch_u16_dispatch(in, out, rows, cols, dim3(PAIR_THREADS));
    case 1: return launch_u8_dispatch(in, out, rows, cols, dim3(QUAD_THREADS));
    default: return "n/a";
    }
}

/* Launches kernel K##_<bytes> for element or access size `bytes`. */
#define ND_LAUNCH(K, bytes, grid, block, in, out, a)                                     \
    switch (bytes) {                                                                     \
    case 1: K##_1<<<grid, block, 0, TP_STREAM>>>((const uint8_t *)in, (uint8_t *)out, a); break;   \
    case 2: K##_2<<<grid, block, 0, TP_STREAM>>>((const uint16_t *)in, (uint16_t *)out, a); break; \
    case 4: K##_4<<<grid, block, 0, TP_STREAM>>>((const uint32_t *)in, (uint32_t *)out, a); break; \
    case 8:                                                                              \
        K##_8<<<grid, block, 0, TP_STREAM>>>((const unsigned long long *)in,                \
                                             (unsigned long long *)out, a);              \
        break;                                                                           \
    default: K##_16<<<grid, block, 0, TP_STREAM>>>((const nd_16 *)in, (nd_16 *)out, a); break;     \
    }
/* The same for kernels of 1 and 2-byte elements only */
#define ND_LAUNCH_12(K, bytes, grid, block, in, out, a)                                  \
    do {                                                                                 \
        if ((bytes) == 1)                                                                \
            K##_1<<<grid, block, 0, TP_STREAM>>>((const uint8_t *)in, (uint8_t *)out, a); \
        else                                                                             \
            K##_2<<<grid, block, 0, TP_STREAM>>>((const uint16_t *)in, (uint16_t *)out, a); \
    } while (0)

const char *launch_permute_nd(const void *in, void *out, const tp_problem *p, dim3 block)
{
    tp_plan plan;
    nd_args a;
    uint32_t g[3];
    int access, quads, pairs, funnel, shift, shift16, blocks, narrow, nsplit, skinny, small, words;
    int skinny_fit, wide_skinny, gword;
    const int aligned4 = ((uintptr_t)in | (uintptr_t)out) % 4 == 0;
    const int aligned16 = ((uintptr_t)in | (uintptr_t)out) % 16 == 0;
    int64_t L;   /* ROWS: a row's bytes */
    sk_geom sg;
    nd_rowtile rt;
    tp_problem folded;
    tp_plan batch;   /* the plan of a wide or narrow tile, as a batch */

    if (block.x * block.y * block.z != ND_THREADS)
        return "written for blocks of 256 threads";
    if (tp_problem_check(p, NULL, 0) != TP_OK)
        return "not a valid problem (tp_problem_check says why)";
    if (((uintptr_t)in | (uintptr_t)out) % (uintptr_t)p->elem_bytes != 0)
        return "needs buffers aligned to the element size";
    if (nd_fold_rows(p, (uintptr_t)in, (uintptr_t)out, &folded))
        return launch_permute_nd(in, out, &folded, block);   /* short rows: elements */
    plan = tp_problem_plan(p);
    if (launch_matrix(&plan, in, out) == NULL)
        return NULL;   /* launched (and checked) by chapter 9's or 10's dispatcher */
    if (plan.kind == TP_PLAN_COPY) {
        CHECK_CUDA(cudaMemcpyAsync(out, in, (size_t)tp_problem_bytes(p),
                                   cudaMemcpyDeviceToDevice, TP_STREAM));
        return NULL;
    }
    if (nd_egather_fit(&plan, aligned16) && nd_egather_launch(in, out, p)) {   /* short runs */
        CHECK_LAUNCH();
        return NULL;
    }
    if (nd_rowtile_fit(&plan, (uintptr_t)in, (uintptr_t)out, &rt, g)) {   /* short rows */
        const dim3 grid(g[0], g[1], g[2]);
        const int bytes = nd_rowtile_shared_bytes(&rt), mode = nd_rowtile_mode(&rt);
        /* the kernel of the tile's mode (nd_rowtile_mode), in words of U, suffix S */
#define ND_RT_LAUNCH(K, U) K<<<grid, ND_THREADS, bytes, TP_STREAM>>>((const U *)in, (U *)out, rt)
#define ND_RT_MODES(S, U)                                                                \
    switch (mode) {                                                                      \
    case 0: ND_RT_LAUNCH(permute_nd_rowtile_##S, U); break;                              \
    case 1: ND_RT_LAUNCH(permute_nd_rowtile_thin1_##S, U); break;                        \
    case 2: ND_RT_LAUNCH(permute_nd_rowtile_thin2_##S, U); break;                        \
    default: ND_RT_LAUNCH(permute_nd_rowtile_thin3_##S, U); break;                       \
    }
        if (rt.unit == 8)
            ND_RT_MODES(8, unsigned long long)
        else if (rt.unit == 2)
            ND_RT_MODES(2, uint16_t)
        else
            ND_RT_MODES(4, uint32_t)
#undef ND_RT_MODES
#undef ND_RT_LAUNCH
        CHECK_LAUNCH();
        return NULL;
    }
    access = plan.kind == TP_PLAN_ROWS
                 ? nd_access_bytes(plan.row_len * plan.elem_bytes, (uintptr_t)in, (uintptr_t)out)
                 : plan.elem_bytes;
    gword = nd_gather_word(&plan, access, aligned16);
    if (gword != 0 && nd_gather_launch(in, out, p, &plan, gword)) {   /* rows gathered */
        CHECK_LAUNCH();
        return NULL;
    }
    /* Shifted: rows of 1 or 2-byte accesses, and rows of 4 or 8-byte ones
     * that fill a third of permute_nd_rows_shift16's blocks, or of 4-byte
     * ones from 1024 bytes (its 16-byte lanes, where the buffers allow
     * them: nd_shift_blocks_fit). */
    L = plan.row_len * plan.elem_bytes;
    blocks = aligned16 && nd_shift_blocks_fit(L, access);   /* the 16-byte lanes could take them */
    shift = plan.kind == TP_PLAN_ROWS && aligned4 && L >= ND_SHIFT_MIN_BYTES(access) &&
            /* the chunks' numbers fit 32 bits (true of any tensor that fits a GPU today) */
            nd_rows_count(&plan) * ND_SHIFT_ROW_CHUNKS(L) <
                0xFFFFFFFFLL - ND_THREADS / 32 * ND_SHIFT_CHUNKS &&
            (access < 4 || (access < 16 && blocks));
    shift16 = shift && blocks;
    if (shift)
        access = 1;   /* the shifted rows count their strides in bytes */
    /* a batch of small matrices: as they lie, stacked along their rows, a
     * wide tile's columns or a narrow tile's rows (nd_small_choose) */
    small = nd_small_choose(&plan, (uintptr_t)in, (uintptr_t)out, tp_problem_bytes(p));
    /* nd_skinny_fit's answer: 1 wide, 2 tall, 0 neither (sg its geometry).
     * A batch of wide skinny matrices goes to the register sort before the
     * packed words, as in chapter 10's dispatchers (sk_before_packed). */
    skinny_fit = small || plan.nz == 0
                     ? 0
                     : nd_skinny_fit(&plan, (uintptr_t)in, (uintptr_t)out, tp_problem_bytes(p), &sg);
    wide_skinny = skinny_fit == 1 && sk_before_packed(sg.e, sg.k);
    quads = !small && !wide_skinny && nd_quads_fit(&plan, (uintptr_t)in, (uintptr_t)out);
    pairs = !small && !wide_skinny && nd_pairs_fit(&plan, (uintptr_t)in, (uintptr_t)out);
    if ((quads || pairs) && nd_packed_sparse(&plan, quads))
        quads = pairs = 0;   /* their tile mostly empty (nd_packed_sparse) */
    funnel = !small && !wide_skinny && nd_funnel_fit(&plan, (uintptr_t)in, (uintptr_t)out);
    if (funnel && (quads || pairs) && plan.out_col * plan.elem_bytes % 32 == 0 &&
        plan.n_rows * plan.elem_bytes % 32 == 0)
        funnel = 0;   /* whole output sectors: the packed words; else lever 4 first (chapter 10) */
    if (funnel)
        quads = pairs = 0;
    else if (!small && !wide_skinny && !quads && !pairs)
        funnel = nd_funnel_split_fit(&plan, (uintptr_t)in, (uintptr_t)out);   /* a split side from 32 up */
    if (funnel && plan.rows_lo != 0 && nd_small_split_runs(&plan)) {
        funnel = 0;   /* split rows of whole input rows: a batch of row runs instead */
        skinny_fit = 0;
        small = ND_SMALL_SPLIT_RUNS;
    }
    skinny = wide_skinny || (!quads && !pairs && !funnel && skinny_fit && sk_pick(sg.wide, sg.k));
    /* A tall skinny tile of few rows that the join takes goes to the narrow
     * tile, joined (below): on 19 such tiles drawn at random
     * permute_nd_skinny_tall ran at 1.9 to 26.7% of the copy (a block for
     * each matrix of a few hundred bytes), the joined narrow tile at 14.4
     * to 16.4% (bytes) and 27.1 to 31.7% (2-byte), each tile faster by 4.7
     * points or more (H200; chapter 11's NOTES.md, "Tall skinny tiles of
     * few rows, joined"). */
    if (skinny && !wide_skinny && skinny_fit == 2 && nd_narrow_join_fit(&plan, &batch))
        skinny = 0;
    narrow = !small && !quads && !pairs && !skinny && plan.kind == TP_PLAN_TILE &&
             plan.n_cols < TP_PLAN_SHORT && plan.cols_lo == 0;
    if (narrow && !funnel && nd_narrow_join_fit(&plan, &batch))
        plan = batch;   /* too few rows for a block: they join an other axis (nd_index.h) */
    if (!nd_make_args(&plan, access,
                      quads ? ND_QUAD_TILE : pairs ? ND_PAIR_TILE : nd_tile_side(plan.elem_bytes),
                      &a, g))
        return "too many tiles or rows for one grid";
    if (funnel) {   /* its own tiles: FUNNEL_ROWS x FUNNEL_COLS, one more row of them */
        int e = plan.elem_bytes;
        int64_t tiles_c = (plan.n_cols + FUNNEL_COLS(e) - 1) / FUNNEL_COLS(e);
        int64_t x = funnel_tiles_r(plan.n_rows, e) * tiles_c;
        if (x > 0x7FFFFFFFLL)
            return "too many tiles or rows for one grid";
        a.tiles_c = (uint32_t)tiles_c;
        g[0] = (uint32_t)x;
    }
    if (small && !nd_small_grid(&plan, small, &a, g))   /* its own blocks: matrices of z2 */
        return "too many tiles or rows for one grid";
    if (skinny) {   /* its own blocks: one piece of the long side each */
        if (sk_blocks(&sg) > 0x7FFFFFFFLL)
            return "too many tiles or rows for one grid";
        g[0] = (uint32_t)sk_blocks(&sg);
    }
    nsplit = narrow ? nd_nsplit_fit(&plan) : 0;
    words = narrow && !nsplit && nd_nw_fit(&plan, (uintptr_t)in, (uintptr_t)out);
    if (nsplit) {   /* its own blocks: nsplit slow row indices each, all fast ones */
        int64_t x = (plan.n_rows / plan.rows_lo + nsplit - 1) / nsplit;
        if (x > 0x7FFFFFFFLL)
            return "too many tiles or rows for one grid";
        a.group = (uint32_t)nsplit;
        g[0] = (uint32_t)x;
    } else if (narrow) {   /* its own blocks: nd_narrow_rows whole rows each */
        int rows = nd_narrow_rows(plan.elem_bytes, (int)plan.n_cols);
        int64_t x = (plan.n_rows + rows - 1) / rows;
        if (x > 0x7FFFFFFFLL)
            return "too many tiles or rows for one grid";
        a.group = (uint32_t)rows;
        g[0] = (uint32_t)x;
    }
    if (shift16) {   /* its own blocks: a row on s16_row_warps(L) neighbouring warps */
        int64_t warps = a.z_dims[2] * s16_row_warps(L);
        int64_t x = (warps + ND_THREADS / 32 - 1) / (ND_THREADS / 32);
        if (x > 0x7FFFFFFFLL)
            return "too many tiles or rows for one grid";
        g[0] = (uint32_t)x;
    } else if (shift) {   /* its own grid: warps of ND_SHIFT_CHUNKS chunks of 32 words */
        int64_t cpr = ND_SHIFT_ROW_CHUNKS(a.vecs);
        int64_t chunks = nd_rows_count(&plan) * cpr;
        int64_t per_block = ND_THREADS / 32 * ND_SHIFT_CHUNKS;
        a.pieces = (uint32_t)cpr;
        g[0] = (uint32_t)((chunks + per_block - 1) / per_block);
        g[1] = g[2] = 1;
    } else if (plan.kind == TP_PLAN_ROWS) {
        nd_rows_merge(&a, access, g);   /* short rows: in the output's order where that helps */
    }
    dim3 grid(g[0], g[1], g[2]);
    if (shift16) {
        permute_nd_rows_shift16<<<grid, ND_THREADS, 0, TP_STREAM>>>(
            (const uint8_t *)in, (uint8_t *)out, a, tp_problem_bytes(p));
    } else if (shift) {
        permute_nd_rows_shift_chunks<<<grid, ND_THREADS, 0, TP_STREAM>>>(
            (const uint8_t *)in, (uint8_t *)out, a, tp_problem_bytes(p));
    } else if (funnel) {
        const uint8_t *i8 = (const uint8_t *)in;
        uint8_t *o8 = (uint8_t *)out;
        int64_t n = tp_problem_elements(p);
        if (plan.rows_lo == 0 && plan.cols_lo == 0 && plan.elem_bytes == 1)
            permute_nd_funnel_1<<<grid, ND_THREADS, 0, TP_STREAM>>>(i8, o8, a, n);
        else if (plan.rows_lo == 0 && plan.cols_lo == 0)
            permute_nd_funnel_2<<<grid, ND_THREADS, 0, TP_STREAM>>>(i8, o8, a, n);
        else if (plan.elem_bytes == 1)
            permute_nd_funnel_split_1<<<grid, ND_THREADS, 0, TP_STREAM>>>(i8, o8, a, n);
        else
            permute_nd_funnel_split_2<<<grid, ND_THREADS, 0, TP_STREAM>>>(i8, o8, a, n);
    } else if (small) {
        const int swz = small == 1 && nd_small_swizzled(&plan, (uintptr_t)out);
        const int apart = a.z_out[2] != a.n_rows * a.n_cols;
        if (swz && !apart) {
            ND_LAUNCH_12(permute_nd_small_swz, plan.elem_bytes, grid, dim3(ND_THREADS), in, out, a);
        } else if (swz) {
            ND_LAUNCH_12(permute_nd_small_apart_swz, plan.elem_bytes, grid, dim3(ND_THREADS), in,
                         out, a);
        } else if (small == 1 && !apart) {
            ND_LAUNCH(permute_nd_small, plan.elem_bytes, grid, dim3(ND_THREADS), in, out, a);
        } else if (small == 1) {
            ND_LAUNCH(permute_nd_small_apart, plan.elem_bytes, grid, dim3(ND_THREADS), in, out, a);
        } else if (small == 2 && plan.rows_lo != 0) {
            ND_LAUNCH(permute_nd_small_runs_split, plan.elem_bytes, grid, dim3(ND_THREADS), in,
                      out, a);
        } else if (small == 2) {
            ND_LAUNCH(permute_nd_small_runs, plan.elem_bytes, grid, dim3(ND_THREADS), in, out, a);
        } else if (small == ND_SMALL_SPLIT_RUNS && nd_split_runs_swizzled(&plan)) {
            ND_LAUNCH_12(permute_nd_small_split_runs_swz, plan.elem_bytes, grid, dim3(ND_THREADS),
                         in, out, a);
        } else if (small == ND_SMALL_SPLIT_RUNS) {
            ND_LAUNCH_12(permute_nd_small_split_runs, plan.elem_bytes, grid, dim3(ND_THREADS), in,
                         out, a);
        } else if (small == 5 && nd_stack_words(&a, (uintptr_t)in, plan.elem_bytes)) {
            ND_LAUNCH_12(permute_nd_small_stacked_words, plan.elem_bytes, grid, dim3(ND_THREADS),
                         in, out, a);
        } else if (small == 5) {
            ND_LAUNCH(permute_nd_small_stacked, plan.elem_bytes, grid, dim3(ND_THREADS), in, out, a);
        } else if (small == ND_SMALL_CROSS && nd_cross_swizzled(&plan)) {
            ND_LAUNCH_12(permute_nd_small_cross_swz, plan.elem_bytes, grid, dim3(ND_THREADS), in,
                         out, a);
        } else if (small == ND_SMALL_CROSS) {
            ND_LAUNCH(permute_nd_small_cross, plan.elem_bytes, grid, dim3(ND_THREADS), in, out, a);
        } else {
            ND_LAUNCH(permute_nd_small_cols, plan.elem_bytes, grid, dim3(ND_THREADS), in, out, a);
        }
    } else if (quads) {
        permute_nd_quads<<<grid, ND_THREADS, 0, TP_STREAM>>>((const uint8_t *)in,
                                                             (uint8_t *)out, a);
    } else if (pairs) {
        permute_nd_pairs<<<grid, ND_THREADS, 0, TP_STREAM>>>((const uint16_t *)in,
                                                             (uint16_t *)out, a);
    } else if (skinny) {
        /* tall bytes off a word: the kernel whose runs start anywhere */
        const int any = nd_skinny_any(&plan, &sg);
        void (*kernel)(const uint8_t *, uint8_t *, nd_args, sk_geom) =
            plan.elem_bytes == 1
                ? (sg.wide ? permute_nd_skinny_wide_1
                           : any ? permute_nd_skinny_tall_any_1 : permute_nd_skinny_tall_1)
                : (sg.wide ? permute_nd_skinny_wide_2 : permute_nd_skinny_tall_2);
        kernel<<<grid, SK_THREADS, sk_shared_bytes(&sg), TP_STREAM>>>((const uint8_t *)in,
                                                                      (uint8_t *)out, a, sg);
    } else if (nsplit) {
        ND_LAUNCH(permute_nd_narrow_split, plan.elem_bytes, grid, dim3(ND_THREADS), in, out, a);
    } else if (words) {   /* bytes; the grid and rows of the narrow tile */
        permute_nd_narrow_words_1<<<grid, ND_THREADS, 0, TP_STREAM>>>(
            (const uint8_t *)in, (uint8_t *)out, a, tp_problem_elements(p));
    } else if (narrow && plan.rows_lo != 0) {   /* rows split over two axes: walked */
        ND_LAUNCH(permute_nd_narrow_walk, plan.elem_bytes, grid, dim3(ND_THREADS), in, out, a);
    } else if (narrow) {
        ND_LAUNCH(permute_nd_narrow, plan.elem_bytes, grid, dim3(ND_THREADS), in, out, a);
    } else if (plan.kind == TP_PLAN_TILE && (plan.rows_lo != 0 || plan.cols_lo != 0)) {
        ND_LAUNCH(permute_nd_split, plan.elem_bytes, grid, dim3(ND_THREADS), in, out, a);
    } else if (plan.kind == TP_PLAN_TILE) {
        ND_LAUNCH(permute_nd_tile, plan.elem_bytes, grid, dim3(ND_THREADS), in, out, a);
    } else {
        if (a.merge != 0) {
            ND_LAUNCH(permute_nd_rows_merged, access, grid, dim3(ND_THREADS), in, out, a);
        } else if (a.group == 0) {   /* 4, 8 or 16-byte accesses (nd_rows_flat) */
            if (access == 4)
                permute_nd_rows_flat_4<<<grid, ND_THREADS, 0, TP_STREAM>>>(
                    (const uint32_t *)in, (uint32_t *)out, a);
            else if (access == 8)
                permute_nd_rows_flat_8<<<grid, ND_THREADS, 0, TP_STREAM>>>(
                    (const unsigned long long *)in, (unsigned long long *)out, a);
            else
                permute_nd_rows_flat_16<<<grid, ND_THREADS, 0, TP_STREAM>>>(
                    (const nd_16 *)in, (nd_16 *)out, a);
        } else {
            ND_LAUNCH(permute_nd_rows, access, grid, dim3(ND_THREADS), in, out, a);
        }
    }
    CHECK_LAUNCH();
    return NULL;
}
