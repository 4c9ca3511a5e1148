/*
 * Chapter 9: beyond - a transpose close to a copy, on any shape.
 *
 * Chapter 7's padded tile is correct on any shape, but it is not fast on
 * every shape, and its 2D grid cannot even cover a 2^26 x 1 matrix. This
 * chapter pulls six levers (one kernel each; lever 6, the tile order,
 * lives in the last), measures every one, and ends with the launch
 * function a library would ship: look at the shape, then run the kernel
 * that is fastest for it.
 *
 *   copy_vec4                 the yardstick: a copy kernel, 16-byte accesses
 *   cublas_sgeam              the library baseline (cublasSgeam, op(A) = T)
 *   transpose_padded_tile     chapter 7: 32x32 tile, 4 elements per thread
 *   transpose_shuffle         chapter 8: a warp transposes in registers
 *   transpose_tile64          lever 1: 64x64 tile, 16 loads in flight/thread
 *   transpose_tile64_vec4     lever 2: the same with float4 loads and stores
 *                             (shapes whose rows are not 16-byte aligned
 *                             fall back to transpose_tile64)
 *   transpose_persistent      lever 3: one wave of blocks that loop over the
 *                             tiles and prefetch the next one (it loses)
 *   transpose_sector_aligned  lever 4: every output row segment starts on a
 *                             32-byte sector, so DRAM never merges a part
 *   transpose_skinny          lever 5: a side of at most 64 (N x 3, 2 x N):
 *                             each block takes all of the small side
 *                             (5b: also wide matrices of at most 128 rows)
 *   transpose_any_shape       the answer: copy for 1 x N and N x 1,
 *                             skinny when a side is at most 64 (or 5b),
 *                             sector_aligned when rows % 8 != 0,
 *                             tile64_vec4 (or tile64) otherwise; and
 *                             lever 6: tiles walked down columns when
 *                             rows <= cols (the other rows walk along rows)
 *
 * Every tile kernel of this chapter numbers its tiles along a 1D grid, so
 * no shape runs into the 65535 limit of gridDim.y; chapters 7 and 8's rows
 * show "n/a" on the shapes their 2D grids cannot cover.
 *
 * Build and run:   make chapter9 && ./chapter9          (8192 x 8192)
 *                  ./chapter9 --size 8191x5003          (an awkward shape)
 *                  ./chapter9 --size 67108864x1 --reps 20
 * Look for: the %copy column. transpose_any_shape sits near copy_vec4
 * at 8192 x 8192 and close to it on most shapes, and above
 * cublas_sgeam on most (README.md's sweep shows the shapes where not);
 * transpose_tile64_vec4 falls off a cliff at 8191x5003 where
 * transpose_sector_aligned does not. README.md explains each lever.
 */
#include "../07_padded_tile/kernels.h"
#include "../08_shuffle/kernels.h"
#include "../tile.h"
#include "kernels.h"

/* cuBLAS chooses its own launch: its block column means nothing. */
static const tp_kernel kernels[] = {
    { "copy_vec4",                launch_copy_vec4,       TP_COPY,      { TILE_THREADS, 1, 1 } },
    { "cublas_sgeam",             launch_cublas_sgeam,    TP_TRANSPOSE, { 1, 1, 1 } },
    { "transpose_padded_tile",    launch_padded_tile,     TP_TRANSPOSE, { TILE, BLOCK_ROWS, 1 } },
    { "transpose_shuffle",        launch_shuffle,         TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_tile64",         launch_tile64,          TP_TRANSPOSE, { TILE_THREADS, 1, 1 } },
    { "transpose_tile64_vec4",    launch_tile64_vec4,     TP_TRANSPOSE, { TILE_THREADS, 1, 1 } },
    { "transpose_persistent",     launch_persistent,      TP_TRANSPOSE, { TILE_THREADS, 1, 1 } },
    { "transpose_sector_aligned", launch_sector_aligned,  TP_TRANSPOSE, { TILE_THREADS, 1, 1 } },
    { "transpose_skinny",         launch_skinny,          TP_TRANSPOSE, { TILE_THREADS, 1, 1 } },
    { "transpose_any_shape",      launch_any_shape,       TP_TRANSPOSE, { TILE_THREADS, 1, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Chapter 9: beyond - a transpose close to a copy, on any shape",
                  kernels, TP_COUNT(kernels));
}
