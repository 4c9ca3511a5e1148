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
 * Yours is the code between the two "your code" lines below; put all you
 * write there, #include lines too. The build compiles only that part, on
 * its own after given/04_diagonal.h, and links it with given/04_diagonal.cu: the
 * launch, the table of kernels and main, which your code cannot change.
 */
#include "given/04_diagonal.h"

/* ---- your code: from here ------------------------------------------------ */
/* Returns the tile (x, y), 0 <= x < gx and 0 <= y < gy, that block number
 * id works on. __host__ too, so that the grader can check it on the CPU.
 * Hint: write id = q * gy + r with r < gy. Which tile row should place r
 * take, and how can the tile column depend on both q and r so that ids
 * 0, 1, 2, ... walk along a diagonal? Check yours by hand on a 3 x 2 and a
 * 2 x 3 grid: each tile exactly once. */
__host__ __device__ int2 your_diagonal_tile(int id, int gx, int gy)
{
    /* TODO: your code here. This stub sends every block to tile (0, 0).
     * (The (void) line only keeps the compiler quiet about the unused
     * parameters: delete it with the stub.) */
    (void)id, (void)gx, (void)gy;
    return make_int2(0, 0);
}
/* ---- your code: to here -------------------------------------------------- */
