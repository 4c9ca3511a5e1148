/*
 * Exercise 4: diagonal block order (chapter 4).
 *
 * Write your_diagonal_tile: the function that tells block (bx, by) of a
 * gx x gy grid which tile of the output it works on, so that blocks the
 * GPU starts one after another walk along a diagonal of the tile grid
 * instead of along one of its rows. The kernel that uses it,
 * your_transpose_diagonal_col, is chapter 2's column-read transpose with
 * that one change, and is given.
 *
 *   make exercise4 && ./exercise4     your kernel beside chapter 4's, timed
 *   ./exercise4 --check --size 17x83  is it right? (any shape)
 *   make check EX=4                   grade it: awkward shapes, then speed
 *
 * Only the body of your_diagonal_tile is yours; the kernel, the launch and
 * the table are given.
 */
#include "../chapters/04_diagonal/kernels.h"

/* Returns the tile (x, y) that block (bx, by) of a gx x gy grid works on.
 * The grid has exactly one block per tile, so the mapping must be a
 * bijection: every tile taken by exactly one block, on ANY grid shape,
 * rectangular ones (gx != gy) and 1 x n ones included. A tile no block
 * takes is never written; the grader finds it.
 * Hint: the GPU starts blocks roughly in order of id = bx + gx * by.
 * Write id = q * gy + r with r < gy: each block has its own pair (q, r).
 * Give place r its own tile row, and make the tile column depend on both
 * q and r (then wrap it into 0..gx-1), so that ids 0, 1, 2, ... land in
 * different tile rows AND different tile columns. The classic short form
 * ((bx + by) % gx, bx) is right on square grids only. Check yours by hand
 * on a 3 x 2 grid: each of the 6 tiles must come out exactly once. */
static __host__ __device__ __forceinline__ int2 your_diagonal_tile(int bx, int by, int gx, int gy)
{
    /* TODO: your code here. This stub sends every block to tile (0, 0),
     * so only the first tile of the output is ever written. (The (void)
     * line only keeps the compiler from warning that the stub ignores its
     * parameters: delete it with the stub.) */
    (void)bx, (void)by, (void)gx, (void)gy;
    return make_int2(0, 0);
}

/* Given: chapter 4's transpose_diagonal_col, with your mapping. The grid
 * covers the OUTPUT; a block writes the tile your_diagonal_tile() gives it
 * instead of tile (blockIdx.x, blockIdx.y). */
__global__ void your_transpose_diagonal_col(const float *in, float *out, int rows, int cols)
{
    int2 tile = your_diagonal_tile(blockIdx.x, blockIdx.y, gridDim.x, gridDim.y);
    int out_col = tile.x * blockDim.x + threadIdx.x;   /* = input row */
    int out_row = tile.y * blockDim.y + threadIdx.y;   /* = input col */
    if (out_row < cols && out_col < rows)
        out[out_row * rows + out_col] = in[out_col * cols + out_row];
}

/* The same grid as chapter 2: the mapping reorders the blocks, so the grid
 * must still have exactly one block per tile. */
static const char *launch_yours(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = tp_grid(&grid, rows, cols, block.x, block.y);
    if (na)
        return na;
    your_transpose_diagonal_col<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

/* The last two fields of your kernel's line: the bandwidth target for
 * `make check`, as a fraction of cudaMemcpy, and where to read up. */
static const tp_kernel kernels[] = {
    { "your_transpose_diagonal_col", launch_yours, TP_TRANSPOSE, { 32, 8, 1 }, 0.30, "chapter 4" },
    { "transpose_diagonal_row", launch_diagonal_row, TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_diagonal_col", launch_diagonal_col, TP_TRANSPOSE, { 32, 8, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Exercise 4: diagonal block order, column reads",
                  kernels, TP_COUNT(kernels));
}
