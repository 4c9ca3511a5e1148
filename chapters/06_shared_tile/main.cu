/*
 * Chapter 6: the shared-memory tile - coalesced on both sides at last.
 *
 * Chapter 2 had to choose which side of the transpose to coalesce. Here a
 * block stages a 32x32 tile in shared memory: it reads the tile row by row
 * (coalesced), waits at __syncthreads(), and writes it out transposed, again
 * row by row (coalesced). The transposing happens inside shared memory,
 * where reading down a column costs no extra memory traffic.
 *
 *   copy_tile_ilp             chapter 1's tile copy: the yardstick
 *   copy_shared_tile          the same copy through shared memory and a
 *                             barrier, with no transpose
 *   transpose_naive_col       chapter 2's best naive transpose
 *   transpose_shared_tile     32x32 tile in shared memory, 32x8 threads
 *   transpose_shared_dynamic  the same with the tile size chosen at run time
 *                             (extern __shared__): tile = block.x, listed
 *                             with a 32x32 and a 64x64 tile
 *
 * Build and run:   make chapter6 && ./chapter6
 *                  ./chapter6 --size 4096x4096 --reps 50     (see --help)
 * Look for: copy_shared_tile next to copy_tile_ilp (is shared memory the
 * cost?), and transpose_shared_tile next to both copies: the gap that is
 * left is the subject of chapter 7. README.md explains.
 */
#include "../01_bounds/kernels.h"
#include "../02_naive/kernels.h"
#include "../tile.h"
#include "kernels.h"

static const tp_kernel kernels[] = {
    { "copy_tile_ilp",            launch_copy_tile_ilp,    TP_COPY,      { TILE, BLOCK_ROWS, 1 } },
    { "copy_shared_tile",         launch_copy_shared_tile, TP_COPY,      { TILE, BLOCK_ROWS, 1 } },
    { "transpose_naive_col",      launch_naive_col,        TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_shared_tile",    launch_shared_tile,      TP_TRANSPOSE, { TILE, BLOCK_ROWS, 1 } },
    { "transpose_shared_dynamic", launch_shared_dynamic,   TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_shared_dynamic", launch_shared_dynamic,   TP_TRANSPOSE, { 64, 16, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Chapter 6: transpose through a shared-memory tile",
                  kernels, TP_COUNT(kernels));
}
