/*
 * Exercise 4: a diagonal block order for a one-dimensional grid (chapter 4).
 *
 * Chapter 4 reorders the blocks of a 2D grid. Here the grid is 1D: block
 * number id = blockIdx.x runs from 0 to gx * gy - 1 over a gx x gy grid of
 * output tiles (32 output columns by 8 output rows each), and
 * your_diagonal_tile(id, gx, gy) says which tile block id works on. Write
 * it so that the order is diagonal: the blocks that start together (the
 * first min(gx, gy)) take tiles in different tile rows AND different tile
 * columns, and every tile is taken by exactly one block, on every grid
 * shape. The kernel and the launch around it are given.
 *
 *   make exercise4 && ./exercise4     your kernel beside chapter 4's, timed
 *   ./exercise4 --check --size 17x83  is it right? (any shape)
 *   make check EX=4                   grade it
 *
 * How it is graded: correct on every shape of `./exercise4 --list-shapes`;
 * then your order itself is checked on the CPU on every grid from 1 x 1 to
 * 40 x 40 (a bijection, and diagonal as above: launch order is not); then
 * timed at 8192 x 8192 against chapter 4's transpose_diagonal_col in the
 * same run, target 0.8 times its bandwidth. Chapter 4 found that the order
 * hardly changes the speed on recent GPUs, so the order check is what
 * decides: measured with `bash scripts/grade.sh solution 4` (2026-11-21),
 * the solution runs at 1.01x on an NVIDIA H200 and on an NVIDIA H100, and
 * plain launch order, just as fast, fails the order check. Indices are ints: the given
 * launch answers n/a above 2^31 - 1 elements.
 *
 * Only the body of your_diagonal_tile is yours.
 */
#include "../chapters/02_naive/kernels.h"
#include "../chapters/04_diagonal/kernels.h"
#include "../chapters/04_diagonal/order_check.h"

#define TILE_W 32   /* a block's tile: 32 output columns ... */
#define TILE_H 8    /* ... by 8 output rows (a 32 x 8 block) */

/* ---- your code: from here ------------------------------------------------ */
/* Returns the tile (x, y), 0 <= x < gx and 0 <= y < gy, that block number
 * id works on. __host__ too, so that the grader can check it on the CPU.
 * Hint: write id = q * gy + r with r < gy. Which tile row should place r
 * take, and how can the tile column depend on both q and r so that ids
 * 0, 1, 2, ... walk along a diagonal? Check yours by hand on a 3 x 2 and a
 * 2 x 3 grid: each tile exactly once. */
static __host__ __device__ int2 your_diagonal_tile(int id, int gx, int gy)
{
    /* TODO: your code here. This stub sends every block to tile (0, 0).
     * (The (void) line only keeps the compiler quiet about the unused
     * parameters: delete it with the stub.) */
    (void)id, (void)gx, (void)gy;
    return make_int2(0, 0);
}
/* ---- your code: to here -------------------------------------------------- */

/* Given: chapter 2's column-read transpose, on the tile your order gives
 * block blockIdx.x instead of the tile (blockIdx.x, blockIdx.y). */
__global__ void your_transpose_diagonal_1d(const float *in, float *out, int rows, int cols,
                                           int gx, int gy)
{
    int2 tile = your_diagonal_tile(blockIdx.x, gx, gy);
    int out_col = tile.x * TILE_W + threadIdx.x;   /* = input row */
    int out_row = tile.y * TILE_H + threadIdx.y;   /* = input col */
    if (out_row < cols && out_col < rows)
        out[out_row * rows + out_col] = in[out_col * cols + out_row];
}

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
    your_transpose_diagonal_1d<<<grid, block>>>(in, out, rows, cols, gx, gy);
    CHECK_LAUNCH();
    return NULL;
}

/* The rule the grader checks on the CPU (order_check.h). */
static const char *diagonal_rule(void)
{
    return order_problem(your_diagonal_tile, 40);
}

/* Your kernel's line ends with: the target, where to read up, the kernel
 * it is measured against, and the rule. */
static const tp_kernel kernels[] = {
    { "your_transpose_diagonal_1d", launch_yours, TP_TRANSPOSE, { TILE_W, TILE_H, 1 },
      0.8, "chapter 4", "transpose_diagonal_col", diagonal_rule },
    { "transpose_naive_col",    launch_naive_col,    TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_diagonal_col", launch_diagonal_col, TP_TRANSPOSE, { 32, 8, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Exercise 4: a diagonal block order on a 1D grid",
                  kernels, TP_COUNT(kernels));
}
