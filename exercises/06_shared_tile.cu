/*
 * Exercise 6: the transpose through a shared-memory tile (chapter 6).
 *
 * Write your_transpose_shared_tile: a block of TILE x BLOCK_ROWS (32 x 8)
 * threads reads a TILE x TILE (32 x 32) tile of the input with coalesced
 * loads into shared memory, waits at a barrier, and writes the tile out
 * transposed with coalesced stores. Both sides of the transpose coalesced
 * at last; the transposing happens inside shared memory.
 *
 *   make exercise6 && ./exercise6     your kernel beside chapter 6's, timed
 *   ./exercise6 --check --size 17x83  is it right? (any shape)
 *   make check EX=6                   grade it: awkward shapes, then speed
 *
 * Only the kernel body is yours; the launch and the table are given.
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
    /* TODO: your code here */
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
    return tp_run(argc, argv, "Exercise 6: transpose through a shared-memory tile",
                  kernels, TP_COUNT(kernels));
}
