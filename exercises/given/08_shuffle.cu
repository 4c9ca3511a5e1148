/*
 * exercises/given/08_shuffle.cu - the given half of exercise 8: the launch,
 * the table of kernels and main. Your part (the code between the "your
 * code" lines of exercises/08_shuffle.cu) is compiled on its own and linked
 * with this file, so nothing in it can change what is here.
 */
#include "08_shuffle.h"

#include "harness.h"
#include "../../chapters/07_padded_tile/kernels.h"
#include "../../chapters/08_shuffle/kernels.h"

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
    { .name = "your_transpose_shuffle16", .launch = launch_yours, .op = TP_TRANSPOSE,
      .block = { 32, 8, 1 }, .target = 0.8, .see = "chapter 8",
      .relative_to = "transpose_padded_tile", .rule = registers_rule },
    { "transpose_padded_tile", launch_padded_tile, TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_shuffle",     launch_shuffle,     TP_TRANSPOSE, { 32, 8, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Exercise 8: a register transpose of 16 x 16 tiles",
                  kernels, TP_COUNT(kernels));
}
