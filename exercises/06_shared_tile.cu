/*
 * Exercise 6: a 64 x 64 shared-memory tile (chapter 6).
 *
 * Chapter 6 stages a 32 x 32 tile in shared memory with a 32 x 8 block.
 * Write the same transpose for a tile twice as wide and tall: a block of
 * 64 x 16 threads reads a 64 x 64 tile of the input with coalesced loads,
 * waits at a barrier, and writes it out transposed with coalesced stores;
 * each thread moves 64 / 16 = 4 elements on each side. The launch (one
 * block per 64 x 64 input tile) is given.
 *
 *   make exercise6 && ./exercise6     your kernel beside chapter 6's, timed
 *   ./exercise6 --check --size 17x83  is it right? (any shape)
 *   make check EX=6                   grade it
 *
 * How it is graded: correct on every shape of `./exercise6 --list-shapes`,
 * with compute-sanitizer's racecheck and synccheck finding no race and no
 * barrier that some threads miss; the kernel must stage a whole 64 x 64
 * tile in shared memory (the grader reads its shared-memory size from the
 * compiled kernel); then timed at 8192 x 8192 against chapter 6's
 * transpose_shared_tile in the same run, target 0.8 times its bandwidth.
 * (On an H200 chapter 6's tile is no faster than chapter 2's naive
 * kernel, chapter 7 says why, so speed cannot be what decides here.
 * Measured with `bash scripts/grade.sh solution 6` (2026-11-21): the
 * solution runs at 0.96x on an NVIDIA H200 and on an NVIDIA H100.)
 * Indices are ints: the given launch answers n/a above 2^31 - 1 elements.
 *
 * Yours is the code between the two "your code" lines below; put all you
 * write there, #include lines too. The build compiles only that part, on
 * its own after given/06_shared_tile.h, and links it with given/06_shared_tile.cu: the
 * launch, the table of kernels and main, which your code cannot change.
 */
#include "given/06_shared_tile.h"

/* ---- your code: from here ------------------------------------------------ */
/* in is rows x cols, out is cols x rows: out(r, c) = in(c, r).
 * Block (bx, by) reads the input tile whose top-left element is input
 * (by * TILE64, bx * TILE64) and writes it to the output tile whose
 * top-left element is output (bx * TILE64, by * TILE64).
 * Hint: chapter 6's kernel, with TILE and BLOCK_ROWS replaced: which
 * numbers in it are 32 because the tile is 32 wide, and which because a
 * warp is 32 threads? Guard every global access on the edge tiles, and let
 * every thread reach the barrier. */
__global__ void your_transpose_shared_tile64(const float *__restrict__ in,
                                             float *__restrict__ out, int rows, int cols)
{
    /* TODO: your code here */
}
/* ---- your code: to here -------------------------------------------------- */
