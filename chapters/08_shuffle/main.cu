/*
 * Chapter 8: warp shuffles - a transpose in registers, no shared memory.
 *
 * Chapters 6 and 7 reorder the tile in shared memory. A warp can also
 * reorder it in its own registers: each lane holds 32 values, and
 * __shfl_xor_sync() hands a value from one lane's register to another's.
 * The warp loads a 32x32 tile so that lane l holds column l (coalesced
 * loads), five shuffle stages later lane l holds row l, and the stores of
 * those rows are coalesced too.
 *
 *   transpose_padded_tile     chapter 7's padded shared-memory tile
 *   transpose_shuffle         the register transpose: 80 shuffles per tile,
 *                             every register index a compile-time constant
 *   transpose_shuffle_local   31 shuffles per tile, but indexed with the lane
 *                             number, so the array is in local memory
 *
 * Build and run:   make chapter8 && ./chapter8
 *                  ./chapter8 --size 4096x4096 --reps 50     (see --help)
 * Check where the arrays live (no GPU needed):
 *                  nvcc -arch=sm_90 --resource-usage -Icommon -c \
 *                       chapters/08_shuffle/kernels.cu -o /tmp/ch8.o
 * Look for: the stack frame ptxas reports for transpose_shuffle_local and
 * not for transpose_shuffle, then what that costs in the table, and how
 * the register transpose compares with the padded tile. README.md explains.
 */
#include "../07_padded_tile/kernels.h"
#include "../tile.h"
#include "kernels.h"

static const tp_kernel kernels[] = {
    { "transpose_padded_tile",   launch_padded_tile,   TP_TRANSPOSE, { TILE, BLOCK_ROWS, 1 } },
    { "transpose_shuffle",       launch_shuffle,       TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_shuffle_local", launch_shuffle_local, TP_TRANSPOSE, { 32, 8, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Chapter 8: warp-shuffle transpose in registers",
                  kernels, TP_COUNT(kernels));
}
