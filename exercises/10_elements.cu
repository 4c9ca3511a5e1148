/*
 * Exercise 10: 2-byte elements moved in pairs (chapter 10).
 *
 * fp16 and bf16 matrices are transposed far more often than float32 ones,
 * and chapter 10's transpose_u16_tile shows the trouble: one 2-byte
 * element per thread access is 64 bytes per warp instruction, half of
 * what a float warp moves, so it takes twice the instructions for the
 * same bytes. Your kernel moves 32-bit words instead: each word holds two
 * neighbours of a row, and two words from two neighbouring rows hold a
 * 2 x 2 block. Transposed in registers, the block is again two words, two
 * neighbours of two output rows. The harness compares raw bits, so your
 * kernel is right for half, bfloat16 or any 16 bits.
 *
 * A block of 32 x 8 threads moves one 64 x 64 tile of 2-byte elements (8
 * KB); the launch is given, and hands every matrix with an odd number of
 * rows or columns to chapter 10's transpose_u16_tile, so your kernel only
 * ever sees even sides (every word is whole and 4-byte aligned).
 *
 *   make exercise10 && ./exercise10     your kernel beside chapter 10's
 *   ./exercise10 --check --size 68x36   is it right? (any shape)
 *   make check EX=10                    grade it
 *
 * How it is graded: correct on every shape of `./exercise10 --list-shapes`
 * (68 x 36, 100 x 300, 1024 x 1024 reach your kernel, with partial tiles),
 * with compute-sanitizer's racecheck and synccheck clean; then timed at
 * 8192 x 8192 (134 MB in, 134 MB out) against chapter 10's
 * transpose_u16_tile in the same run, target 1.1 times its bandwidth.
 * Measured by `make test` (`bash scripts/grade.sh solution 10` and
 * `pasted 10`), 2026-11-23: the solution reaches 1.22x on an NVIDIA H100
 * 80GB HBM3 and 1.37x on an NVIDIA H200; a 64 x 64 tile of one 2-byte
 * element per access (tests/pasted/10_elements.cu) 0.64x and 0.57x.
 * Indices: ints are safe in your kernel: the given launch answers n/a
 * above 2^31 - 1 elements (chapter 10's own kernels compute offsets as
 * (size_t)row * cols + col and take any size; that is right here too).
 *
 * Yours is the code between the two "your code" lines below; put all you
 * write there, #include lines too. The build compiles only that part, on
 * its own after given/10_elements.h, and links it with given/10_elements.cu: the
 * launch, the table of kernels and main, which your code cannot change.
 */
#include "given/10_elements.h"

/* ---- your code: from here ------------------------------------------------ */
/* in is rows x cols, out is cols x rows: out(c, r) = in(r, c); rows and
 * cols are even. This block's tile starts at input row r0 = blockIdx.y *
 * 64 and column c0 = blockIdx.x * 64; parts of it may lie outside the
 * matrix (check every word).
 * Step 1: thread (tx, ty) reads, as uint32_t, word tx (elements c0 + 2tx
 *         and c0 + 2tx + 1) of input rows r0 + 2i and r0 + 2i + 1, for the
 *         row pairs i = ty, ty + 8, ty + 16, ty + 24. A warp reads 128
 *         contiguous bytes of a row per instruction.
 * Step 2: turn each pair of words into the two words of the transposed
 *         2 x 2 block with __byte_perm (chapter 10 explains its selector;
 *         a word holds its first element in its low 16 bits), and keep
 *         them in shared memory as 32-bit words.
 * Step 3: __syncthreads().
 * Step 4: write the tile's 64 output rows (input columns c0 .. c0 + 63) as
 *         32-bit words, a warp on 32 consecutive words of one output row.
 * Hint: which shared layout lets a warp store its words in step 2 and read
 * them in step 4 without bank conflicts? (Chapter 7, and chapter 10's
 * transpose_u16_vec16 for 16-byte accesses.) */
__global__ void your_transpose_u16_pairs(const uint16_t *__restrict__ in,
                                         uint16_t *__restrict__ out, int rows, int cols)
{
    /* TODO: your code here */
}
/* ---- your code: to here -------------------------------------------------- */
