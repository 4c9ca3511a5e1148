/*
 * chapters/04_diagonal/kernels.cu - the kernels of chapter 4 and their
 * launch functions. The block-to-tile mapping is in diagonal_tile.h, which
 * tests/test_diagonal.cu checks on the CPU.
 *
 * The kernels are chapter 2's naive transposes with one change: a block
 * does not work on the tile (blockIdx.x, blockIdx.y) but on the tile that
 * diagonal_tile() assigns to it. Each block still covers exactly one tile;
 * only which block gets which tile changes.
 */
#include "kernels.h"

#include "diagonal_tile.h"

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
const char *launch_diagonal_row(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = tp_grid(&grid, cols, rows, block.x, block.y);
    if (na)
        return na;
    transpose_diagonal_row<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

const char *launch_diagonal_col(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = tp_grid(&grid, rows, cols, block.x, block.y);
    if (na)
        return na;
    transpose_diagonal_col<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}
