/*
 * chapters/01_bounds/kernels.cu - the kernels of chapter 1 and their launch
 * functions. main.cu lists them in the table; later chapters call the
 * launch functions (declared in kernels.h) to compare in the same run.
 */
#include "kernels.h"
#include "../tile.h"

/* One element per thread; consecutive threadIdx.x -> consecutive columns. */
__global__ void copy_row(const float *in, float *out, int rows, int cols)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < rows && col < cols)
        out[row * cols + col] = in[row * cols + col];
}

/* One element per thread; consecutive threadIdx.x -> consecutive ROWS, so a
 * warp's 32 accesses are cols * 4 bytes apart: 32 transactions, not 4. */
__global__ void copy_col(const float *in, float *out, int rows, int cols)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    int col = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < rows && col < cols)
        out[row * cols + col] = in[row * cols + col];
}

/* The copy of the classic transpose articles: a 32x8 block copies a 32x32
 * tile, 4 rows per thread. Because in and out might overlap, the compiler
 * must finish each store before the next load: one load in flight. */
__global__ void copy_tile_loop(const float *in, float *out, int rows, int cols)
{
    int col = blockIdx.x * TILE + threadIdx.x;
    int row = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += BLOCK_ROWS)
        if (row + j < rows && col < cols)
            out[(row + j) * cols + col] = in[(row + j) * cols + col];
}

/* The same tile copy, but __restrict__ promises that in and out do not
 * overlap, and all 4 loads are issued before the first store: 4 loads in
 * flight per thread instead of 1, enough to cover the memory latency. */
__global__ void copy_tile_ilp(const float *__restrict__ in, float *__restrict__ out,
                              int rows, int cols)
{
    int col = blockIdx.x * TILE + threadIdx.x;
    int row = blockIdx.y * TILE + threadIdx.y;
    float v[TILE / BLOCK_ROWS];

#pragma unroll
    for (int j = 0; j < TILE / BLOCK_ROWS; j++)
        if (row + j * BLOCK_ROWS < rows && col < cols)
            v[j] = in[(row + j * BLOCK_ROWS) * cols + col];
#pragma unroll
    for (int j = 0; j < TILE / BLOCK_ROWS; j++)
        if (row + j * BLOCK_ROWS < rows && col < cols)
            out[(row + j * BLOCK_ROWS) * cols + col] = v[j];
}

const char *launch_copy_row(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = tp_grid(&grid, cols, rows, block.x, block.y);
    if (na)
        return na;
    copy_row<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

const char *launch_copy_col(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = tp_grid(&grid, rows, cols, block.x, block.y);
    if (na)
        return na;
    copy_col<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

const char *launch_copy_tile_loop(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = tp_grid(&grid, cols, rows, TILE, TILE);
    if (na)
        return na;
    copy_tile_loop<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

const char *launch_copy_tile_ilp(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = tp_grid(&grid, cols, rows, TILE, TILE);
    if (na)
        return na;
    copy_tile_ilp<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}
