/*
 * Exercise 11: a batch of tiny matrices in one launch (chapter 11).
 *
 * Many programs transpose thousands of small matrices at once: the heads
 * of an attention layer, the blocks of a block-sparse matrix. The input is
 * d0 matrices of d1 x d2 floats, one after the other (a d0 x d1 x d2
 * tensor); the output is d0 matrices of d2 x d1, in the same order:
 * out[b][c][r] = in[b][r][c], permutation (0, 2, 1).
 *
 * The table gives you the obvious way: chapter 7's padded-tile kernel
 * launched once per matrix (transpose_per_matrix). For 8192 matrices of
 * 32 x 64 that is 8192 launches, each moving 16 KB: the GPU waits for
 * launches far more than it moves bytes. Write the transpose of the whole
 * batch in ONE launch: the kernel and its launch function are yours.
 *
 *   make exercise11 && ./exercise11 --size 8192x32x64   yours beside the per-matrix loop
 *   ./exercise11 --check --size 3x17x83                 is it right? (any DxRxC)
 *   make check EX=11                                    grade it
 *
 * How it is graded: correct on every shape of `./exercise11 --list-shapes`
 * (single elements, rows and columns, primes, partial tiles, 1000 matrices
 * of 17 x 5), with compute-sanitizer clean on the small ones; then timed
 * on 8192 x 32 x 64 (67 MB in, 67 MB out) against transpose_per_matrix in
 * the same run, target 2 times its bandwidth. (The target is an estimate:
 * one launch per matrix should leave a one-launch kernel far ahead, so 2
 * is a low bar; it must still be confirmed on a GPU.)
 *
 * Yours is the code between the two "your code" lines below; put all you
 * write there, #include lines too. The build compiles only that part, on
 * its own after given/11_batched.h, and links it with given/11_batched.cu: the
 * launch, the table of kernels and main, which your code cannot change.
 */
#include "given/11_batched.h"

/* ---- your code: from here ------------------------------------------------ */
/* in holds `batch` matrices of rows x cols, out `batch` matrices of
 * cols x rows: out[b][c][r] = in[b][r][c]. Blocks are TILE x BLOCK_ROWS
 * (32 x 8) threads.
 * Step 1: number the tiles of the whole batch along one grid axis: tile t
 *         is tile t % tiles_per_matrix of matrix t / tiles_per_matrix.
 *         (gridDim.y and gridDim.z stop at 65535: 100000 tiny matrices
 *         would not fit there.)
 * Step 2: inside one matrix, do what chapter 7's padded tile does: read
 *         32 x 32 elements along rows into a padded shared tile, wait,
 *         write them out along the output's rows. Check every element
 *         against rows and cols: a 17 x 5 matrix is one partial tile.
 * Step 3: offsets into the batch are b * rows * cols: compute them in
 *         size_t, a batch may hold more than 2^31 elements.
 * Step 4: the launch below: one grid for the whole batch.
 * Hint: chapter 11's transpose_batched_tile, and chapter 9 for 1-D tile
 * numbering. */
__global__ void your_batched_transpose(const float *__restrict__ in, float *__restrict__ out,
                                       int rows, int cols, unsigned tiles_x,
                                       unsigned tiles_per_matrix)
{
    /* TODO: your code here */
}

const char *launch_yours(const float *in, float *out, long batch, long rows, long cols,
                         const int perm[3], dim3 block)
{
    unsigned long long tiles_x = (cols + TILE - 1) / TILE, tiles_y = (rows + TILE - 1) / TILE;
    dim3 grid(1, 1, 1);   /* TODO: your code here: one block per tile of the whole batch */

    (void)perm;   /* the table row says (0, 2, 1) */
    (void)batch;
    your_batched_transpose<<<grid, block>>>(in, out, (int)rows, (int)cols, (unsigned)tiles_x,
                                            (unsigned)(tiles_x * tiles_y));
    CHECK_LAUNCH();
    return NULL;
}
/* ---- your code: to here -------------------------------------------------- */
