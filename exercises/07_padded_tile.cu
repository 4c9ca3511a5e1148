/*
 * Exercise 7: a 64 x 64 tile without bank conflicts and without padding
 * (chapter 7).
 *
 * Exercise 6's 64 x 64 tile has the bank conflicts of chapter 6: with 64
 * floats per row, the 32 elements of a column that a warp reads all sit in
 * one bank. Chapter 7 removes them from the 32 x 32 tile in two ways.
 * Here only one of them fits: the tile must stay exactly 64 x 64 floats
 * (16384 bytes, no padding), so the layout itself has to spread each
 * column over the 32 banks. A block of 64 x 16 threads moves one tile, as
 * in exercise 6; the launch is given.
 *
 *   make exercise7 && ./exercise7     your kernel beside chapter 7's, timed
 *   ./exercise7 --check --size 17x83  is it right? (any shape)
 *   make check EX=7                   grade it
 *
 * How it is graded: correct on every shape of `./exercise7 --list-shapes`,
 * with compute-sanitizer's racecheck and synccheck clean; exactly 16384
 * bytes of shared memory (read from the compiled kernel); then timed at
 * 8192 x 8192 against chapter 6's transpose_shared_tile (the 32 x 32 tile
 * WITH its conflicts) in the same run, target 1.3 times its bandwidth: a
 * 64 x 64 tile that keeps its conflicts does not reach it. Measured with
 * `bash scripts/grade.sh solution 7` and `solution 6` (2026-11-21): the
 * swizzled solution reaches 2.14x on an NVIDIA H200 and 1.71x on an NVIDIA
 * H100; exercise 6's tile, conflicts and all, 0.96x on both. Indices are
 * ints: the given launch answers n/a above 2^31 - 1 elements.
 *
 * Only the kernel body is yours; the launch and the table are given.
 */
#include "../chapters/06_shared_tile/kernels.h"
#include "../chapters/07_padded_tile/kernels.h"

#define TILE64 64     /* the block's tile: 64 x 64 floats      */
#define ROWS64 16     /* threads: 64 x 16, 4 elements each     */

/* ---- your code: from here ------------------------------------------------ */
/* in is rows x cols, out is cols x rows: out(r, c) = in(c, r).
 * The same blocks and tiles as exercise 6.
 * Hint: word w of shared memory is in bank w % 32. Element (r, c) of a
 * 64-wide row-major tile is word 64r + c, in bank c % 32: a column (c
 * fixed) is all one bank. Chapter 7's XOR swizzle stores (r, c) at another
 * column of the same row so that a column lands in 32 banks while a row
 * still does; for a 64-wide tile, XOR with which bits of r keeps the
 * column inside 0..63 and spreads 32 consecutive rows over all 32 banks? */
__global__ void your_transpose_swizzled_tile64(const float *__restrict__ in,
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
    your_transpose_swizzled_tile64<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

/* The rule: one 64 x 64 float tile, not a byte of padding more or less. */
static const char *no_padding_rule(void)
{
    static char why[160];
    cudaFuncAttributes a;
    CHECK_CUDA(cudaFuncGetAttributes(&a, your_transpose_swizzled_tile64));
    if (a.sharedSizeBytes == TILE64 * TILE64 * sizeof(float))
        return NULL;
    snprintf(why, sizeof why, "it uses %zu bytes of shared memory; the exercise asks for "
             "exactly one 64 x 64 float tile, %zu bytes", a.sharedSizeBytes,
             TILE64 * TILE64 * sizeof(float));
    return why;
}

/* Your kernel's line ends with: the target, where to read up, the kernel
 * it is measured against, and the rule. */
static const tp_kernel kernels[] = {
    { "your_transpose_swizzled_tile64", launch_yours, TP_TRANSPOSE, { TILE64, ROWS64, 1 },
      1.3, "chapter 7", "transpose_shared_tile", no_padding_rule },
    { "transpose_shared_tile",   launch_shared_tile,   TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_padded_tile",   launch_padded_tile,   TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_swizzled_tile", launch_swizzled_tile, TP_TRANSPOSE, { 32, 8, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Exercise 7: a 64 x 64 tile, swizzled",
                  kernels, TP_COUNT(kernels));
}
