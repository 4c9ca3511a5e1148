/*
 * Chapter 1: bounds - how fast can a transpose possibly be?
 *
 * A transpose reads every element once and writes it once, exactly like a
 * copy. So a copy tells us what to aim for, and a copy that walks the
 * matrix the wrong way tells us how bad it can get:
 *
 *   copy_row       threads of a warp touch neighbouring elements of a row:
 *                  reads and writes are coalesced (the classic upper bound)
 *   copy_col       threads of a warp walk down a column: every access of a
 *                  warp lands in 32 different memory segments (lower bound)
 *   copy_tile_loop the classic 32x8 copy: each thread copies 4 elements of a
 *                  32x32 tile in a loop, storing each before loading the next
 *   copy_tile_ilp  the same copy with all 4 loads issued before any store
 *
 * The harness also times cudaMemcpy device-to-device on the same matrix:
 * that is the real ceiling, and every %memcpy figure is measured against it.
 *
 * Build and run:   make chapter1 && ./chapter1
 *                  ./chapter1 --size 4096x4096 --reps 50     (see --help)
 * Look for: copy_col far below copy_row, and whether copy_tile_loop really
 * reaches cudaMemcpy on your GPU (the lesson, README.md, explains why not).
 */
#include "harness.h"

#define TILE 32          /* a block copies a TILE x TILE tile ...        */
#define BLOCK_ROWS 8     /* ... with TILE x BLOCK_ROWS threads            */

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

static void launch_copy_row(const float *in, float *out, int rows, int cols, dim3 block)
{
    copy_row<<<tp_grid(cols, rows, block.x, block.y), block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
}

static void launch_copy_col(const float *in, float *out, int rows, int cols, dim3 block)
{
    copy_col<<<tp_grid(rows, cols, block.x, block.y), block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
}

static void launch_copy_tile_loop(const float *in, float *out, int rows, int cols, dim3 block)
{
    copy_tile_loop<<<tp_grid(cols, rows, TILE, TILE), block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
}

static void launch_copy_tile_ilp(const float *in, float *out, int rows, int cols, dim3 block)
{
    copy_tile_ilp<<<tp_grid(cols, rows, TILE, TILE), block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
}

static const tp_kernel kernels[] = {
    { "copy_row",       launch_copy_row,       TP_COPY, { 32, 8, 1 } },
    { "copy_col",       launch_copy_col,       TP_COPY, { 32, 8, 1 } },
    { "copy_tile_loop", launch_copy_tile_loop, TP_COPY, { TILE, BLOCK_ROWS, 1 } },
    { "copy_tile_ilp",  launch_copy_tile_ilp,  TP_COPY, { TILE, BLOCK_ROWS, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Chapter 1: the bounds of a transpose (copies)",
                  kernels, TP_COUNT(kernels));
}
