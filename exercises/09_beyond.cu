/*
 * Exercise 9: coordinates to points, a k x N transpose with k <= 32
 * (chapter 9, lever 5).
 *
 * Three rows of N floats (all x, all y, all z) turned into N rows of three
 * (x y z, x y z, ...) is a transpose of a 3 x N matrix, and a tile is the
 * wrong tool for it: a 32 x 32 tile of a 3-row matrix is 90% padding, and
 * its warps write 3 floats per output row. Chapter 9's lesson explains
 * what to do instead (lever 5, "skinny matrices"): give each block ALL k
 * rows of a chunk of w columns, read them as k coalesced row segments, and
 * write the chunk's w output rows of k floats, which lie one after another
 * in memory: one contiguous run of w * k floats, as in a copy.
 *
 * Your kernel gets the matrices with at most FEW_ROWS rows; the launch
 * (given) hands every other shape to chapter 7's padded tile. Block b
 * takes columns b * w ... b * w + w - 1 (fewer in the last block), with
 * TILE_THREADS threads and a dynamic shared array of rows * pitch floats
 * for the k x w piece, if you want one. The launch chooses the pitch, at
 * least w + 1 (the hint below says why not simply w + 1).
 *
 *   make exercise9 && ./exercise9 --size 3x16777216   your kernel beside the others
 *   ./exercise9 --check --size 3x1000                 is it right? (any shape)
 *   make check EX=9                                   grade it
 *
 * How it is graded: correct on every shape of `./exercise9 --list-shapes`
 * (1 x 1, 1 x 4097, 17 x 83 and 17 x 84 reach your kernel), with
 * compute-sanitizer's racecheck and synccheck clean; then timed at
 * 3 x 16777216 (201 MB in, 201 MB out) against chapter 2's
 * transpose_naive_row on the same shape in the same run: target 1.5 times
 * its bandwidth. The naive transpose written inside this launch (threads
 * walk the chunk row by row and store each float at its transposed place)
 * does not reach it; the interleave does. Measured by `make test` (`bash
 * scripts/grade.sh solution 9` and `pasted 9`), 2026-11-23: the solution
 * runs at 2.19x on an NVIDIA H100 80GB HBM3 and 2.67x on an NVIDIA H200,
 * the naive walk (tests/pasted/09_beyond.cu) at 0.95x and 1.24x.
 * Indices: a side fits an int, but rows * cols may not; use
 * (size_t)row * cols + col for offsets into the matrices.
 *
 * Yours is the code between the two "your code" lines below; put all you
 * write there, #include lines too. The build compiles only that part, on
 * its own after given/09_beyond.h, and links it with given/09_beyond.cu: the
 * launch, the table of kernels and main, which your code cannot change.
 */
#include "given/09_beyond.h"

/* ---- your code: from here ------------------------------------------------ */
/* in is rows x cols (rows <= FEW_ROWS), out is cols x rows:
 * out(c, r) = in(r, c). This block's chunk: columns c0 = blockIdx.x * w
 * up to c0 + len - 1, len = min(w, cols - c0). blockDim.x == TILE_THREADS.
 * piece[] holds rows * pitch floats: use piece[r * pitch + p] for
 * element (r, c0 + p).
 * Step 1: read the chunk, consecutive threads on consecutive columns of
 *         one row (coalesced), into piece.
 * Step 2: __syncthreads().
 * Step 3: write out[c0 * rows ... (c0 + len) * rows - 1], one contiguous
 *         run, consecutive threads on consecutive addresses: output float
 *         number i of the run is element (i % rows, c0 + i / rows).
 * Hint: i / rows and i % rows for every float is the simple way; chapter
 * 9's walk avoids the division. Get it right first, then measure whether
 * the division matters here. Chapter 7's odd pitch spreads a column of a
 * tile over the banks; step 3 reads no column: at rows = 3, a warp reads
 * about 11 words from each of 3 rows. With pitch w + 1 (w a multiple of
 * 32), in which banks do they fall? given/09_beyond.h shows the pitch the
 * launch picks instead, and why it puts them in 32 banks. */
__global__ void your_transpose_few_rows(const float *__restrict__ in, float *__restrict__ out,
                                        int rows, int cols, int w, int pitch)
{
    extern __shared__ float piece[];
    /* TODO: your code here */
}
/* ---- your code: to here -------------------------------------------------- */
