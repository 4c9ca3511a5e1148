/*
 * Chapter 4: diagonal block order - does it matter which block takes
 * which tile?
 *
 * Global memory is spread over several memory partitions (channels). On
 * older GPUs consecutive 256-byte pieces went to consecutive partitions, so
 * a transpose whose running blocks all write down the same few output
 * columns could pile its requests onto one partition while the others
 * idled: "partition camping". The old cure is to hand out tiles along
 * diagonals, so blocks that run at the same time touch different regions.
 * Newer GPUs hash addresses across partitions; whether the cure still does
 * anything there is what this chapter measures:
 *
 *   transpose_naive_row     chapter 2, blocks take tiles in launch order
 *   transpose_diagonal_row  the same kernel, tiles handed out diagonally
 *   transpose_naive_col     chapter 2, column reads, launch order
 *   transpose_diagonal_col  the same kernel, tiles handed out diagonally
 *
 * Build and run:   make chapter4 && ./chapter4
 *                  ./chapter4 --size 8192x2048     (a rectangular grid)
 * Look for: each diagonal kernel next to its naive twin. The same speed
 * means the memory system already spreads the traffic; README.md says what
 * a gain or a loss would mean. tests/test_diagonal.cu checks on the CPU
 * that the diagonal order still covers every tile exactly once.
 */
#include "../02_naive/kernels.h"
#include "kernels.h"

static const tp_kernel kernels[] = {
    { "transpose_naive_row",    launch_naive_row,    TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_diagonal_row", launch_diagonal_row, TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_naive_col",    launch_naive_col,    TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_diagonal_col", launch_diagonal_col, TP_TRANSPOSE, { 32, 8, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Chapter 4: diagonal block order", kernels, TP_COUNT(kernels));
}
