/*
 * chapters/06_shared_tile/kernels.cu - the kernels of chapter 6 and their
 * launch functions. main.cu lists them in the table; later chapters call the
 * launch functions (kernels.h) to compare against them in the same run.
 *
 * The idea: a block reads a 32x32 tile of the input with coalesced loads
 * (a warp reads 32 neighbours of one input row) into shared memory, waits
 * at a barrier, and writes the tile out transposed with coalesced stores
 * (a warp writes 32 neighbours of one output row). Shared memory has no
 * coalescing rules, so it can be read down a column: that is where the
 * transpose happens.
 */
#include "kernels.h"

/* TILE (32) and BLOCK_ROWS (8): a 32x8 block moves a 32x32 tile, each
 * thread 4 elements, as in chapter 1's tile copies. */
#include "../tile.h"

/* Thread (tx, ty) of the block loads input rows ty, ty+8, ty+16, ty+24 of
 * the tile at column tx, so each load instruction of a warp reads one row
 * segment of 128 bytes. After the barrier the same thread stores output
 * rows ty, ty+8, ... of the transposed tile at column tx; the value for
 * output (r, c) is input (c, r), which sits in tile[c][r]: a warp reads a
 * COLUMN of the tile. Every edge access is guarded, the barrier is not:
 * all threads of the block reach it, also those outside the matrix. */
__global__ void transpose_shared_tile(const float *__restrict__ in, float *__restrict__ out,
                                      int rows, int cols)
{
    __shared__ float tile[TILE][TILE];   /* 32 * 32 * 4 = 4096 bytes */

    int in_col = blockIdx.x * TILE + threadIdx.x;
    int in_row = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += BLOCK_ROWS)
        if (in_row + j < rows && in_col < cols)
            tile[threadIdx.y + j][threadIdx.x] = in[(in_row + j) * cols + in_col];

    /* Thread (tx, ty) needs values that other warps loaded. */
    __syncthreads();

    /* The block's tile (bx, by) of the input is tile (by, bx) of the output,
     * which is cols x rows: its rows are `rows` floats long. */
    int out_col = blockIdx.y * TILE + threadIdx.x;   /* = an input row    */
    int out_row = blockIdx.x * TILE + threadIdx.y;   /* = an input column */
    for (int j = 0; j < TILE; j += BLOCK_ROWS)
        if (out_row + j < cols && out_col < rows)
            out[(out_row + j) * rows + out_col] = tile[threadIdx.x][threadIdx.y + j];
}

/* The same trip through shared memory and the same barrier, but no
 * transpose: each thread reads back what it wrote itself (the barrier is
 * not even needed, it is here to cost what it costs above). If this runs
 * as fast as a plain copy, shared memory and __syncthreads() are not what
 * slows transpose_shared_tile down. */
__global__ void copy_shared_tile(const float *__restrict__ in, float *__restrict__ out,
                                 int rows, int cols)
{
    __shared__ float tile[TILE][TILE];

    int col = blockIdx.x * TILE + threadIdx.x;
    int row = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += BLOCK_ROWS)
        if (row + j < rows && col < cols)
            tile[threadIdx.y + j][threadIdx.x] = in[(row + j) * cols + col];

    __syncthreads();

    for (int j = 0; j < TILE; j += BLOCK_ROWS)
        if (row + j < rows && col < cols)
            out[(row + j) * cols + col] = tile[threadIdx.y + j][threadIdx.x];
}

/* transpose_shared_tile with the tile size chosen at run time: the tile is
 * blockDim.x x blockDim.x and the block covers it blockDim.y rows per pass.
 * An `extern __shared__` array has no size in the source; the launch gives
 * it (the third <<< >>> argument), so one compiled kernel serves every tile
 * size. The price: TILE is no longer a constant, so the loops cannot be
 * unrolled and the index arithmetic happens at run time. */
__global__ void transpose_shared_dynamic(const float *__restrict__ in, float *__restrict__ out,
                                         int rows, int cols)
{
    extern __shared__ float dyn_tile[];   /* tile * tile floats, row-major */
    int tile = blockDim.x;
    int tx = threadIdx.x;
    int first_row = blockIdx.y * tile;    /* the tile's first input row    */
    int first_col = blockIdx.x * tile;    /* the tile's first input column */

    for (int r = threadIdx.y; r < tile; r += blockDim.y)
        if (first_row + r < rows && first_col + tx < cols)
            dyn_tile[r * tile + tx] = in[(first_row + r) * cols + first_col + tx];

    __syncthreads();

    /* Output row first_col + r holds input column first_col + r. */
    for (int r = threadIdx.y; r < tile; r += blockDim.y)
        if (first_col + r < cols && first_row + tx < rows)
            out[(first_col + r) * rows + first_row + tx] = dyn_tile[tx * tile + r];
}

const char *launch_shared_tile(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = tp_grid(&grid, cols, rows, TILE, TILE);
    if (na)
        return na;
    transpose_shared_tile<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

const char *launch_copy_shared_tile(const float *in, float *out, int rows, int cols,
                                    dim3 block)
{
    dim3 grid;
    const char *na = tp_grid(&grid, cols, rows, TILE, TILE);
    if (na)
        return na;
    copy_shared_tile<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

/* The tile is block.x wide and tall; its shared memory is asked for at the
 * launch. A block may use 48 KB of shared memory unless the kernel opts in
 * to more (up to the GPU's limit, 227 KB on an H100), so: check the limit,
 * opt in if needed, and say (n/a) when a tile cannot fit. (Two cheap
 * host queries per launch; the kernel runs for far longer.) */
const char *launch_shared_dynamic(const float *in, float *out, int rows, int cols,
                                  dim3 block)
{
    size_t bytes = (size_t)block.x * block.x * sizeof(float);
    int device, plain, limit;

    CHECK_CUDA(cudaGetDevice(&device));
    CHECK_CUDA(cudaDeviceGetAttribute(&plain, cudaDevAttrMaxSharedMemoryPerBlock, device));
    CHECK_CUDA(cudaDeviceGetAttribute(&limit, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
    if (bytes > (size_t)limit)
        return "the tile needs more shared memory than a block can have on this GPU";
    if (bytes > (size_t)plain)
        CHECK_CUDA(cudaFuncSetAttribute(transpose_shared_dynamic,
                                        cudaFuncAttributeMaxDynamicSharedMemorySize, (int)bytes));
    dim3 grid;
    const char *na = tp_grid(&grid, cols, rows, block.x, block.x);
    if (na)
        return na;
    transpose_shared_dynamic<<<grid, block, bytes>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}
