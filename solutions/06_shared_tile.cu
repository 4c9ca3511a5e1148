/*
 * Solution 6: the transpose through a shared-memory tile (chapter 6).
 *
 * Write your_transpose_shared_tile: a block of TILE x BLOCK_ROWS (32 x 8)
 * threads reads a TILE x TILE (32 x 32) tile of the input with coalesced
 * loads into shared memory, waits at a barrier, and writes the tile out
 * transposed with coalesced stores. Both sides of the transpose coalesced
 * at last; the transposing happens inside shared memory.
 *
 *   make solution6 && ./solution6     the solution beside chapter 6's, timed
 *   ./solution6 --check --size 17x83  validate only (any shape)
 *   bash scripts/grade.sh solution 6   grade it as make check grades exercises
 *
 * The solution: the completed kernel.
 */
#include "../chapters/02_naive/kernels.h"
#include "../chapters/06_shared_tile/kernels.h"
#include "../chapters/tile.h"

/* in is rows x cols, out is cols x rows: out(r, c) = in(c, r).
 * Here the grid covers the INPUT: block (bx, by) owns the input tile whose
 * top-left element is (by * TILE, bx * TILE), and writes it as the output
 * tile at (bx * TILE, by * TILE). Each thread moves TILE / BLOCK_ROWS = 4
 * elements on each side, BLOCK_ROWS rows apart.
 * Hint: declare __shared__ float tile[TILE][TILE]. Load: a warp reads 32
 * neighbours of one input row and writes them along a row of the tile.
 * Store: a warp writes 32 neighbours of one output row, so it reads a
 * COLUMN of the tile. Tiles on the right and bottom edges are partial:
 * guard every load and store (against the input's shape when loading, the
 * output's when storing). The __syncthreads() between the two halves must
 * be reached by EVERY thread of the block, also those outside the matrix:
 * never put it inside an if, and never return before it. */
__global__ void your_transpose_shared_tile(const float *__restrict__ in, float *__restrict__ out,
                                           int rows, int cols)
{
    __shared__ float tile[TILE][TILE];   /* 32 * 32 * 4 = 4096 bytes */

    /* Load: a warp reads 32 neighbours of one input row (coalesced). */
    int in_col = blockIdx.x * TILE + threadIdx.x;
    int in_row = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += BLOCK_ROWS)
        if (in_row + j < rows && in_col < cols)
            tile[threadIdx.y + j][threadIdx.x] = in[(in_row + j) * cols + in_col];

    /* Every thread, in the matrix or not: the stores below read elements
     * that other warps loaded. */
    __syncthreads();

    /* Input tile (bx, by) is output tile (by, bx); output rows are `rows`
     * floats long. Output (r, c) = input (c, r), which is in tile[c][r]. */
    int out_col = blockIdx.y * TILE + threadIdx.x;   /* = an input row    */
    int out_row = blockIdx.x * TILE + threadIdx.y;   /* = an input column */
    for (int j = 0; j < TILE; j += BLOCK_ROWS)
        if (out_row + j < cols && out_col < rows)
            out[(out_row + j) * rows + out_col] = tile[threadIdx.x][threadIdx.y + j];
}

/* Chapter 6's grid: one block per TILE x TILE tile of the input. */
static const char *launch_yours(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = tp_grid(&grid, cols, rows, TILE, TILE);
    if (na)
        return na;
    your_transpose_shared_tile<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

/* The last two fields of your kernel's line: the bandwidth target for
 * `make check`, as a fraction of cudaMemcpy, and where to read up. */
static const tp_kernel kernels[] = {
    { "your_transpose_shared_tile", launch_yours, TP_TRANSPOSE, { TILE, BLOCK_ROWS, 1 },
      0.30, "chapter 6" },
    { "copy_shared_tile",      launch_copy_shared_tile, TP_COPY,      { TILE, BLOCK_ROWS, 1 } },
    { "transpose_naive_col",   launch_naive_col,        TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_shared_tile", launch_shared_tile,      TP_TRANSPOSE, { TILE, BLOCK_ROWS, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Solution 6: transpose through a shared-memory tile",
                  kernels, TP_COUNT(kernels));
}
