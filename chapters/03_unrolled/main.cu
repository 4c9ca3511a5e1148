/*
 * Chapter 3: unrolling - more loads in flight per thread.
 *
 * A load from DRAM takes hundreds of cycles. A thread of chapter 2 issues
 * one load and then can do nothing but wait for it. To keep the memory
 * system busy the GPU needs many loads in flight at once (Little's law:
 * bytes in flight = bandwidth x latency). Here each thread moves 4
 * elements and issues all 4 loads before its first store, so the same
 * number of resident threads keeps 4 times as many loads in flight:
 *
 *   transpose_naive_row    chapter 2: 1 element per thread, row reads
 *   transpose_unroll4_row  4 elements per thread, row reads
 *   transpose_naive_col    chapter 2: 1 element per thread, column reads
 *   transpose_unroll4_col  4 elements per thread, column reads
 * The column pair runs twice: with chapter 2's 32 x 8 blocks, and with
 * 8 x 32 blocks, whose warps touch fewer sectors per instruction
 * (chapter 5 is about that choice). Whether more loads in flight help
 * depends on what else limits the kernel, and the two blocks show both
 * cases.
 *
 * Build and run:   make chapter3 && ./chapter3
 *                  ./chapter3 --size 8191x5003       (any shape works)
 * Look for: whether each unrolled kernel beats its naive twin at the same
 * block, whether unrolling closes the gap between row reads and column
 * reads, and how much the gain depends on the block.
 * README.md explains what each outcome would mean.
 */
#include "../02_naive/kernels.h"
#include "kernels.h"

static const tp_kernel kernels[] = {
    { "transpose_naive_row",   launch_naive_row,   TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_unroll4_row", launch_unroll4_row, TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_naive_col",   launch_naive_col,   TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_unroll4_col", launch_unroll4_col, TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_naive_col",   launch_naive_col,   TP_TRANSPOSE, { 8, 32, 1 } },
    { "transpose_unroll4_col", launch_unroll4_col, TP_TRANSPOSE, { 8, 32, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Chapter 3: unrolled transpose, 4 elements per thread",
                  kernels, TP_COUNT(kernels));
}
