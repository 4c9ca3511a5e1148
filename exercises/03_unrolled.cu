/*
 * Exercise 3: eight elements per thread (chapter 3).
 *
 * Chapter 3's transpose_unroll4_col gives each thread 4 elements, 4 loads
 * in flight before its first store. Write the same idea with 8: each
 * thread moves 8 elements, issues all 8 loads before its first store, and
 * every one of its loads and stores stays as coalesced as in chapter 2.
 * The launch is given: a block of 8 x 32 threads (chapter 5's best shape
 * for these kernels on an H200) covers 8 * 8 = 64 output columns and 32
 * output rows.
 *
 *   make exercise3 && ./exercise3     your kernel beside chapter 3's, timed
 *   ./exercise3 --check --size 17x83  is it right? (any shape)
 *   make check EX=3                   grade it
 *
 * How it is graded: correct on every shape of `./exercise3 --list-shapes`,
 * then timed at 8192 x 8192 against chapter 2's transpose_naive_col with
 * the same 8 x 32 blocks (one element per thread, the same reads and
 * writes) in the same run. The target is 1.25 times its bandwidth.
 * Measured with `bash scripts/grade.sh solution 3` (2026-11-21): the
 * solution reaches 1.39x on an NVIDIA H100 and 1.72x on an NVIDIA H200;
 * one element per thread is 1.00x by definition. Indices are ints: the
 * given launch answers n/a above 2^31 - 1 elements.
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
 * bx * blockDim.x * 8 ... + blockDim.x * 8 - 1 and output rows by *
 * blockDim.y + threadIdx.y.
 * Hint: where do a thread's 8 elements lie so that, for each k, the 32
 * threads of a warp still write 32 neighbours of one output row? Keep the
 * 8 values in a local array indexed only by the counter of a
 * #pragma unroll loop (chapter 8 shows what any other index costs), and
 * give every element its own bounds check: the last block of a row may
 * hold anywhere from 1 to 63 valid columns. */
__global__ void your_transpose_unroll8_col(const float *in, float *out, int rows, int cols)
{
    /* TODO: your code here */
}
/* ---- your code: to here -------------------------------------------------- */
