/*
 * Chapter 5: block shape - a sweep instead of a guess.
 *
 * The block shape decides how many threads and blocks an SM can hold at
 * once (occupancy), so how many loads it can keep in flight; and, for a
 * transpose, how much of each 32-byte sector a warp and its block use.
 * The effects pull against each other, so we measure: the same kernels,
 * one line per block shape.
 *
 *   transpose_naive_col    chapter 2: one element per thread, column reads
 *   transpose_unroll4_col  chapter 3: four elements per thread, column reads
 *
 * each with the blocks (32,32) (32,16) (32,8) (64,16) (64,8) (128,8)
 * (16,16) (8,32). The harness marks the fastest shape of each kernel with
 * "<- best block" (a best_block column of 1 with --csv).
 *
 * Build and run:   make chapter5 && ./chapter5
 *                  ./chapter5 --kernel unroll4          (one kernel only)
 *                  ./chapter5 --csv > sweep.csv         (for a plot)
 * Look for: how far apart the best and worst shape of one kernel are, and
 * whether both kernels prefer the same shape. README.md explains what
 * each outcome would mean.
 */
#include "../02_naive/kernels.h"
#include "../03_unrolled/kernels.h"

/* Every shape here has 256 to 1024 threads: an SM (2048 threads, 32
 * blocks on Hopper) holds 2 to 8 of these blocks, never block-limited. */
static const tp_kernel kernels[] = {
    { "transpose_naive_col",   launch_naive_col,   TP_TRANSPOSE, { 32, 32, 1 } },
    { "transpose_naive_col",   launch_naive_col,   TP_TRANSPOSE, { 32, 16, 1 } },
    { "transpose_naive_col",   launch_naive_col,   TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_naive_col",   launch_naive_col,   TP_TRANSPOSE, { 64, 16, 1 } },
    { "transpose_naive_col",   launch_naive_col,   TP_TRANSPOSE, { 64, 8, 1 } },
    { "transpose_naive_col",   launch_naive_col,   TP_TRANSPOSE, { 128, 8, 1 } },
    { "transpose_naive_col",   launch_naive_col,   TP_TRANSPOSE, { 16, 16, 1 } },
    { "transpose_naive_col",   launch_naive_col,   TP_TRANSPOSE, { 8, 32, 1 } },
    { "transpose_unroll4_col", launch_unroll4_col, TP_TRANSPOSE, { 32, 32, 1 } },
    { "transpose_unroll4_col", launch_unroll4_col, TP_TRANSPOSE, { 32, 16, 1 } },
    { "transpose_unroll4_col", launch_unroll4_col, TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_unroll4_col", launch_unroll4_col, TP_TRANSPOSE, { 64, 16, 1 } },
    { "transpose_unroll4_col", launch_unroll4_col, TP_TRANSPOSE, { 64, 8, 1 } },
    { "transpose_unroll4_col", launch_unroll4_col, TP_TRANSPOSE, { 128, 8, 1 } },
    { "transpose_unroll4_col", launch_unroll4_col, TP_TRANSPOSE, { 16, 16, 1 } },
    { "transpose_unroll4_col", launch_unroll4_col, TP_TRANSPOSE, { 8, 32, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Chapter 5: block shape sweep", kernels, TP_COUNT(kernels));
}
