/*
 * chapters/07_padded_tile/kernels.cu - the kernels of chapter 7 and their
 * launch functions. main.cu lists them in the table; later chapters call the
 * launch functions (kernels.h) to compare against them in the same run.
 *
 * The idea: shared memory is 32 banks, 4 bytes wide; word w lives in bank
 * w % 32, and a warp's access takes one pass per distinct word it needs
 * from the busiest bank. In chapter 6's tile[32][32] a column is 32 words
 * that are 32 words apart: all in one bank, so reading it takes 32 passes.
 * Two ways to spread a column over all 32 banks:
 *
 *   transpose_padded_tile    tile[32][33]: one unused word per row shifts
 *                            each row one bank further
 *   transpose_swizzled_tile  tile[32][32], but element (r, c) is stored at
 *                            column c ^ r: no wasted word, one XOR per access
 */
#include "kernels.h"

#include "../tile.h"

/* The XOR swizzle below keeps c ^ r inside 0..31 only for a power of two. */
#if (TILE & (TILE - 1)) != 0
#error "TILE must be a power of two for the XOR swizzle"
#endif

/* chapter 6's transpose_shared_tile with one change: each row of the tile
 * is 33 floats, so element (r, c) is word 33r + c, in bank (r + c) % 32.
 * Down a column (c fixed, r = 0..31) that is 32 different banks. Along a
 * row it is 32 different banks too, so the loads stay conflict-free. */
__global__ void transpose_padded_tile(const float *__restrict__ in, float *__restrict__ out,
                                      int rows, int cols)
{
    __shared__ float tile[TILE][TILE + 1];   /* 32 * 33 * 4 = 4224 bytes */

    int in_col = blockIdx.x * TILE + threadIdx.x;
    int in_row = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += BLOCK_ROWS)
        if (in_row + j < rows && in_col < cols)
            tile[threadIdx.y + j][threadIdx.x] = in[(in_row + j) * cols + in_col];

    __syncthreads();

    int out_col = blockIdx.y * TILE + threadIdx.x;   /* = an input row    */
    int out_row = blockIdx.x * TILE + threadIdx.y;   /* = an input column */
    for (int j = 0; j < TILE; j += BLOCK_ROWS)
        if (out_row + j < cols && out_col < rows)
            out[(out_row + j) * rows + out_col] = tile[threadIdx.x][threadIdx.y + j];
}

/* Where element (r, c) of a TILE x TILE tile is stored in the swizzled
 * layout: row r, column c ^ r. For a fixed r, c -> c ^ r is a permutation
 * of 0..31 (a row still fills its row, in another order); for a fixed c,
 * r -> c ^ r is one too, so a column lands in 32 different banks. */
static __device__ __forceinline__ int swizzle(int r, int c)
{
    return r * TILE + (c ^ r);
}

/* transpose_shared_tile with the swizzled layout: the same 4096 bytes,
 * conflict-free in both directions. */
__global__ void transpose_swizzled_tile(const float *__restrict__ in, float *__restrict__ out,
                                        int rows, int cols)
{
    __shared__ float tile[TILE * TILE];   /* 4096 bytes, indexed by swizzle() */

    int tx = threadIdx.x, ty = threadIdx.y;
    int in_col = blockIdx.x * TILE + tx;
    int in_row = blockIdx.y * TILE + ty;
    for (int j = 0; j < TILE; j += BLOCK_ROWS)
        if (in_row + j < rows && in_col < cols)
            tile[swizzle(ty + j, tx)] = in[(in_row + j) * cols + in_col];

    __syncthreads();

    /* Output (out_row + j, out_col) is input element (tx, ty + j) of the tile. */
    int out_col = blockIdx.y * TILE + tx;
    int out_row = blockIdx.x * TILE + ty;
    for (int j = 0; j < TILE; j += BLOCK_ROWS)
        if (out_row + j < cols && out_col < rows)
            out[(out_row + j) * rows + out_col] = tile[swizzle(tx, ty + j)];
}

const char *launch_padded_tile(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = tp_grid(&grid, cols, rows, TILE, TILE);
    if (na)
        return na;
    transpose_padded_tile<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

const char *launch_swizzled_tile(const float *in, float *out, int rows, int cols,
                                 dim3 block)
{
    dim3 grid;
    const char *na = tp_grid(&grid, cols, rows, TILE, TILE);
    if (na)
        return na;
    transpose_swizzled_tile<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}
