/*
 * chapters/08_shuffle/warp_tile.cuh - what chapter 8's register transposes
 * (and exercise 8) share that is not the lesson itself: loading a 32x32
 * tile so that lane l holds column l, storing it once lane l holds row l,
 * and the grid of one warp per tile. The transpose in between, the
 * shuffles, is in kernels.cu.
 */
#ifndef CH08_WARP_TILE_CUH
#define CH08_WARP_TILE_CUH

#include "harness.h"
#include "../tile.h"

#if TILE != 32
#error "the shuffle transpose needs TILE == 32: one tile column per lane of a warp"
#endif

#define FULL_MASK 0xffffffffu   /* all 32 lanes take part in every shuffle */

/* Lane `lane` of the warp loads column `lane` of the tile whose top-left
 * element is input (first_row, first_col): v[r] = input (first_row + r,
 * first_col + lane). For each r the warp reads 32 neighbours of one input
 * row. Elements outside the matrix read as 0; they are never stored. */
static __device__ __forceinline__ void load_tile_columns(float v[TILE], const float *__restrict__ in,
                                                         int rows, int cols, int first_row,
                                                         int first_col, int lane)
{
#pragma unroll
    for (int r = 0; r < TILE; r++)
        v[r] = (first_row + r < rows && first_col + lane < cols)
                   ? in[(first_row + r) * cols + first_col + lane]
                   : 0.0f;
}

/* Lane `lane` holds row `lane` of the tile: v[c] = input (first_row + lane,
 * first_col + c), which belongs at output (first_col + c, first_row + lane).
 * For each c the warp writes 32 neighbours of one output row. */
static __device__ __forceinline__ void store_tile_rows(const float v[TILE], float *__restrict__ out,
                                                       int rows, int cols, int first_row,
                                                       int first_col, int lane)
{
#pragma unroll
    for (int c = 0; c < TILE; c++)
        if (first_col + c < cols && first_row + lane < rows)
            out[(first_col + c) * rows + first_row + lane] = v[c];
}

/* A block is blockDim.y warps side by side in y, each on its own tile, so
 * it covers TILE columns and TILE * blockDim.y rows. The block must be one
 * warp wide; otherwise the kernel does not apply (NULL means it does). */
static inline const char *warp_tile_grid(dim3 *grid, int rows, int cols, dim3 block)
{
    if (block.x != TILE)
        return "the block must be 32 threads wide: one warp per tile";
    return tp_grid(grid, cols, rows, TILE, (long)TILE * block.y);
}

#endif
