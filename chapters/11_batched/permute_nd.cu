/*
 * chapters/11_batched/permute_nd.cu - permute_nd.h's kernels: one tile
 * kernel and one row kernel per element size, written once as a macro
 * (C has no templates) and stamped out for 1, 2, 4, 8 and 16 bytes.
 */
#include <stdint.h>

#include "permute_nd.h"

/* A 16-byte element or access: four 32-bit words, copied as one. */
typedef uint4 nd_16;

/* ---- The tile: the fastest axis moves --------------------------------------

 * Chapter 7's padded tile, for elements of type T: a block of 32 x 8
 * threads loads a 32 x 32 tile along the input's fastest axis (c), each
 * warp 32 neighbours of one row, and stores it along the output's (r),
 * each warp 32 neighbours of one output row. The padding column keeps a
 * column of a 4-byte tile on 32 banks; for other sizes it is what
 * chapter 10 measured (its NOTES.md). Tile (z1, z2, tile number) comes
 * from the grid (nd_index.h). */
#define ND_TILE_KERNEL(NAME, T)                                                          \
    __global__ void __launch_bounds__(ND_THREADS)                                        \
        NAME(const T *__restrict__ in, T *__restrict__ out, nd_args a)                   \
    {                                                                                    \
        __shared__ T tile[ND_TILE][ND_TILE + 1];                                         \
        int tx = threadIdx.x, ty = threadIdx.y;                                          \
        int64_t r0, c0, in_off, out_off;                                                 \
                                                                                         \
        nd_tile_origin(&a, blockIdx.x, &r0, &c0);                                        \
        for (int64_t z1 = blockIdx.z; z1 < a.z_dims[1]; z1 += gridDim.z)                 \
            for (int64_t z2 = blockIdx.y; z2 < a.z_dims[2]; z2 += gridDim.y) {           \
                nd_offsets(&a, 0, z1, z2, &in_off, &out_off);                            \
                for (int j = 0; j < ND_TILE; j += ND_TILE_ROWS) {                        \
                    int64_t r = r0 + ty + j, c = c0 + tx;                                \
                    if (r < a.n_rows && c < a.n_cols)                                    \
                        tile[ty + j][tx] = in[in_off + r * a.in_row + c];                \
                }                                                                        \
                __syncthreads();                                                         \
                for (int j = 0; j < ND_TILE; j += ND_TILE_ROWS) {                        \
                    int64_t c = c0 + ty + j, r = r0 + tx;                                \
                    if (r < a.n_rows && c < a.n_cols)                                    \
                        out[out_off + c * a.out_col + r] = tile[tx][ty + j];             \
                }                                                                        \
                __syncthreads(); /* the tile is refilled for the next (z1, z2) */        \
            }                                                                            \
    }

ND_TILE_KERNEL(permute_nd_tile_1, uint8_t)
ND_TILE_KERNEL(permute_nd_tile_2, uint16_t)
ND_TILE_KERNEL(permute_nd_tile_4, uint32_t)
ND_TILE_KERNEL(permute_nd_tile_8, unsigned long long)
ND_TILE_KERNEL(permute_nd_tile_16, nd_16)

/* ---- The rows: the fastest axis stays --------------------------------------

 * Every row moves as it is, in accesses of type V (the widest the row's
 * length allows). A block moves `group` neighbouring rows along z2 when
 * rows are short, else one piece of ND_THREADS accesses of one row: each
 * warp then loads and stores runs of neighbouring accesses on both sides,
 * as a copy does. */
#define ND_ROWS_KERNEL(NAME, V)                                                          \
    __global__ void __launch_bounds__(ND_THREADS)                                        \
        NAME(const V *__restrict__ in, V *__restrict__ out, nd_args a)                   \
    {                                                                                    \
        uint32_t rows = blockIdx.x / a.pieces, piece = blockIdx.x - rows * a.pieces;     \
        int g;                                                                           \
        int64_t v, in_off, out_off;                                                      \
                                                                                         \
        nd_row_thread(&a, threadIdx.x, piece, &g, &v);                                   \
        int64_t z2 = (int64_t)rows * a.group + g;                                        \
        if (g < 0 || v >= a.vecs || z2 >= a.z_dims[2])                                   \
            return;                                                                      \
        for (int64_t z0 = blockIdx.z; z0 < a.z_dims[0]; z0 += gridDim.z)                 \
            for (int64_t z1 = blockIdx.y; z1 < a.z_dims[1]; z1 += gridDim.y) {           \
                nd_offsets(&a, z0, z1, z2, &in_off, &out_off); /* in accesses */         \
                out[out_off + v] = in[in_off + v];                                       \
            }                                                                            \
    }

ND_ROWS_KERNEL(permute_nd_rows_1, uint8_t)
ND_ROWS_KERNEL(permute_nd_rows_2, uint16_t)
ND_ROWS_KERNEL(permute_nd_rows_4, uint32_t)
ND_ROWS_KERNEL(permute_nd_rows_8, unsigned long long)
ND_ROWS_KERNEL(permute_nd_rows_16, nd_16)

/* ---- The launch ------------------------------------------------------------- */

/* Launches kernel K##_<bytes> for element or access size `bytes`. */
#define ND_LAUNCH(K, bytes, grid, block, in, out, a)                                     \
    switch (bytes) {                                                                     \
    case 1: K##_1<<<grid, block>>>((const uint8_t *)in, (uint8_t *)out, a); break;       \
    case 2: K##_2<<<grid, block>>>((const uint16_t *)in, (uint16_t *)out, a); break;     \
    case 4: K##_4<<<grid, block>>>((const uint32_t *)in, (uint32_t *)out, a); break;     \
    case 8:                                                                              \
        K##_8<<<grid, block>>>((const unsigned long long *)in, (unsigned long long *)out, a); \
        break;                                                                           \
    default: K##_16<<<grid, block>>>((const nd_16 *)in, (nd_16 *)out, a); break;         \
    }

const char *launch_permute_nd(const void *in, void *out, const tp_problem *p, dim3 block)
{
    tp_plan plan;
    nd_args a;
    uint32_t g[3];
    int access;

    if (block.x * block.y * block.z != ND_THREADS)
        return "written for blocks of 256 threads";
    if (tp_problem_check(p, NULL, 0) != TP_OK)
        return "not a valid problem (tp_problem_check says why)";
    if (((uintptr_t)in | (uintptr_t)out) % (uintptr_t)p->elem_bytes != 0)
        return "needs buffers aligned to the element size";
    plan = tp_problem_plan(p);
    if (plan.kind == TP_PLAN_COPY) {
        CHECK_CUDA(cudaMemcpyAsync(out, in, (size_t)tp_problem_bytes(p),
                                   cudaMemcpyDeviceToDevice, 0));
        return NULL;
    }
    access = plan.kind == TP_PLAN_ROWS
                 ? nd_access_bytes(plan.row_len * plan.elem_bytes, (uintptr_t)in, (uintptr_t)out)
                 : plan.elem_bytes;
    if (!nd_make_args(&plan, access, &a, g))
        return "too many tiles or rows for one grid";
    dim3 grid(g[0], g[1], g[2]);
    if (plan.kind == TP_PLAN_TILE) {
        ND_LAUNCH(permute_nd_tile, plan.elem_bytes, grid, dim3(ND_TILE, ND_TILE_ROWS), in,
                  out, a);
    } else {
        ND_LAUNCH(permute_nd_rows, access, grid, dim3(ND_THREADS), in, out, a);
    }
    CHECK_LAUNCH();
    return NULL;
}
