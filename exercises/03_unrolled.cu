/*
 * Exercise 3: the unrolled transpose that reads columns (chapter 3).
 *
 * Write your_transpose_unroll4_col: each thread moves UNROLL (= 4)
 * elements of the output instead of one, and issues all its loads before
 * its first store, so it keeps 4 loads in flight where chapter 2 kept 1.
 * The stores stay coalesced: for each k, a warp's 32 threads write 32
 * neighbours of one output row.
 *
 *   make exercise3 && ./exercise3     your kernel beside chapter 3's, timed
 *   ./exercise3 --check --size 17x83  is it right? (any shape)
 *   make check EX=3                   grade it: awkward shapes, then speed
 *
 * Only the kernel body is yours; the launch and the table are given.
 */
#include "../chapters/03_unrolled/kernels.h"

/* in is rows x cols, out is cols x rows: out(r, c) = in(c, r).
 * The grid covers the OUTPUT, and a block now covers UNROLL * blockDim.x
 * output columns (see launch_yours): thread x of block bx owns the output
 * columns bx * blockDim.x * UNROLL + x + k * blockDim.x, k = 0..UNROLL-1.
 * They lie blockDim.x apart, so for each k a warp still writes 32
 * neighbours. threadIdx.y and blockIdx.y run down the output's rows.
 * Hint: one loop loads the 4 elements into float v[UNROLL], a second loop
 * stores them (#pragma unroll on both keeps v in registers). Each element
 * needs its own bounds check against the OUTPUT's shape: the last block
 * of a row may hold only 1, 2 or 3 valid columns for a thread. */
__global__ void your_transpose_unroll4_col(const float *in, float *out, int rows, int cols)
{
    /* TODO: your code here */
}

/* The same grid as chapter 3's launch_unroll4_col: UNROLL times fewer
 * blocks along x than chapter 2 for the same block shape. */
static const char *launch_yours(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = tp_grid(&grid, rows, cols, UNROLL * block.x, block.y);
    if (na)
        return na;
    your_transpose_unroll4_col<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

/* The last two fields of your kernel's line: the bandwidth target for
 * `make check`, as a fraction of cudaMemcpy, and where to read up. */
static const tp_kernel kernels[] = {
    { "your_transpose_unroll4_col", launch_yours, TP_TRANSPOSE, { 32, 8, 1 }, 0.35, "chapter 3" },
    { "transpose_unroll4_row", launch_unroll4_row, TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_unroll4_col", launch_unroll4_col, TP_TRANSPOSE, { 32, 8, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Exercise 3: unrolled transpose, column reads",
                  kernels, TP_COUNT(kernels));
}
