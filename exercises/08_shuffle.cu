/*
 * Exercise 8: a register transpose of 16 x 16 tiles (chapter 8).
 *
 * Chapter 8's warp holds one 32 x 32 tile in registers, 32 values per
 * lane, and five shuffle stages transpose it. Here a warp holds two
 * 16 x 16 tiles, 16 values per lane, interleaved: the warp loads a strip
 * of 16 input rows by 32 columns (each load instruction one coalesced row
 * of 32 floats), the even lanes own the strip's even columns (tile 0) and
 * the odd lanes its odd columns (tile 1), and after the transpose each
 * lane stores one row of its tile. Write the transpose in registers, all
 * its shuffle stages; the kernel that loads, calls yours once and stores
 * is given.
 *
 *   make exercise8 && ./exercise8     your kernel beside chapter 8's, timed
 *   ./exercise8 --check --size 17x83  is it right? (any shape)
 *   make check EX=8                   grade it
 *
 * How it is graded: correct on every shape of `./exercise8 --list-shapes`,
 * with compute-sanitizer's synccheck and racecheck clean (every lane must
 * take part in every shuffle); no local memory and no shared memory (read
 * from the compiled kernel: the tile must stay in registers); then timed
 * at 8192 x 8192 against chapter 7's transpose_padded_tile in the same
 * run, target 0.8 times its bandwidth. Measured by `make test` (`bash
 * scripts/grade.sh solution 8`), 2026-11-23: the solution runs at 0.98x
 * on an NVIDIA H100 80GB HBM3 and 1.04x on an NVIDIA H200. Indices are
 * ints: the given launch answers n/a above 2^31 - 1 elements.
 *
 * Yours is the code between the two "your code" lines below; put all you
 * write there, #include lines too. The build compiles only that part, on
 * its own after given/08_shuffle.h, and links it with given/08_shuffle.cu: the
 * launch, the table of kernels and main, which your code cannot change.
 */
#include "given/08_shuffle.h"

/* ---- your code: from here ------------------------------------------------ */
/* Element (r, c) of tile h (r, c in 0..15; h = lane % 2) starts in lane
 * 2c + h, register v[r], and must end in lane 2r + h, register v[c]: the
 * given kernel loads it there, and stores it from there.
 * Hint: chapter 8 transposes its 32 x 32 tile in stages, each trading one
 * bit of the register number with one bit of the lane number. Write both
 * numbers of an element in binary, where it starts and where it must end:
 * which bits must trade places, how many stages is that, and which bit of
 * the lane must never change? Every lane runs every shuffle (choose with
 * ?:, never skip a shuffle with an if), and v is indexed only with
 * numbers known at compile time, or it moves to local memory. */
static __device__ __forceinline__ void your_transpose16(float v[HALF], int lane)
{
    /* TODO: your code here */
}
/* ---- your code: to here -------------------------------------------------- */
