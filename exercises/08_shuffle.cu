/*
 * Exercise 8: a register transpose of 16 x 16 tiles (chapter 8).
 *
 * Chapter 8's warp holds one 32 x 32 tile in registers, 32 values per
 * lane, and five shuffle stages transpose it. Here a warp holds two
 * 16 x 16 tiles, 16 values per lane, interleaved: the warp loads a strip
 * of 16 input rows by 32 columns (each load instruction one coalesced row
 * of 32 floats), the even lanes own the strip's even columns (tile 0) and
 * the odd lanes its odd columns (tile 1), and after the transpose each
 * lane stores one row of its tile. Write the shuffle stage; the kernel
 * that loads, calls your stage for s = 8, 4, 2, 1, and stores is given.
 *
 *   make exercise8 && ./exercise8     your kernel beside chapter 8's, timed
 *   ./exercise8 --check --size 17x83  is it right? (any shape)
 *   make check EX=8                   grade it
 *
 * How it is graded: correct on every shape of `./exercise8 --list-shapes`,
 * with compute-sanitizer's synccheck and racecheck clean (every lane must
 * take part in every shuffle); no local memory and no shared memory (read
 * from the compiled kernel: the tile must stay in registers); then timed
 * at 8192 x 8192 against chapter 7's transpose_padded_tile in the same
 * run, target 0.8 times its bandwidth. Measured with `bash
 * scripts/grade.sh solution 8` (2026-11-21): the solution runs at 0.98x
 * on an NVIDIA H100 and 1.03x on an NVIDIA H200. Indices are ints: the
 * given launch answers n/a above 2^31 - 1 elements.
 *
 * Only the body of your_shuffle_stage16 is yours.
 */
#include "../chapters/07_padded_tile/kernels.h"
#include "../chapters/08_shuffle/kernels.h"
#include "../chapters/08_shuffle/warp_tile.cuh"

#define HALF 16   /* a half-warp's tile: 16 x 16, 16 values per lane */

/* ---- your code: from here ------------------------------------------------ */
/* Element (r, c) of tile h (r, c in 0..15; h = lane % 2) starts in lane
 * 2c + h, register v[r], and must end in lane 2r + h, register v[c]. Stage
 * s (8, 4, 2 or 1) trades the bit of value s of the register index with
 * one bit of the lane number: which one, now that the lane number is
 * 2c + h?
 * Hint: chapter 8 explains one stage for a 32 x 32 tile; what changes with
 * 16 registers, and with the partner lane? Check that a lane and its
 * partner always hold the same tile. Every lane runs every shuffle (choose
 * with ?:, never skip a shuffle with an if), and v is indexed only with
 * numbers known at compile time, or it moves to local memory. */
static __device__ __forceinline__ void your_shuffle_stage16(float v[HALF], int lane, int s)
{
    /* TODO: your code here */
}
/* ---- your code: to here -------------------------------------------------- */

/* Given. Warp w of the block takes the strip of input rows first_row ..
 * first_row + 15 and columns first_col .. first_col + 31. Lane l loads
 * v[r] = input (first_row + r, first_col + l): column l of the strip, that
 * is column l / 2 of tile l % 2. After the stages lane 2i + h holds row i
 * of tile h: v[c] = input (first_row + i, first_col + 2c + h), which
 * belongs at output (first_col + 2c + h, first_row + i). Each store
 * instruction writes 16 neighbours in each of two output rows. Elements
 * outside the matrix load as 0 and are never stored. */
__global__ void your_transpose_shuffle16(const float *__restrict__ in, float *__restrict__ out,
                                         int rows, int cols)
{
    float v[HALF];
    int lane = threadIdx.x, h = lane % 2, i = lane / 2;
    int first_col = blockIdx.x * TILE;
    int first_row = (blockIdx.y * blockDim.y + threadIdx.y) * HALF;

    if (first_row >= rows)
        return;   /* the whole warp leaves together: no shuffle is left half-done */
#pragma unroll
    for (int r = 0; r < HALF; r++)
        v[r] = (first_row + r < rows && first_col + lane < cols)
                   ? in[(first_row + r) * cols + first_col + lane] : 0.0f;
    your_shuffle_stage16(v, lane, 8);
    your_shuffle_stage16(v, lane, 4);
    your_shuffle_stage16(v, lane, 2);
    your_shuffle_stage16(v, lane, 1);
#pragma unroll
    for (int c = 0; c < HALF; c++)
        if (first_col + 2 * c + h < cols && first_row + i < rows)
            out[(first_col + 2 * c + h) * rows + first_row + i] = v[c];
}

/* A block is blockDim.y warps, each on its own 16-row strip. */
static const char *launch_yours(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na;
    if (block.x != TILE)
        return "the block must be 32 threads wide: one warp per strip";
    na = tp_grid(&grid, cols, rows, TILE, (long)HALF * block.y);
    if (na)
        return na;
    your_transpose_shuffle16<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

/* The rule: the tile lives in registers, nowhere else. */
static const char *registers_rule(void)
{
    static char why[200];
    cudaFuncAttributes a;
    CHECK_CUDA(cudaFuncGetAttributes(&a, your_transpose_shuffle16));
    if (a.localSizeBytes == 0 && a.sharedSizeBytes == 0)
        return NULL;
    snprintf(why, sizeof why, "it uses %zu bytes of local memory and %zu of shared memory "
             "per thread and block; the tile must stay in registers (index v only with "
             "compile-time numbers)", a.localSizeBytes, a.sharedSizeBytes);
    return why;
}

/* Your kernel's line ends with: the target, where to read up, the kernel
 * it is measured against, and the rule. */
static const tp_kernel kernels[] = {
    { "your_transpose_shuffle16", launch_yours, TP_TRANSPOSE, { 32, 8, 1 },
      0.8, "chapter 8", "transpose_padded_tile", registers_rule },
    { "transpose_padded_tile", launch_padded_tile, TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_shuffle",     launch_shuffle,     TP_TRANSPOSE, { 32, 8, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Exercise 8: a register transpose of 16 x 16 tiles",
                  kernels, TP_COUNT(kernels));
}
