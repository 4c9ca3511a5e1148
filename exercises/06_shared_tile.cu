/*
 * Exercise 6: a 64 x 64 shared-memory tile (chapter 6).
 *
 * Chapter 6 stages a 32 x 32 tile in shared memory with a 32 x 8 block.
 * Write the same transpose for a tile twice as wide and tall: a block of
 * 64 x 16 threads reads a 64 x 64 tile of the input with coalesced loads,
 * waits at a barrier, and writes it out transposed with coalesced stores;
 * each thread moves 64 / 16 = 4 elements on each side. The launch (one
 * block per 64 x 64 input tile) is given.
 *
 *   make exercise6 && ./exercise6     your kernel beside chapter 6's, timed
 *   ./exercise6 --check --size 17x83  is it right? (any shape)
 *   make check EX=6                   grade it
 *
 * How it is graded: correct on every shape of `./exercise6 --list-shapes`,
 * with compute-sanitizer's racecheck and synccheck finding no race and no
 * barrier that some threads miss; the kernel must stage a whole 64 x 64
 * tile in shared memory (the grader reads its shared-memory size from the
 * compiled kernel); then timed at 8192 x 8192 against chapter 6's
 * transpose_shared_tile in the same run, target 0.8 times its bandwidth.
 * (On an H200 chapter 6's tile is no faster than chapter 2's naive
 * kernel, chapter 7 says why, so speed cannot be what decides here.
 * Measured with `bash scripts/grade.sh solution 6` (2026-11-21): the
 * solution runs at 0.96x on an NVIDIA H200 and on an NVIDIA H100.)
 * Indices are ints: the given launch answers n/a above 2^31 - 1 elements.
 *
 * Only the kernel body is yours; the launch and the table are given.
 */
#include "../chapters/02_naive/kernels.h"
#include "../chapters/06_shared_tile/kernels.h"

#define TILE64 64     /* the block's tile: 64 x 64 floats      */
#define ROWS64 16     /* threads: 64 x 16, 4 elements each     */

/* ---- your code: from here ------------------------------------------------ */
/* in is rows x cols, out is cols x rows: out(r, c) = in(c, r).
 * Block (bx, by) reads the input tile whose top-left element is input
 * (by * TILE64, bx * TILE64) and writes it to the output tile whose
 * top-left element is output (bx * TILE64, by * TILE64).
 * Hint: chapter 6's kernel, with TILE and BLOCK_ROWS replaced: which
 * numbers in it are 32 because the tile is 32 wide, and which because a
 * warp is 32 threads? Guard every global access on the edge tiles, and let
 * every thread reach the barrier. */
__global__ void your_transpose_shared_tile64(const float *__restrict__ in,
                                             float *__restrict__ out, int rows, int cols)
{
    /* TODO: your code here */
}
/* ---- your code: to here -------------------------------------------------- */

/* One block per TILE64 x TILE64 tile of the input. */
static const char *launch_yours(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = tp_grid(&grid, cols, rows, TILE64, TILE64);
    if (na)
        return na;
    your_transpose_shared_tile64<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

/* The rule: the kernel stages a whole tile in shared memory. */
static const char *tile_rule(void)
{
    static char why[160];
    cudaFuncAttributes a;
    CHECK_CUDA(cudaFuncGetAttributes(&a, your_transpose_shared_tile64));
    if (a.sharedSizeBytes >= TILE64 * TILE64 * sizeof(float))
        return NULL;
    snprintf(why, sizeof why, "it uses %zu bytes of shared memory; a 64 x 64 float tile "
             "needs %zu", a.sharedSizeBytes, TILE64 * TILE64 * sizeof(float));
    return why;
}

/* Your kernel's line ends with: the target, where to read up, the kernel
 * it is measured against, and the rule. */
static const tp_kernel kernels[] = {
    { "your_transpose_shared_tile64", launch_yours, TP_TRANSPOSE, { TILE64, ROWS64, 1 },
      0.8, "chapter 6", "transpose_shared_tile", tile_rule },
    { "transpose_naive_col",   launch_naive_col,   TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_shared_tile", launch_shared_tile, TP_TRANSPOSE, { 32, 8, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Exercise 6: a 64 x 64 shared-memory tile",
                  kernels, TP_COUNT(kernels));
}
