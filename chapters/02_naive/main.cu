/*
 * Chapter 2: the naive transpose - read rows or read columns?
 *
 * A transpose cannot be coalesced on both sides at once without help:
 * whatever runs along a row of the input runs down a column of the output.
 * So we choose which side to sacrifice:
 *
 *   transpose_naive_row        reads a row (coalesced), writes a column
 *                              (every store of a warp hits 32 segments)
 *   transpose_naive_col        reads a column (strided), writes a row
 *                              (coalesced)
 *   transpose_naive_col_no_l1  transpose_naive_col with its loads told to
 *                              skip the L1 cache (__ldcg: cache in L2 only)
 *
 * Build and run:   make chapter2 && ./chapter2
 * Look for: the column-read version is several times faster, and how much
 * of that lead is left when its loads cannot use L1 (on an H200, most of
 * it: 40% against 37% of the copy). README.md explains.
 */
#include "kernels.h"

static const tp_kernel kernels[] = {
    { "transpose_naive_row",       launch_naive_row,       TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_naive_col",       launch_naive_col,       TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_naive_col_no_l1", launch_naive_col_no_l1, TP_TRANSPOSE, { 32, 8, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Chapter 2: naive transpose, row reads vs column reads",
                  kernels, TP_COUNT(kernels));
}
