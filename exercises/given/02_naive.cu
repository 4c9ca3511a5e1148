/*
 * exercises/given/02_naive.cu - the given half of exercise 2: the launch,
 * the table of kernels and main. Your part (the code between the "your
 * code" lines of exercises/02_naive.cu) is compiled on its own and linked
 * with this file, so nothing in it can change what is here.
 */
#include "02_naive.h"

#include "harness.h"
#include "../../chapters/02_naive/kernels.h"

/* One thread per element, THREADS per block, a 1D grid. */
static const char *launch_yours(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = tp_grid(&grid, (long)rows * cols, 1, block.x, 1);
    if (na)
        return na;
    your_transpose_1d<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

/* The rule: the naive transpose, each thread moving its element straight
 * from in to out. A tile in shared memory (chapter 6's idea) is faster,
 * and not this exercise. */
static const char *naive_rule(void)
{
    static char why[200];
    cudaFuncAttributes a;
    CHECK_CUDA(cudaFuncGetAttributes(&a, your_transpose_1d));
    if (a.sharedSizeBytes == 0)
        return NULL;
    snprintf(why, sizeof why, "it uses %zu bytes of shared memory; the exercise asks for the "
             "naive transpose, each thread moving one element straight from in to out",
             a.sharedSizeBytes);
    return why;
}

/* Your kernel's line ends with: the target, where to read up, the kernel
 * of this table the target is measured against, and the rule. */
static const tp_kernel kernels[] = {
    { .name = "your_transpose_1d", .launch = launch_yours, .op = TP_TRANSPOSE,
      .block = { THREADS, 1, 1 }, .target = 1.6, .see = "chapter 2",
      .relative_to = "transpose_naive_row", .rule = naive_rule },
    { "transpose_naive_row", launch_naive_row, TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_naive_col", launch_naive_col, TP_TRANSPOSE, { 32, 8, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Exercise 2: a naive transpose on a 1D grid",
                  kernels, TP_COUNT(kernels));
}
