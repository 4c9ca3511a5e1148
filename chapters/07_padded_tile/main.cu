/*
 * Chapter 7: bank conflicts - pad the tile, or swizzle it.
 *
 * Chapter 6's tile is read down a column, and with 32 floats per row every
 * element of a column sits in the same one of shared memory's 32 banks: a
 * warp's read of a column is served one element at a time. This chapter
 * spreads the column over all 32 banks in two ways and puts them next to
 * chapter 6's version in one table:
 *
 *   copy_shared_tile          chapter 6's copy through shared memory: the
 *                             target, since it has no column reads at all
 *   transpose_shared_tile     chapter 6: tile[32][32], 32-way conflicts on
 *                             every read of the tile
 *   transpose_padded_tile     tile[32][33]: one spare float per row
 *   transpose_swizzled_tile   tile[32][32], column index XOR row index
 *
 * Build and run:   make chapter7 && ./chapter7
 *                  ./chapter7 --size 4096x4096 --reps 50     (see --help)
 * Profile:         make profile-chapter7   (Nsight Compute: bank conflicts,
 *                  sectors per request and DRAM throughput of each kernel)
 * Look for: how much of chapter 6's gap to the copy the padding closes, and
 * whether the swizzle, which wastes no shared memory, does the same. The
 * profile shows the conflicts themselves. README.md explains.
 */
#include "../06_shared_tile/kernels.h"
#include "../tile.h"
#include "kernels.h"

static const tp_kernel kernels[] = {
    { "copy_shared_tile",        launch_copy_shared_tile, TP_COPY,      { TILE, BLOCK_ROWS, 1 } },
    { "transpose_shared_tile",   launch_shared_tile,      TP_TRANSPOSE, { TILE, BLOCK_ROWS, 1 } },
    { "transpose_padded_tile",   launch_padded_tile,      TP_TRANSPOSE, { TILE, BLOCK_ROWS, 1 } },
    { "transpose_swizzled_tile", launch_swizzled_tile,    TP_TRANSPOSE, { TILE, BLOCK_ROWS, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Chapter 7: shared-memory bank conflicts, padded and swizzled tiles",
                  kernels, TP_COUNT(kernels));
}
