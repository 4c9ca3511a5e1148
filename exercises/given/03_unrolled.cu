/*
 * exercises/given/03_unrolled.cu - the given half of exercise 3: the launch,
 * the table of kernels and main. Your part (the code between the "your
 * code" lines of exercises/03_unrolled.cu) is compiled on its own and linked
 * with this file, so nothing in it can change what is here.
 */
#include "03_unrolled.h"

#include "harness.h"
#include "../../chapters/02_naive/kernels.h"
#include "../../chapters/03_unrolled/kernels.h"

/* block.x output columns per block, UNROLL8 * block.y output rows. */
static const char *launch_yours(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = tp_grid(&grid, rows, cols, block.x, UNROLL8 * block.y);
    if (na)
        return na;
    your_transpose_unroll8_col<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

/* Your kernel's line ends with: the target, where to read up, and the
 * kernel of this table the target is measured against. */
static const tp_kernel kernels[] = {
    { .name = "your_transpose_unroll8_col", .launch = launch_yours, .op = TP_TRANSPOSE,
      .block = { 8, 32, 1 }, .target = 1.15, .see = "chapter 3",
      .relative_to = "transpose_naive_col" },
    { "transpose_naive_col",   launch_naive_col,   TP_TRANSPOSE, { 8, 32, 1 } },
    { "transpose_unroll4_col", launch_unroll4_col, TP_TRANSPOSE, { 8, 32, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Exercise 3: eight elements per thread, column reads",
                  kernels, TP_COUNT(kernels));
}
