/*
 * chapters/04_diagonal/kernels.cuh - the kernels of chapter 4, their launch
 * functions, and the block-to-tile mapping they share with
 * tests/test_diagonal.cu (which checks it on the CPU).
 *
 * The kernels are chapter 2's naive transposes with one change: a block
 * does not work on the tile (blockIdx.x, blockIdx.y) but on the tile that
 * diagonal_tile() assigns to it. Each block still covers exactly one tile;
 * only which block gets which tile changes.
 */
#ifndef CH04_KERNELS_CUH
#define CH04_KERNELS_CUH

#include "harness.h"

/* Maps block (bx, by) of a gx x gy grid to the tile it works on, so that
 * blocks which start one after another walk along a diagonal of the tile
 * grid instead of along one row of it.
 *
 * The GPU starts blocks roughly in order of their linear id, x fastest:
 * id = bx + gx * by. We cut that sequence into runs of gy: run q = id / gy,
 * place r = id % gy. Place r goes to tile row r, and run q is shifted
 * along by r columns: tile (x, y) = ((q + r) % gx, r). So ids 0, 1, 2, ...
 * land on tiles (0, 0), (1, 1), (2, 2), ...: different tile rows and
 * different tile columns, hence different regions of both matrices.
 *
 * It is a bijection for every grid shape: id <-> (q, r) is one (q < gx,
 * r < gy), and for a fixed r, q -> (q + r) % gx is a rotation of 0..gx-1.
 * On a square grid it is the classic diagonal mapping (x, y) =
 * ((bx + by) % g, bx); that short form skips tiles on rectangular grids.
 * __host__ so that the test runs this very code on the CPU. */
static __host__ __device__ __forceinline__ int2 diagonal_tile(int bx, int by, int gx, int gy)
{
    int id = bx + gx * by;
    int r = id % gy;
    int q = id / gy;
    return make_int2((q + r) % gx, r);
}

/* transpose_naive_row, reading the tile diagonal_tile() gives the block. */
__global__ void transpose_diagonal_row(const float *in, float *out, int rows, int cols)
{
    int2 tile = diagonal_tile(blockIdx.x, blockIdx.y, gridDim.x, gridDim.y);
    int col = tile.x * blockDim.x + threadIdx.x;
    int row = tile.y * blockDim.y + threadIdx.y;
    if (row < rows && col < cols)
        out[col * rows + row] = in[row * cols + col];
}

/* transpose_naive_col, writing the tile diagonal_tile() gives the block. */
__global__ void transpose_diagonal_col(const float *in, float *out, int rows, int cols)
{
    int2 tile = diagonal_tile(blockIdx.x, blockIdx.y, gridDim.x, gridDim.y);
    int out_col = tile.x * blockDim.x + threadIdx.x;   /* = input row */
    int out_row = tile.y * blockDim.y + threadIdx.y;   /* = input col */
    if (out_row < cols && out_col < rows)
        out[out_row * rows + out_col] = in[out_col * cols + out_row];
}

/* The same grids as chapter 2: the mapping reorders the blocks, so the
 * grid must still have exactly one block per tile. */
static inline void launch_diagonal_row(const float *in, float *out, int rows, int cols, dim3 block)
{
    transpose_diagonal_row<<<tp_grid(cols, rows, block.x, block.y), block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
}

static inline void launch_diagonal_col(const float *in, float *out, int rows, int cols, dim3 block)
{
    transpose_diagonal_col<<<tp_grid(rows, cols, block.x, block.y), block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
}

#endif
