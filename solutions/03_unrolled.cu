/*
 * Solution 3: the unrolled transpose that reads columns (chapter 3).
 *
 * Write your_transpose_unroll4_col: each thread moves UNROLL (= 4)
 * elements of the output instead of one, and issues all its loads before
 * its first store, so it keeps 4 loads in flight where chapter 2 kept 1.
 * The stores stay coalesced: for each k, a warp's 32 threads write 32
 * neighbours of one output row.
 *
 *   make solution3 && ./solution3     the solution beside chapter 3's, timed
 *   ./solution3 --check --size 17x83  validate only (any shape)
 *   bash scripts/grade.sh solution 3   grade it as make check grades exercises
 *
 * The solution: the completed kernel.
 */
#include "../chapters/03_unrolled/kernels.h"

/* in is rows x cols, out is cols x rows: out(r, c) = in(c, r).
 * The grid covers the OUTPUT, and a block now covers UNROLL * blockDim.x
 * output columns (see launch_yours): thread x of block bx owns the output
 * columns bx * blockDim.x * UNROLL + x + k * blockDim.x, k = 0..UNROLL-1.
 * They lie blockDim.x apart, so for each k a warp still writes 32
 * neighbours. threadIdx.y and blockIdx.y run down the output's rows.
 * Hint: one loop loads the 4 elements into float v[UNROLL], a second loop
 * stores them (#pragma unroll on both keeps v in registers). Each element
 * needs its own bounds check against the OUTPUT's shape: the last block
 * of a row may hold only 1, 2 or 3 valid columns for a thread. */
__global__ void your_transpose_unroll4_col(const float *in, float *out, int rows, int cols)
{
    int out_col0 = blockIdx.x * blockDim.x * UNROLL + threadIdx.x;   /* = input row */
    int out_row = blockIdx.y * blockDim.y + threadIdx.y;             /* = input col */
    float v[UNROLL];

    /* All loads first: they do not depend on each other, so all 4 are in
     * flight together. */
#pragma unroll
    for (int k = 0; k < UNROLL; k++) {
        int out_col = out_col0 + k * blockDim.x;
        if (out_row < cols && out_col < rows)
            v[k] = in[out_col * cols + out_row];
    }
#pragma unroll
    for (int k = 0; k < UNROLL; k++) {
        int out_col = out_col0 + k * blockDim.x;
        if (out_row < cols && out_col < rows)
            out[out_row * rows + out_col] = v[k];
    }
}

/* The same grid as chapter 3's launch_unroll4_col: UNROLL times fewer
 * blocks along x than chapter 2 for the same block shape. */
static const char *launch_yours(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = tp_grid(&grid, rows, cols, UNROLL * block.x, block.y);
    if (na)
        return na;
    your_transpose_unroll4_col<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

/* The last two fields of your kernel's line: the bandwidth target for
 * `make check`, as a fraction of cudaMemcpy, and where to read up. */
static const tp_kernel kernels[] = {
    { "your_transpose_unroll4_col", launch_yours, TP_TRANSPOSE, { 32, 8, 1 }, 0.35, "chapter 3" },
    { "transpose_unroll4_row", launch_unroll4_row, TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_unroll4_col", launch_unroll4_col, TP_TRANSPOSE, { 32, 8, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Solution 3: unrolled transpose, column reads",
                  kernels, TP_COUNT(kernels));
}
