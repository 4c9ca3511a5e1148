/*
 * Chapter 2: the naive transpose - read rows or read columns?
 *
 * A transpose cannot be coalesced on both sides at once without help:
 * whatever runs along a row of the input runs down a column of the output.
 * So we choose which side to sacrifice:
 *
 *   transpose_naive_row        reads a row (coalesced), writes a column
 *                              (every store of a warp hits 32 segments)
 *   transpose_naive_col        reads a column (strided), writes a row
 *                              (coalesced)
 *   transpose_naive_col_no_l1  transpose_naive_col with its loads told to
 *                              skip the L1 cache (__ldcg: cache in L2 only)
 *
 * Build and run:   make chapter2 && ./chapter2
 * Look for: the column-read version is several times faster, and most of
 * that lead disappears when its loads cannot use L1. README.md explains.
 */
#include "harness.h"

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

static void launch_naive_row(const float *in, float *out, int rows, int cols, dim3 block)
{
    transpose_naive_row<<<tp_grid(cols, rows, block.x, block.y), block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
}

/* The column-read kernels cover the OUTPUT (cols x rows) with their grid. */
static void launch_naive_col(const float *in, float *out, int rows, int cols, dim3 block)
{
    transpose_naive_col<<<tp_grid(rows, cols, block.x, block.y), block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
}

static void launch_naive_col_no_l1(const float *in, float *out, int rows, int cols, dim3 block)
{
    transpose_naive_col_no_l1<<<tp_grid(rows, cols, block.x, block.y), block>>>(in, out,
                                                                               rows, cols);
    CHECK_LAUNCH();
}

static const tp_kernel kernels[] = {
    { "transpose_naive_row",       launch_naive_row,       TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_naive_col",       launch_naive_col,       TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_naive_col_no_l1", launch_naive_col_no_l1, TP_TRANSPOSE, { 32, 8, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Chapter 2: naive transpose, row reads vs column reads",
                  kernels, TP_COUNT(kernels));
}
