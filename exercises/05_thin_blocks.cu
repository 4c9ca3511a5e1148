/*
 * Exercise 5: a block shape for the row-read transpose (chapter 5).
 *
 * Chapter 5 sweeps block shapes for the column-read kernels and explains
 * why the shape matters: how many 32-byte sectors a warp's loads and its
 * stores touch, and how much of each it uses. Apply that to the kernel
 * the sweep left out, chapter 2's transpose_naive_row (a warp reads along
 * an input row and writes down an output column). No kernel to write:
 * choose its block shape, below, so that it runs at least 1.5 times as
 * fast as with chapter 2's 32 x 8. Reason it out first (which shape gives
 * a warp few sectors on BOTH sides?), then measure: ./exercise5 prints
 * your shape beside 32 x 8.
 *
 *   make exercise5 && ./exercise5     your block beside 32 x 8, timed
 *   make check EX=5                   grade it
 *
 * How it is graded: correct on every shape of `./exercise5 --list-shapes`
 * (the kernel is chapter 2's, so any shape of 1 to 1024 threads is), then
 * timed at 8192 x 8192 against the same kernel with 32 x 8 blocks in the
 * same run; target 1.5 times its bandwidth. Measured with `bash
 * scripts/grade.sh solution 5` (2026-11-21): the solution's shape reaches
 * 3.57x on an NVIDIA H200 and 3.48x on an NVIDIA H100. Indices are ints:
 * the launch answers n/a above 2^31 - 1 elements.
 */
#include "../chapters/02_naive/kernels.h"

/* ---- your code: from here ------------------------------------------------ */
/* Your block shape for transpose_naive_row: YOUR_X threads along a row
 * (threadIdx.x), YOUR_Y down a column; YOUR_X * YOUR_Y from 32 to 1024.
 * TODO: your code here: your block. The stub is chapter 2's own 32 x 8. */
#define YOUR_X 32
#define YOUR_Y 8
/* ---- your code: to here -------------------------------------------------- */

/* Your line ends with: the target, where to read up, and the row it is
 * measured against (the same kernel at 32 x 8). */
static const tp_kernel kernels[] = {
    { "your_block_for_naive_row", launch_naive_row, TP_TRANSPOSE, { YOUR_X, YOUR_Y, 1 },
      1.5, "chapter 5", "transpose_naive_row" },
    { "transpose_naive_row", launch_naive_row, TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_naive_col", launch_naive_col, TP_TRANSPOSE, { 8, 32, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Exercise 5: a block shape for the row-read transpose",
                  kernels, TP_COUNT(kernels));
}
