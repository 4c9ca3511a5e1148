/*
 * exercises/given/07_padded_tile.cu - the given half of exercise 7: the launch,
 * the table of kernels and main. Your part (the code between the "your
 * code" lines of exercises/07_padded_tile.cu) is compiled on its own and linked
 * with this file, so nothing in it can change what is here.
 */
#include "07_padded_tile.h"

#include "harness.h"
#include "../../chapters/06_shared_tile/kernels.h"
#include "../../chapters/07_padded_tile/kernels.h"

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
    { .name = "your_transpose_swizzled_tile64", .launch = launch_yours, .op = TP_TRANSPOSE,
      .block = { TILE64, ROWS64, 1 }, .target = 1.3, .see = "chapter 7",
      .relative_to = "transpose_shared_tile", .rule = no_padding_rule },
    { "transpose_shared_tile",   launch_shared_tile,   TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_padded_tile",   launch_padded_tile,   TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_swizzled_tile", launch_swizzled_tile, TP_TRANSPOSE, { 32, 8, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Exercise 7: a 64 x 64 tile, swizzled",
                  kernels, TP_COUNT(kernels));
}
