/*
 * Exercise 6: a 64 x 64 shared-memory tile, a block half as wide
 * (chapter 6).
 *
 * Chapter 6 stages a 32 x 32 tile in shared memory with a 32 x 8 block,
 * and its transpose_shared_dynamic moves a 64 x 64 tile with a 64 x 16
 * block: in both, the block is as wide as the tile. Here it is not: a
 * block of 32 x 16 threads (512) reads a 64 x 64 tile of the input with
 * coalesced loads, waits at a barrier, and writes it out transposed with
 * coalesced stores. Each thread moves 2 x 4 = 8 elements on each side.
 * The launch (one block per 64 x 64 input tile) is given.
 *
 *   make exercise6 && ./exercise6     your kernel beside chapter 6's, timed
 *   ./exercise6 --check --size 17x83  is it right? (any shape)
 *   make check EX=6                   grade it
 *
 * How it is graded: correct on every shape of `./exercise6 --list-shapes`,
 * with compute-sanitizer's racecheck and synccheck finding no race and no
 * barrier that some threads miss; the kernel must stage a whole 64 x 64
 * tile in shared memory, and the tile must carry the data: the grader
 * reads the compiled kernel, its shared-memory size (at least 16384
 * bytes) and its machine code, where every global store must store a
 * value loaded from shared memory (scripts/stores_from_shared.sh); then
 * timed at 8192 x 8192 against chapter 6's transpose_shared_tile in the
 * same run, target 0.6 times its bandwidth. On an H200 chapter 6's tile
 * is no faster than chapter 2's naive kernel (chapter 7 says why), so
 * speed cannot be what decides here. Measured by `make test` (`bash
 * scripts/grade.sh solution 6`), 2026-11-23: the solution runs at 0.77x
 * on an NVIDIA H100 80GB HBM3 and 0.79x on an NVIDIA H200.
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
 * top-left element is output (bx * TILE64, by * TILE64). blockDim is
 * THREADS_X x THREADS_Y = 32 x 16.
 * Hint: chapter 6's kernel takes a tile row in one pass of threadIdx.x.
 * With 32 threads across a 64-wide tile, which elements of a tile row
 * does thread (tx, ty) take, so that each load instruction of a warp still
 * reads 32 neighbours of one input row, and each store instruction writes
 * 32 neighbours of one output row? Guard every global access on the edge
 * tiles, and let every thread reach the barrier. */
__global__ void your_transpose_shared_tile64(const float *__restrict__ in,
                                             float *__restrict__ out, int rows, int cols)
{
    /* TODO: your code here */
}
/* ---- your code: to here -------------------------------------------------- */
