/*
 * Exercise 11: many tiny matrices, whole matrices per block (chapter 11).
 *
 * Many programs transpose thousands of tiny matrices at once: the heads
 * of an attention layer, the blocks of a block-sparse matrix. The input is
 * d0 matrices of d1 x d2 floats, one after the other (a d0 x d1 x d2
 * tensor); the output is d0 matrices of d2 x d1, in the same order:
 * out[b][c][r] = in[b][r][c], permutation (0, 2, 1).
 *
 * Chapter 11's transpose_batched_tile does the whole batch in one launch,
 * one block per 32 x 32 tile. For a 12 x 20 matrix that tile is 77% empty:
 * 256 threads move 240 floats, and the block is done (chapter 11, "Tile
 * waste", and its question 2). Do better by giving a block k WHOLE
 * matrices. The matrices of a batch lie one after another, so a chunk of
 * k consecutive matrices is one contiguous run of k * d1 * d2 floats in
 * the input, and its k transposed matrices are again one contiguous run
 * of the output: read the run coalesced into shared memory, wait, and
 * write the output run coalesced. That is chapter 9's lever 5 (skinny
 * matrices, and exercise 9) applied to a batch. The launch is given: k =
 * PIECE_FLOATS / (d1 * d2) matrices per block, about 16 KB, and every
 * batch of matrices larger than PIECE_FLOATS floats goes to chapter 11's
 * kernel instead of yours.
 *
 *   make exercise11 && ./exercise11 --size 200000x12x20   yours beside chapter 11's
 *   ./exercise11 --check --size 1000x17x5                 is it right? (any DxRxC)
 *   make check EX=11                                      grade it
 *
 * How it is graded: correct on every shape of `./exercise11 --list-shapes`
 * (those whose matrices hold at most 4096 floats reach your kernel:
 * 1 x 1 x 1, 3 x 17 x 83, 2 x 33 x 65, 7 x 1 x 5, 2 x 33 x 40, 3 x 20 x 20,
 * 64 x 4 x 4, 1000 x 17 x 5, 64 x 32 x 64 and 1 x 33 x 33, with last
 * chunks of fewer matrices), with compute-sanitizer's memcheck, racecheck
 * and synccheck clean on the small ones; then timed on 200000 x 12 x 20
 * (192 MB in, 192 MB out, several times the L2) against
 * transpose_batched_tile in the same run, target 1.5 times its bandwidth.
 * Chapter 11's kernel keeps 240 of every 1024 places of its tiles busy
 * at this shape, a chunk nearly all of its 4096. Measured by `make test`
 * (`bash scripts/grade.sh solution 11` and `pasted 11`), 2026-11-23: the
 * solution reaches 2.55x on an NVIDIA H100 80GB HBM3 and 3.22x on an
 * NVIDIA H200, the lesson's tile retyped under your name
 * (tests/pasted/11_batched.cu) 0.95x on both.
 * Indices: offsets into the batch in size_t (first * d1 * d2 may pass
 * 2^31); inside a chunk, ints (at most PIECE_FLOATS).
 *
 * Yours is the code between the two "your code" lines below; put all you
 * write there, #include lines too. The build compiles only that part, on
 * its own after given/11_batched.h, and links it with given/11_batched.cu: the
 * launch, the table of kernels and main, which your code cannot change.
 */
#include "given/11_batched.h"

/* ---- your code: from here ------------------------------------------------ */
/* in holds `batch` matrices of rows x cols, out `batch` matrices of
 * cols x rows: out[b][c][r] = in[b][r][c]. Here rows * cols <= PIECE_FLOATS
 * and k = PIECE_FLOATS / (rows * cols) >= 1. Block blockIdx.x takes
 * matrices first = blockIdx.x * k up to first + n - 1, n = min(k, batch -
 * first): the last block may get fewer. blockDim.x == CHUNK_THREADS.
 * Step 1: read the chunk's n * rows * cols floats, starting at
 *         in + first * rows * cols: consecutive threads on consecutive
 *         floats. Keep them in a __shared__ array of your own (at most
 *         PIECE_FLOATS floats, plus any padding you choose).
 * Step 2: __syncthreads().
 * Step 3: write the chunk's output, starting at out + first * rows * cols,
 *         again consecutive threads on consecutive floats.
 * Hint: the one thing to work out is which float of the chunk output float
 * j of step 3 is. Write j as a matrix number, a row of that output matrix
 * and a place in that row. Then count the banks: with rows = 32 (the shape
 * 64 x 32 x 64), are the 32 floats a warp reads in step 3 in 32 banks
 * (chapter 7)? A division per float is the simple way; chapter 9's walk
 * shows how to avoid it. Get it right first, then measure. */
__global__ void your_batched_transpose(const float *__restrict__ in, float *__restrict__ out,
                                       long batch, int rows, int cols, int k)
{
    /* TODO: your code here */
}
/* ---- your code: to here -------------------------------------------------- */
