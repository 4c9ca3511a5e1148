/*
 * Exercise 12: one pass, straight into the owners' rows (chapter 12).
 *
 * Chapter 12's best row, peer_stores, transposes each GPU's slab of rows
 * in one kernel that stores every element straight into the output rows
 * of the GPU that owns them: no send buffer, no placement pass. On one
 * GPU that kernel is a transpose, and a slow one: the chapter's table
 * with --gpus 1 has it well behind chapter 9's transpose_any_shape, which
 * does the same bytes. Your kernel does what it does, as fast as chapter
 * 9 taught: the owners are a detail of where a row goes, not a reason to
 * go slower.
 *
 * Here one GPU plays three: the given half splits the R x C input by rows
 * into three slabs and the C x R output by rows into three parts, as
 * chapter 12 does (sides that 3 does not divide split unevenly, and a
 * part can be empty: 1 x 5), and launches your kernel once per slab.
 *
 *   make exercise12 && ./exercise12      yours beside chapter 12's kernel
 *   ./exercise12 --check --size 17x83    is it right? (any shape)
 *   make check EX=12                     grade it
 *
 * How it is graded: correct on every shape of `./exercise12 --list-shapes`,
 * with compute-sanitizer's memcheck, racecheck and synccheck clean on the
 * small ones; then timed at 12288 x 12288 (604 MB in, 604 MB out) against
 * chapter 12's dist_transpose_to_owners on the same slabs and parts, in
 * the same run, target 1.15 times its bandwidth. Measured by `make test`
 * and `bash scripts/grade.sh solution 12` (and `pasted 12`), 2026-11-24:
 * the solution reaches 1.33x on an NVIDIA H100 80GB HBM3 and 1.69x on an
 * NVIDIA H200; the chapter's kernel retyped under your name
 * (tests/pasted/12_distributed.cu) 0.77x and 0.80x. Indices: the slab is at most 65535 tiles of rows (the given half
 * cuts larger ones), so ints hold rows and columns; offsets are longs
 * (a part's (c - first[h]) * R passes 2^31).
 *
 * Yours is the code between the two "your code" lines below; put all you
 * write there, #include lines too. The build compiles only that part, on
 * its own after given/12_distributed.h, and links it with
 * given/12_distributed.cu: the launch, the table of kernels and main, which
 * your code cannot change.
 */
#include "given/12_distributed.h"

/* ---- your code: from here ------------------------------------------------ */
/* slab holds n rows of C floats: rows row0 .. row0 + n - 1 of the R x C
 * input. This block's tile: slab rows r0 = blockIdx.y * OWNER_TILE .. +63
 * and columns c0 = blockIdx.x * OWNER_TILE .. +63, parts of it outside
 * the slab (check both sides). Input element (r0 + i, c) goes to output
 * row c, column row0 + r0 + i, which lives in dst.out[h] for the owner h
 * of row c (given/12_distributed.h says where).
 * Step 1: read the tile, a warp on 64 (or 32) contiguous floats of one
 *         row, every one of a thread's loads issued before the first is
 *         put in shared memory (chapter 9, lever 1: 16 loads in flight
 *         for 64 x 64 floats and 256 threads).
 * Step 2: __syncthreads().
 * Step 3: write the tile's output rows c0 .. c0 + 63, a warp on
 *         contiguous floats of one output row, each row into its owner's
 *         part.
 * Hint: the owner changes at most a few times inside a tile, and usually
 * not at all: find it without a division per element (chapter 12's
 * kernel says what a division per element cost it). A kernel argument
 * indexed by a value the compiler cannot know (dst.out[h] with h from a
 * loop) is copied to local memory first: `nvcc -arch=sm_90 -Xptxas -v`
 * reports it as an 80-byte stack frame for the chapter's kernel retyped
 * with such an index (tests/pasted/12_distributed.cu). A loop over
 * MAX_OWNERS with a constant bound, choosing with comparisons, keeps every
 * index constant. Then count the banks of step 3 (chapter 7). */
__global__ void your_transpose_to_owners(const float *__restrict__ slab, int n, int C, long R,
                                         long row0, owner_rows dst)
{
    /* TODO: your code here */
}
/* ---- your code: to here -------------------------------------------------- */
