/*
 * Solution 7: a shared-memory tile without bank conflicts (chapter 7).
 *
 * Write your_transpose_padded_tile: exercise 6's shared-memory transpose
 * (a 32 x 8 block moves a 32 x 32 tile), with the tile laid out so that a
 * warp reading one COLUMN of it touches 32 different banks. In
 * tile[32][32] a column is 32 words that lie 32 words apart, all in the
 * same bank, and the warp's read of it is served one word at a time.
 *
 *   make solution7 && ./solution7     the solution beside chapter 7's, timed
 *   ./solution7 --check --size 17x83  validate only (any shape)
 *   bash scripts/grade.sh solution 7   grade it as make check grades exercises
 *
 * The solution: the completed kernel.
 */
#include "../chapters/06_shared_tile/kernels.h"
#include "../chapters/07_padded_tile/kernels.h"
#include "../chapters/tile.h"

/* in is rows x cols, out is cols x rows: out(r, c) = in(c, r).
 * The grid covers the INPUT, as in exercise 6: block (bx, by) reads the
 * input tile at (by * TILE, bx * TILE) and writes the output tile at
 * (bx * TILE, by * TILE); each thread moves 4 elements on each side.
 * Hint: start from your exercise 6 kernel; the fix is in the declaration
 * of the tile. Word w of shared memory is in bank w % 32, and element
 * (r, c) of float tile[R][W] is word r * W + c: choose W so that a column
 * (c fixed, r = 0..31) falls in 32 different banks while a row still does.
 * Everything else (the guards on partial edge tiles, the barrier that every
 * thread reaches) stays as it was. */
__global__ void your_transpose_padded_tile(const float *__restrict__ in, float *__restrict__ out,
                                           int rows, int cols)
{
    /* 33 floats per row: element (r, c) is word 33r + c, in bank (r + c) % 32.
     * Down a column that is 32 different banks, along a row too. */
    __shared__ float tile[TILE][TILE + 1];   /* 32 * 33 * 4 = 4224 bytes */

    int in_col = blockIdx.x * TILE + threadIdx.x;
    int in_row = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += BLOCK_ROWS)
        if (in_row + j < rows && in_col < cols)
            tile[threadIdx.y + j][threadIdx.x] = in[(in_row + j) * cols + in_col];

    __syncthreads();

    int out_col = blockIdx.y * TILE + threadIdx.x;   /* = an input row    */
    int out_row = blockIdx.x * TILE + threadIdx.y;   /* = an input column */
    for (int j = 0; j < TILE; j += BLOCK_ROWS)
        if (out_row + j < cols && out_col < rows)
            out[(out_row + j) * rows + out_col] = tile[threadIdx.x][threadIdx.y + j];
}

/* Chapter 7's grid: one block per TILE x TILE tile of the input. */
static const char *launch_yours(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = tp_grid(&grid, cols, rows, TILE, TILE);
    if (na)
        return na;
    your_transpose_padded_tile<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

/* The last two fields of your kernel's line: the bandwidth target for
 * `make check`, as a fraction of cudaMemcpy, and where to read up. */
static const tp_kernel kernels[] = {
    { "your_transpose_padded_tile", launch_yours, TP_TRANSPOSE, { TILE, BLOCK_ROWS, 1 },
      0.65, "chapter 7" },
    { "copy_shared_tile",        launch_copy_shared_tile, TP_COPY,      { TILE, BLOCK_ROWS, 1 } },
    { "transpose_shared_tile",   launch_shared_tile,      TP_TRANSPOSE, { TILE, BLOCK_ROWS, 1 } },
    { "transpose_padded_tile",   launch_padded_tile,      TP_TRANSPOSE, { TILE, BLOCK_ROWS, 1 } },
    { "transpose_swizzled_tile", launch_swizzled_tile,    TP_TRANSPOSE, { TILE, BLOCK_ROWS, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Solution 7: shared-memory tile without bank conflicts",
                  kernels, TP_COUNT(kernels));
}
