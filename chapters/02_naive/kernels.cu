/*
 * chapters/02_naive/kernels.cu - the kernels of chapter 2 and their launch
 * functions. main.cu lists them in the table; later chapters call the
 * launch functions (declared in kernels.h) to compare in the same run.
 */
#include "kernels.h"

/* Thread (x, y) reads in(y, x): a warp reads 32 neighbours of one row. It
 * writes out(x, y): 32 addresses `rows` floats apart. */
__global__ void transpose_naive_row(const float *in, float *out, int rows, int cols)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < rows && col < cols)
        out[col * rows + row] = in[row * cols + col];
}

/* Thread (x, y) writes out(y, x): a warp writes 32 neighbours of one output
 * row. It reads in(x, y): 32 addresses `cols` floats apart. The 32-byte
 * sectors those reads bring into L1 also hold the next 7 columns, which
 * the threads with threadIdx.y + 1 ... + 7 read next: they hit in L1. */
__global__ void transpose_naive_col(const float *in, float *out, int rows, int cols)
{
    int out_col = blockIdx.x * blockDim.x + threadIdx.x;   /* = input row */
    int out_row = blockIdx.y * blockDim.y + threadIdx.y;   /* = input col */
    if (out_row < cols && out_col < rows)
        out[out_row * rows + out_col] = in[out_col * cols + out_row];
}

/* The experiment: identical to transpose_naive_col, but __ldcg() caches the
 * load in L2 only. If L1 reuse is why column reads win, this one loses. */
__global__ void transpose_naive_col_no_l1(const float *in, float *out, int rows, int cols)
{
    int out_col = blockIdx.x * blockDim.x + threadIdx.x;
    int out_row = blockIdx.y * blockDim.y + threadIdx.y;
    if (out_row < cols && out_col < rows)
        out[out_row * rows + out_col] = __ldcg(&in[out_col * cols + out_row]);
}

const char *launch_naive_row(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = tp_grid(&grid, cols, rows, block.x, block.y);
    if (na)
        return na;
    transpose_naive_row<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

/* The column-read kernels cover the OUTPUT (cols x rows) with their grid. */
const char *launch_naive_col(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = tp_grid(&grid, rows, cols, block.x, block.y);
    if (na)
        return na;
    transpose_naive_col<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

const char *launch_naive_col_no_l1(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = tp_grid(&grid, rows, cols, block.x, block.y);
    if (na)
        return na;
    transpose_naive_col_no_l1<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}
