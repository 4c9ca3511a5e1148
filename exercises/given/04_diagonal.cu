/*
 * exercises/given/04_diagonal.cu - the given half of exercise 4: the launch,
 * the table of kernels and main. Your part (the code between the "your
 * code" lines of exercises/04_diagonal.cu) is compiled on its own and linked
 * with this file, so nothing in it can change what is here.
 */
#include "04_diagonal.h"

#include "harness.h"
#include "04_band_check.h"
#include "../../chapters/02_naive/kernels.h"
#include "../../chapters/04_diagonal/kernels.h"

/* One block per output tile, numbered along a 1D grid. */
static const char *launch_yours(const float *in, float *out, int rows, int cols, dim3 block)
{
    int gx = (rows + TILE_W - 1) / TILE_W, gy = (cols + TILE_H - 1) / TILE_H;
    dim3 grid;
    const char *na = tp_grid(&grid, (long)gx * gy, 1, 1, 1);
    if (na == NULL)
        na = tp_int_index(rows, cols);   /* the kernel indexes with ints */
    if (na)
        return na;
    your_transpose_banded_1d<<<grid, block>>>(in, out, rows, cols, gx, gy);
    CHECK_LAUNCH();
    return NULL;
}

/* The rule the grader checks on the CPU (04_band_check.h): a bijection,
 * band by band, column by column inside a band, on every grid up to 40 x 40. */
static const char *band_rule(void)
{
    return band_order_problem(your_band_tile, 40);
}

/* Your kernel's line ends with: the target, where to read up, the kernel
 * it is measured against, and the rule. */
static const tp_kernel kernels[] = {
    { .name = "your_transpose_banded_1d", .launch = launch_yours, .op = TP_TRANSPOSE,
      .block = { TILE_W, TILE_H, 1 }, .target = 0.8, .see = "chapter 4",
      .relative_to = "transpose_diagonal_col", .rule = band_rule },
    { "transpose_naive_col",    launch_naive_col,    TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_diagonal_col", launch_diagonal_col, TP_TRANSPOSE, { 32, 8, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Exercise 4: a band order on a 1D grid",
                  kernels, TP_COUNT(kernels));
}
