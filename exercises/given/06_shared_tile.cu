/*
 * exercises/given/06_shared_tile.cu - the given half of exercise 6: the launch,
 * the table of kernels and main. Your part (the code between the "your
 * code" lines of exercises/06_shared_tile.cu) is compiled on its own and linked
 * with this file, so nothing in it can change what is here.
 */
#include "06_shared_tile.h"

#include "harness.h"
#include "../../chapters/02_naive/kernels.h"
#include "../../chapters/06_shared_tile/kernels.h"

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

/* The rule: the kernel stages a whole tile in shared memory. Its size is
 * checked here; that the tile carries the data, in the kernel's machine
 * code, by scripts/grade.sh, which reads the next line:
 * grade: stores from shared memory: your_transpose_shared_tile64
 * (every global store must store a value loaded from shared memory,
 * scripts/stores_from_shared.sh). */
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
    { .name = "your_transpose_shared_tile64", .launch = launch_yours, .op = TP_TRANSPOSE,
      .block = { THREADS_X, THREADS_Y, 1 }, .target = 0.6, .see = "chapter 6",
      .relative_to = "transpose_shared_tile", .rule = tile_rule },
    { "transpose_naive_col",   launch_naive_col,   TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_shared_tile", launch_shared_tile, TP_TRANSPOSE, { 32, 8, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Exercise 6: a 64 x 64 shared-memory tile",
                  kernels, TP_COUNT(kernels));
}
