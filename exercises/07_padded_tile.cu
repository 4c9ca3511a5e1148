/*
 * Exercise 7: a 64 x 64 tile without bank conflicts and without padding
 * (chapter 7).
 *
 * Exercise 6's 64 x 64 tile has the bank conflicts of chapter 6: with 64
 * floats per row, the 32 elements of a column that a warp reads all sit in
 * one bank. Chapter 7 removes them from the 32 x 32 tile in two ways.
 * Here only one of them fits: the tile must stay exactly 64 x 64 floats
 * (16384 bytes, no padding), so the layout itself has to spread each
 * column over the 32 banks. A block of 64 x 16 threads moves one tile (as
 * chapter 6's transpose_shared_dynamic does at 64 x 64); the launch is
 * given.
 *
 *   make exercise7 && ./exercise7     your kernel beside chapter 7's, timed
 *   ./exercise7 --check --size 17x83  is it right? (any shape)
 *   make check EX=7                   grade it
 *
 * How it is graded: correct on every shape of `./exercise7 --list-shapes`,
 * with compute-sanitizer's racecheck and synccheck clean; exactly 16384
 * bytes of shared memory (read from the compiled kernel); then timed at
 * 8192 x 8192 against chapter 6's transpose_shared_tile (the 32 x 32 tile
 * WITH its conflicts) in the same run, target 1.3 times its bandwidth: a
 * 64 x 64 tile that keeps its conflicts does not reach it. Measured by
 * `make test` (`bash scripts/grade.sh solution 7`), 2026-11-23: the
 * swizzled solution reaches 1.71x on an NVIDIA H100 80GB HBM3 and 2.12x on
 * an NVIDIA H200; the same 64 x 64 tile with its conflicts and 64 x 16
 * threads (the kernel of tests/shortcuts/07_launches_reference_thrice.cu)
 * 0.96x and 0.95x. Indices are ints: the
 * given launch answers n/a above 2^31 - 1 elements.
 *
 * Yours is the code between the two "your code" lines below; put all you
 * write there, #include lines too. The build compiles only that part, on
 * its own after given/07_padded_tile.h, and links it with given/07_padded_tile.cu: the
 * launch, the table of kernels and main, which your code cannot change.
 */
#include "given/07_padded_tile.h"

/* ---- your code: from here ------------------------------------------------ */
/* in is rows x cols, out is cols x rows: out(r, c) = in(c, r).
 * Blocks of TILE64 x ROWS64 = 64 x 16 threads, one 64 x 64 tile each: a
 * thread takes tile column threadIdx.x, rows threadIdx.y + 16 j.
 * Hint: word w of shared memory is in bank w % 32. Element (r, c) of a
 * 64-wide row-major tile is word 64r + c, in bank c % 32: a column (c
 * fixed) is all one bank. Chapter 7's XOR swizzle stores (r, c) at another
 * column of the same row so that a column lands in 32 banks while a row
 * still does; for a 64-wide tile, XOR with which bits of r keeps the
 * column inside 0..63 and spreads 32 consecutive rows over all 32 banks? */
__global__ void your_transpose_swizzled_tile64(const float *__restrict__ in,
                                               float *__restrict__ out, int rows, int cols)
{
    /* TODO: your code here */
}
/* ---- your code: to here -------------------------------------------------- */
