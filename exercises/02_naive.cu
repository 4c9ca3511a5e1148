/*
 * Exercise 2: the naive transpose that reads columns (chapter 2).
 *
 * Write your_transpose_naive_col: each thread writes ONE element of the
 * output, and a warp's 32 threads write 32 neighbours of one output row
 * (coalesced stores); the loads are the strided side.
 *
 *   make exercise2 && ./exercise2     your kernel beside chapter 2's, timed
 *   ./exercise2 --check --size 17x83  is it right? (any shape)
 *   make check EX=2                   grade it: awkward shapes, then speed
 *
 * Only the kernel body is yours; the launch and the table are given.
 */
#include "../chapters/02_naive/kernels.h"

/* in is rows x cols, out is cols x rows: out(r, c) = in(c, r).
 * The grid covers the OUTPUT: threadIdx.x and blockIdx.x run along an
 * output row (there are `rows` output columns), threadIdx.y and blockIdx.y
 * down the output's `cols` rows.
 * Hint: work out the output row and column of this thread, check both
 * against the OUTPUT's shape, then copy one element. */
__global__ void your_transpose_naive_col(const float *in, float *out, int rows, int cols)
{
    /* TODO: your code here */
}

static const char *launch_yours(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = tp_grid(&grid, rows, cols, block.x, block.y);
    if (na)
        return na;
    your_transpose_naive_col<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

/* The last two fields of your kernel's line: the bandwidth target for
 * `make check`, as a fraction of cudaMemcpy, and where to read up. */
static const tp_kernel kernels[] = {
    { "your_transpose_naive_col", launch_yours,     TP_TRANSPOSE, { 32, 8, 1 }, 0.30, "chapter 2" },
    { "transpose_naive_row",      launch_naive_row, TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_naive_col",      launch_naive_col, TP_TRANSPOSE, { 32, 8, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Exercise 2: naive transpose, column reads",
                  kernels, TP_COUNT(kernels));
}
