/*
 * Exercise 5: one kernel, any block shape (chapter 5).
 *
 * Write your_transpose_unroll4_col_any_block: the unrolled column-read
 * transpose of chapter 3, written so that it is right for EVERY block
 * shape. The table runs it twice, with blocks of 8 x 32 threads (a warp
 * spans 4 output rows) and 64 x 8 (a warp covers half a block row), and
 * both are graded. A kernel that quietly assumes 32 x 8 fails one of them.
 *
 *   make exercise5 && ./exercise5     your kernel beside chapter 5's, timed
 *   ./exercise5 --check --size 17x83  is it right? (any shape)
 *   make check EX=5                   grade it: awkward shapes, then speed
 *
 * Only the kernel body is yours; the launch and the table are given.
 */
/* Chapter 5 adds no kernel: it sweeps block shapes over chapter 3's. */
#include "../chapters/03_unrolled/kernels.h"

/* in is rows x cols, out is cols x rows: out(r, c) = in(c, r).
 * The grid covers the OUTPUT; a block covers UNROLL * blockDim.x output
 * columns and blockDim.y output rows (see launch_yours). Thread x owns the
 * output columns x + k * blockDim.x (k = 0..UNROLL-1) of its block, so
 * for each k the threads of a block row write blockDim.x neighbours.
 * Hint: every index comes from blockIdx, blockDim and threadIdx; no 32,
 * no 8, no warp size. Loads of all UNROLL elements before the first store,
 * and a bounds check against the OUTPUT's shape on each element. Your
 * exercise 3 kernel may already be this kernel: check it against both
 * block shapes. */
__global__ void your_transpose_unroll4_col_any_block(const float *in, float *out, int rows,
                                                     int cols)
{
    /* TODO: your code here */
}

/* Chapter 3's grid: UNROLL * block.x output columns per block, for
 * whatever block the table gives. */
static const char *launch_yours(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = tp_grid(&grid, rows, cols, UNROLL * block.x, block.y);
    if (na)
        return na;
    your_transpose_unroll4_col_any_block<<<grid,
                                           block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

/* The last two fields of your kernel's lines: the bandwidth target for
 * `make check`, as a fraction of cudaMemcpy, and where to read up. Both
 * lines are graded: one kernel, two block shapes. */
static const tp_kernel kernels[] = {
    { "your_transpose_unroll4_col_any_block", launch_yours, TP_TRANSPOSE, { 8, 32, 1 },
      0.30, "chapter 5" },
    { "your_transpose_unroll4_col_any_block", launch_yours, TP_TRANSPOSE, { 64, 8, 1 },
      0.30, "chapter 5" },
    { "transpose_unroll4_col", launch_unroll4_col, TP_TRANSPOSE, { 8, 32, 1 } },
    { "transpose_unroll4_col", launch_unroll4_col, TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_unroll4_col", launch_unroll4_col, TP_TRANSPOSE, { 64, 8, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Exercise 5: unrolled column reads, any block shape",
                  kernels, TP_COUNT(kernels));
}
