/*
 * chapters/03_unrolled/kernels.cu - the kernels of chapter 3 and their
 * launch functions. main.cu lists them in the table; chapter 5 calls the
 * launch functions (kernels.h) to sweep block shapes over the same kernels.
 *
 * Each thread moves UNROLL elements instead of one. They lie blockDim.x
 * apart along the coalesced direction (threadIdx.x), so every one of the
 * UNROLL accesses of a warp is as coalesced as the single access of the
 * chapter 2 kernel it comes from, whatever the block shape.
 */
#include "kernels.h"

/* UNROLL (4), elements per thread, is in kernels.h; the loops below unroll fully. */

/* transpose_naive_row with 4 elements per thread. The 4 loads do not depend
 * on each other and all come before the first store, so a thread has 4
 * loads in flight where the naive kernel had 1. With #pragma unroll the
 * indices of v[] are constants, so v lives in registers, not in memory.
 * Every element has its own guard: the last block of a row may hold only
 * 1, 2 or 3 valid columns for a thread, and a guard on the first element
 * alone would read and write past the end of the row. */
__global__ void transpose_unroll4_row(const float *in, float *out, int rows, int cols)
{
    int col0 = blockIdx.x * blockDim.x * UNROLL + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    float v[UNROLL];

#pragma unroll
    for (int k = 0; k < UNROLL; k++) {
        int col = col0 + k * blockDim.x;
        if (row < rows && col < cols)
            v[k] = in[row * cols + col];
    }
#pragma unroll
    for (int k = 0; k < UNROLL; k++) {
        int col = col0 + k * blockDim.x;
        if (row < rows && col < cols)
            out[col * rows + row] = v[k];
    }
}

/* transpose_naive_col with 4 elements per thread: 4 strided loads in
 * flight, then 4 coalesced stores. The grid covers the OUTPUT (cols x rows)
 * and the unrolling runs along the output's contiguous direction, out_col,
 * so each store of a warp still fills neighbouring addresses. */
__global__ void transpose_unroll4_col(const float *in, float *out, int rows, int cols)
{
    int out_col0 = blockIdx.x * blockDim.x * UNROLL + threadIdx.x;   /* = input row */
    int out_row = blockIdx.y * blockDim.y + threadIdx.y;             /* = input col */
    float v[UNROLL];

#pragma unroll
    for (int k = 0; k < UNROLL; k++) {
        int out_col = out_col0 + k * blockDim.x;
        if (out_row < cols && out_col < rows)
            v[k] = in[out_col * cols + out_row];
    }
#pragma unroll
    for (int k = 0; k < UNROLL; k++) {
        int out_col = out_col0 + k * blockDim.x;
        if (out_row < cols && out_col < rows)
            out[out_row * rows + out_col] = v[k];
    }
}

/* A block now covers UNROLL * blockDim.x elements along x: a quarter of
 * the blocks of chapter 2 for the same matrix and block shape. */
const char *launch_unroll4_row(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = tp_grid(&grid, cols, rows, UNROLL * block.x, block.y);
    if (na)
        return na;
    transpose_unroll4_row<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

const char *launch_unroll4_col(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = tp_grid(&grid, rows, cols, UNROLL * block.x, block.y);
    if (na)
        return na;
    transpose_unroll4_col<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}
