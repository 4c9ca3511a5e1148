/*
 * Exercise 5: a block shape for the row-read transpose (chapter 5).
 *
 * Chapter 5 sweeps block shapes for the column-read kernels and explains
 * why the shape matters: how many 32-byte sectors a warp's loads and its
 * stores touch, and how much of each it uses. Apply that to the kernel
 * the sweep left out, chapter 2's transpose_naive_row (a warp reads along
 * an input row and writes down an output column). No kernel to write:
 * choose its block shape, below, so that it runs at least 1.5 times as
 * fast as with chapter 2's 32 x 8. Reason it out first (the hint below),
 * then measure: ./exercise5 prints your shape beside 32 x 8.
 *
 *   make exercise5 && ./exercise5     your block beside 32 x 8, timed
 *   make check EX=5                   grade it
 *
 * How it is graded: correct on every shape of `./exercise5 --list-shapes`
 * (the kernel is chapter 2's, so any shape of 1 to 1024 threads is), then
 * timed at 8192 x 8192 against the same kernel with 32 x 8 blocks in the
 * same run; target 1.5 times its bandwidth. Measured by `make test`
 * (`bash scripts/grade.sh solution 5`), 2026-11-23: the solution's shape,
 * 8 x 32, reaches 3.46x on an NVIDIA H100 80GB HBM3 and 3.59x on an NVIDIA
 * H200. Indices are
 * ints: the launch answers n/a above 2^31 - 1 elements.
 *
 * Yours is the code between the two "your code" lines below; put all you
 * write there, #include lines too. The build compiles only that part, on
 * its own after given/05_thin_blocks.h, and links it with given/05_thin_blocks.cu: the
 * launch, the table of kernels and main, which your code cannot change.
 */
#include "given/05_thin_blocks.h"

/* ---- your code: from here ------------------------------------------------ */
/* Your block shape for transpose_naive_row: x threads along a row
 * (threadIdx.x) by y down a column, x * y from 32 to 1024 and a multiple
 * of 32.
 * Hint: a warp is 32 consecutive threads, x first. For 32 x 8, 16 x 16,
 * 8 x 32 and 4 x 64, count the 32-byte sectors that one warp's load and
 * one warp's store touch, and how much of each sector it uses. Two of the
 * four tie on the total. For those two, which side has the half-used
 * sectors, and who uses the other half of each: another warp of the same
 * block, or another block (chapter 5, "Reuse in L1")?
 * TODO: your code here: your block. The stub is chapter 2's own 32 x 8. */
const dim3 your_block(32, 8);
/* ---- your code: to here -------------------------------------------------- */
