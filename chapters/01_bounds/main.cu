/*
 * Chapter 1: bounds - how fast can a transpose possibly be?
 *
 * A transpose reads every element once and writes it once, exactly like a
 * copy. So a copy tells us what to aim for, and a copy that walks the
 * matrix the wrong way tells us how bad it can get:
 *
 *   copy_row       threads of a warp touch neighbouring elements of a row:
 *                  reads and writes are coalesced (the classic upper bound)
 *   copy_col       threads of a warp walk down a column: every access of a
 *                  warp lands in 32 different memory segments (lower bound)
 *   copy_tile_loop the classic 32x8 copy: each thread copies 4 elements of a
 *                  32x32 tile in a loop, storing each before loading the next
 *   copy_tile_ilp  the same copy with all 4 loads issued before any store
 *
 * The harness also times two copies of the same matrix, cudaMemcpy
 * device-to-device and its own float4 copy kernel: the faster of the two is
 * the ceiling, and every %copy figure is measured against it.
 *
 * Build and run:   make chapter1 && ./chapter1
 *                  ./chapter1 --size 4096x4096 --reps 50     (see --help)
 * Look for: copy_col far below copy_row, and whether copy_tile_loop really
 * reaches the copy ceiling on your GPU (the lesson, README.md, explains why not).
 */
#include "kernels.h"
#include "../tile.h"

static const tp_kernel kernels[] = {
    { "copy_row",       launch_copy_row,       TP_COPY, { 32, 8, 1 } },
    { "copy_col",       launch_copy_col,       TP_COPY, { 32, 8, 1 } },
    { "copy_tile_loop", launch_copy_tile_loop, TP_COPY, { TILE, BLOCK_ROWS, 1 } },
    { "copy_tile_ilp",  launch_copy_tile_ilp,  TP_COPY, { TILE, BLOCK_ROWS, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Chapter 1: the bounds of a transpose (copies)",
                  kernels, TP_COUNT(kernels));
}
