/*
 * Exercise 3: eight elements per thread, down the output column (chapter 3).
 *
 * Chapter 3's transpose_unroll4_col gives each thread 4 elements, 4 loads
 * in flight before its first store, and lays them along the output row,
 * blockDim.x apart. Write the same idea with 8 elements per thread for a
 * grid that gives each block a different piece of the output: 8 output
 * columns by 8 * 32 = 256 output rows. The launch is given: a block of
 * 8 x 32 threads (chapter 5's best shape for these kernels on an H200), one
 * block per 8 x 256 piece. So a thread's 8 elements lie down the output
 * column, and each thread issues all 8 loads before its first store. Place
 * them so that every one of its loads and stores stays as coalesced as in
 * chapter 2's kernel with the same 8 x 32 block.
 *
 *   make exercise3 && ./exercise3     your kernel beside chapter 3's, timed
 *   ./exercise3 --check --size 17x83  is it right? (any shape)
 *   make check EX=3                   grade it
 *
 * How it is graded: correct on every shape of `./exercise3 --list-shapes`,
 * then timed at 8192 x 8192 against chapter 2's transpose_naive_col with
 * the same 8 x 32 blocks (one element per thread, the same footprint per
 * warp instruction) in the same run. The target is 1.15 times its
 * bandwidth; one element per thread is 1.00x by definition. Measured
 * by `make test` (`bash scripts/grade.sh solution 3`), 2026-11-23: the
 * solution reaches 1.31x on an NVIDIA H100 80GB HBM3 and 1.53x on an
 * NVIDIA H200. Indices are ints: the given
 * launch answers n/a above 2^31 - 1 elements.
 *
 * Yours is the code between the two "your code" lines below; put all you
 * write there, #include lines too. The build compiles only that part, on
 * its own after given/03_unrolled.h, and links it with given/03_unrolled.cu: the
 * launch, the table of kernels and main, which your code cannot change.
 */
#include "given/03_unrolled.h"

/* ---- your code: from here ------------------------------------------------ */
/* in is rows x cols, out is cols x rows: out(r, c) = in(c, r).
 * The grid covers the OUTPUT. Block (bx, by) covers output columns
 * bx * blockDim.x ... bx * blockDim.x + blockDim.x - 1 and output rows
 * by * blockDim.y * 8 ... by * blockDim.y * 8 + blockDim.y * 8 - 1.
 * Hint: a warp of an 8 x 32 block is 8 threads across and 4 down (threads
 * are numbered x first). For one k, which output elements do its 32
 * threads write, and how many 32-byte sectors do its stores and its loads
 * touch? Choose where a thread's 8 elements lie so that, for every k, that
 * is no more than chapter 2's kernel touches with the same block. Keep the
 * 8 values in a local array indexed only by the counter of a
 * #pragma unroll loop (chapter 3 says why), and give every element its own
 * bounds check: the last block of a column may hold anywhere from 1 to 255
 * valid output rows, the last block of a row 1 to 7 valid columns. */
__global__ void your_transpose_unroll8_col(const float *in, float *out, int rows, int cols)
{
    /* TODO: your code here */
}
/* ---- your code: to here -------------------------------------------------- */
