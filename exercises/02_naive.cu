/*
 * Exercise 2: a naive transpose on a one-dimensional grid (chapter 2).
 *
 * Chapter 2 launches 2D blocks on a 2D grid. Here the launch is 1D: blocks
 * of 256 threads, and thread number i (i = blockIdx.x * blockDim.x +
 * threadIdx.x, from 0 to rows * cols - 1) moves exactly one element. Which
 * element thread i moves is yours to choose, and it decides whether a
 * warp's loads or its stores are the coalesced side: that is chapter 2's
 * whole question, asked again.
 *
 *   make exercise2 && ./exercise2     your kernel beside chapter 2's, timed
 *   ./exercise2 --check --size 17x83  is it right? (any shape)
 *   make check EX=2                   grade it
 *
 * How it is graded: correct on every shape of `./exercise2 --list-shapes`
 * (1 x 1 up to 8191 x 5003) and with no shared memory (the naive
 * transpose: a tile is chapter 6's idea), then timed at 8192 x 8192 against
 * transpose_naive_row (row reads, column writes: chapter 2's slow kernel),
 * measured in the same run. The target is 1.6 times its bandwidth.
 * Measured by `make test` (`bash scripts/grade.sh solution 2`), 2026-11-23:
 * the solution reaches 2.12x on an NVIDIA H100 80GB HBM3 and 2.21x on an
 * NVIDIA H200.
 * Numbering the other side gives transpose_naive_row's access pattern,
 * about 1.0x (expected, not measured).
 * Indices are ints: the given launch (tp_grid) answers n/a above 2^31 - 1
 * elements, so rows * cols fits.
 *
 * Yours is the code between the two "your code" lines below; put all you
 * write there, #include lines too. The build compiles only that part, on
 * its own after given/02_naive.h, and links it with given/02_naive.cu: the
 * launch, the table of kernels and main, which your code cannot change.
 */
#include "given/02_naive.h"

/* ---- your code: from here ------------------------------------------------ */
/* in is rows x cols, out is cols x rows: out(r, c) = in(c, r).
 * Thread i moves one element; there are exactly rows * cols threads that
 * matter (the last block may have spare ones: check i first).
 * Hint: the 32 threads of a warp have 32 consecutive values of i. If i
 * numbers the elements of the INPUT row by row, which side is coalesced?
 * If it numbers the elements of the OUTPUT row by row? Pick the side that
 * chapter 2's table says is cheaper to leave strided. A division and a
 * remainder turn i into a row and a column. */
__global__ void your_transpose_1d(const float *in, float *out, int rows, int cols)
{
    /* TODO: your code here */
}
/* ---- your code: to here -------------------------------------------------- */
