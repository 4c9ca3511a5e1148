/*
 * chapters/10_elements/kernels.cu - the kernels of chapter 10 and their
 * launch functions: the same transpose for 8-byte, 2-byte and 1-byte
 * elements. The harness moves and compares raw bits, so a 2-byte kernel
 * serves half and bfloat16 alike: it never looks at the values.
 *
 *   transpose_f64_shared_tile  chapter 6's tile[32][32], of doubles
 *   transpose_f64_padded_tile  chapter 7's tile[32][33], of doubles
 *   transpose_f64_sector_aligned  the padded tile with chapter 9's lever 4:
 *                              output segments shifted to whole sectors
 *   transpose_f64_pairs        2 x 2 blocks of doubles moved as 16-byte
 *                              double2 accesses (even rows and cols)
 *   transpose_u16_tile         chapter 7's padded tile, one 2-byte
 *                              element per thread access
 *   transpose_u16_tile64       the same, 64 x 64 with 16 loads in flight
 *                              a thread (chapter 9's lever 1), any shape
 *   transpose_u16_vec16        2 x 2 blocks of 2-byte elements packed in
 *                              32-bit words with __byte_perm, moved as
 *                              16-byte accesses (rows, cols multiples of 8)
 *   transpose_u16_any          any shape in 32-bit words: rows that start
 *                              mid-word are shifted into place with warp
 *                              shuffles and funnel shifts
 *   transpose_u16_tile64w,     the 64 x 64 tiles with 32-bit loads
 *   transpose_u8_tile64w
 *   transpose_u16_funnel,      32-bit words in and out on any shape, output
 *   transpose_u8_funnel        windows on whole sectors (funnel_tile.cuh)
 *   transpose_u8_tile          chapter 7's padded tile, one byte per access
 *   transpose_u8_tile64        the same, 64 x 64, 16 loads in flight a thread
 *   transpose_u8_quads         4 x 4 blocks of bytes transposed in four
 *                              32-bit words with __byte_perm (rows, cols
 *                              multiples of 4)
 *   transpose_u8_any           any shape in 32-bit words: rows that start
 *                              mid-word are shifted into place
 *   transpose_u16_staged       any shape: aligned 16-byte loads shifted
 *   transpose_u8_staged        into place in registers, whole 32-bit words
 *                              through shared memory and out, single
 *                              elements only at the ragged ends
 *                              (staged_index.h)
 *
 * The tiles are numbered along a 2D grid (at most 65535 tile rows, the
 * launch says n/a beyond), and every offset into a matrix is computed in
 * 64 bits, (size_t)row * cols + col, as in chapter 9. NOTES.md works out
 * the bank arithmetic of each shared layout.
 */
#include <stdint.h>

#include "kernels.h"
#include "staged_index.h"
#include "funnel_tile.cuh"
#include "skinny_words.h"   /* after funnel_tile.cuh: SK_STG_PART is its funnel_store */
#include "../tile.h"
#include "block_order.h"   /* tiles_down, TILE_BAND_BYTES */

#define F64_TILE 32    /* transpose_f64_pairs: 32 x 32 doubles, 8 KB      */
#define U16_TILE 64    /* transpose_u16_vec16: 64 x 64 2-byte elements, 8 KB */
#define U8_TILE 128    /* transpose_u8_quads: 128 x 128 bytes, 16 KB      */

static int aligned16(const void *p)
{
    return ((uintptr_t)p & 15) == 0;
}

/* The 2D grid of tile x tile tiles over the matrix (x along the columns).
 * tp_grid gets the tile counts, so only gridDim.y's 65535 limits it. */
static const char *tile_grid(dim3 *grid, int rows, int cols, int tile)
{
    return tp_grid(grid, (cols + (long)tile - 1) / tile, (rows + (long)tile - 1) / tile, 1, 1);
}

/* ---- Block order on a short side -----------------------------------------

 * The tiles of one column of tiles (the same columns, every row tile)
 * write the same output rows. The GPU starts a tiles_c x tiles_r grid
 * x fastest, along rows, so those tiles start tiles_c
 * blocks apart. Where a band of row tiles (one tile's rows, the whole
 * width of the matrix) is large, the hypothesis goes, the L2 has let go
 * of the first tile's partly written output sectors before the next one
 * fills them in, and DRAM merges them (reads them back) and takes them
 * twice. The counters fit it, measured on 1-byte
 * 156 x 1564250 (3 row tiles of 64, 24442 column tiles) by
 * transpose_u8_tile64w on an H200: 506 MB read and 373 MB written for a
 * 244 MB matrix along rows, 244 and 228 MB down columns
 * (NOTES.md, "Block order on a short side"). This is chapter 9's lever
 * 6 (chapters/09_beyond/dispatch.h), which also keeps a kernel per
 * order.
 *
 * So each tile kernel a dispatcher uses comes twice: as it was (TILE_GRID:
 * block (x, y) moves tile (y, x)), and walking down a column of tiles
 * first (TILE_DOWN, the kernel's name ending in _down). The launch
 * functions take the second where tiles_down (block_order.h) says so:
 * fewer row tiles than column tiles, more than one row of them, and a
 * band of TILE_BAND_BYTES or more. The 16 MB is a choice, not a derivation:
 * every band of 16 MB or more that was measured (16 to 400 MB) ran 1 to
 * 40 points faster down columns on both GPUs (NOTES.md); smaller bands
 * were tried only in a first version, which decided in the kernel, from
 * its grid, and ran some shapes 8 to 15 points slower, among them shapes
 * whose order it left as it was (doubles at 8191 x 5003: 77.8 against
 * 87.5% on an H200), for reasons not looked into.
 * Here a kernel in the grid's order is the code it was before (the same
 * PTX), and the choice is made on the host. BAND=n (Makefile)
 * sets it for a build; the suite builds BAND=0, so that its small shapes
 * walk down columns too. tp_grid keeps tiles_c x tiles_r below 2^31, so
 * a block's number fits 32 bits. */
#define TILE_GRID(tr, tc) ((tr) = blockIdx.y, (tc) = blockIdx.x)
#define TILE_DOWN(tr, tc) tile_down_columns(&(tr), &(tc))

static __device__ __forceinline__ void tile_down_columns(unsigned *tile_r, unsigned *tile_c)
{
    unsigned tr = gridDim.y, b = blockIdx.x + gridDim.x * blockIdx.y;
    *tile_c = b / tr;
    *tile_r = b - *tile_c * tr;
}

/* A kernel of THREADS threads that moves tile (tr, tc), taken in ORDER,
 * with TILE_FN(in, out, rows, cols, tr, tc). */
#define TILE_KERNEL(NAME, T, THREADS, TILE_FN, ORDER)                                    \
    __global__ void __launch_bounds__(THREADS)                                           \
        NAME(const T *__restrict__ in, T *__restrict__ out, int rows, int cols)          \
    {                                                                                    \
        unsigned tr, tc;                                                                 \
        ORDER(tr, tc);                                                                   \
        TILE_FN(in, out, rows, cols, tr, tc);                                            \
    }

/* ---- 8-byte elements ---------------------------------------------------- */

/* Chapter 6's tile with doubles. A warp's 8-byte shared access is 256
 * bytes, served as two half-warps of 128 bytes. Element (r, c) is double
 * 32r + c, words 64r + 2c and 64r + 2c + 1, banks 2c and 2c + 1: a column
 * is one pair of banks, so each half-warp reading a column takes 16
 * passes instead of 1. */
__global__ void transpose_f64_shared_tile(const double *__restrict__ in,
                                          double *__restrict__ out, int rows, int cols)
{
    __shared__ double tile[TILE][TILE];   /* 32 * 32 * 8 = 8192 bytes */

    int in_col = blockIdx.x * TILE + threadIdx.x;
    int in_row = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += BLOCK_ROWS)
        if (in_row + j < rows && in_col < cols)
            tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(in_row + j) * cols + in_col];

    __syncthreads();

    int out_col = blockIdx.y * TILE + threadIdx.x;
    int out_row = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += BLOCK_ROWS)
        if (out_row + j < cols && out_col < rows)
            out[(size_t)(out_row + j) * rows + out_col] = tile[threadIdx.x][threadIdx.y + j];
}

/* Chapter 7's padding, one double per row: element (r, c) is in banks
 * (2r + 2c) % 32 and the next. Down a column the 16 threads of a half-warp
 * (r = 0..15) hit 16 different bank pairs, all 32 banks: one pass per
 * half-warp, the least a 256-byte access can take. */
__global__ void transpose_f64_padded_tile(const double *__restrict__ in,
                                          double *__restrict__ out, int rows, int cols)
{
    __shared__ double tile[TILE][TILE + 1];   /* 32 * 33 * 8 = 8448 bytes */

    int in_col = blockIdx.x * TILE + threadIdx.x;
    int in_row = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += BLOCK_ROWS)
        if (in_row + j < rows && in_col < cols)
            tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(in_row + j) * cols + in_col];

    __syncthreads();

    int out_col = blockIdx.y * TILE + threadIdx.x;
    int out_row = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += BLOCK_ROWS)
        if (out_row + j < cols && out_col < rows)
            out[(size_t)(out_row + j) * rows + out_col] = tile[threadIdx.x][threadIdx.y + j];
}

/* Chapter 9's lever 4 for doubles: when rows % 4 != 0, output rows start
 * inside a 32-byte sector (4 doubles), and each 32-double segment a tile
 * writes covers a partial sector at each end, which a neighbouring tile
 * completes at another time. Here the segment of output row c is shifted
 * left by s = (c * rows) mod 4 doubles to start on a sector boundary; the
 * block loads 36 input rows (r0 - 4 .. r0 + 31) so that every shifted
 * window is in shared memory, and the grid has (rows + 3) / 32 tile rows,
 * rounded up. Element (r, c) belongs to the tile whose window
 * [r0 - s, r0 - s + 32) holds r: each is written once. Padded as
 * transpose_f64_padded_tile, for the same banks. */
#define F64_SECTOR 4                               /* doubles per 32-byte sector */
#define F64_ALIGNED_ROWS (TILE + F64_SECTOR)       /* 36 rows loaded             */
#define F64_SECTOR_ALIGNED(NAME, ORDER)                                                  \
    __global__ void NAME(const double *__restrict__ in, double *__restrict__ out, int rows, \
                         int cols)                                                       \
    {                                                                                    \
        __shared__ double tile[F64_ALIGNED_ROWS][TILE + 1]; /* 36 * 33 * 8 = 9504 bytes */ \
        unsigned tr, tc;                                                                 \
        ORDER(tr, tc);                                                                   \
        int r0 = tr * TILE, c0 = tc * TILE;                                              \
        int x = threadIdx.x, col = c0 + x;                                               \
                                                                                         \
        for (int j = threadIdx.y; j < F64_ALIGNED_ROWS; j += BLOCK_ROWS) {               \
            int row = r0 - F64_SECTOR + j;                                               \
            if (row >= 0 && row < rows && col < cols)                                    \
                tile[j][x] = in[(size_t)row * cols + col];                               \
        }                                                                                \
                                                                                         \
        __syncthreads();                                                                 \
                                                                                         \
        for (int j = threadIdx.y; j < TILE; j += BLOCK_ROWS) {                           \
            int out_row = c0 + j;                                                        \
            /* (out_row * rows) mod 4, without forming the product */                    \
            int s = ((out_row % F64_SECTOR) * (rows % F64_SECTOR)) % F64_SECTOR;         \
            int out_col = r0 - s + x;                                                    \
            if (out_row < cols && out_col >= 0 && out_col < rows)                        \
                out[(size_t)out_row * rows + out_col] = tile[F64_SECTOR - s + x][j];     \
        }                                                                                \
    }

F64_SECTOR_ALIGNED(transpose_f64_sector_aligned, TILE_GRID)
F64_SECTOR_ALIGNED(transpose_f64_sector_aligned_down, TILE_DOWN)

/* 2 x 2 blocks as 16-byte accesses (needs even rows and cols, so every
 * double2 is all in or all out of the matrix and 16-byte aligned). A
 * thread reads a double2 from rows 2i and 2i + 1 of the tile, at columns
 * 2v and 2v + 1; transposed, the block is two double2s of output rows 2v
 * and 2v + 1, each holding input rows 2i, 2i + 1: no shuffling at all,
 * only a different pairing of the four doubles. pair[p][v][i] holds the
 * double2 i of output row 2v + p; the pitch of 17 double2s puts the 8
 * threads of a quarter-warp (16-byte accesses are served 8 threads, 128
 * bytes, at a time) on 8 different 16-byte bank groups, in both phases. */
__global__ void __launch_bounds__(PAIR_THREADS)
transpose_f64_pairs(const double *__restrict__ in, double *__restrict__ out, int rows, int cols)
{
    __shared__ double2 pair[2][F64_TILE / 2][F64_TILE / 2 + 1];   /* 8704 bytes */
    int r0 = blockIdx.y * F64_TILE, c0 = blockIdx.x * F64_TILE;
    int x = threadIdx.x % 16, y = threadIdx.x / 16;   /* 16 double2s per row, 8 groups */
    double2 a[2], b[2];

#pragma unroll
    for (int q = 0; q < 2; q++) {                     /* row pairs i = y and y + 8 */
        int r = r0 + 2 * (y + 8 * q), c = c0 + 2 * x;
        a[q] = b[q] = make_double2(0.0, 0.0);
        if (r < rows && c < cols) {
            a[q] = *(const double2 *)&in[(size_t)r * cols + c];
            b[q] = *(const double2 *)&in[(size_t)(r + 1) * cols + c];
        }
    }
#pragma unroll
    for (int q = 0; q < 2; q++) {
        pair[0][x][y + 8 * q] = make_double2(a[q].x, b[q].x);   /* output row 2x     */
        pair[1][x][y + 8 * q] = make_double2(a[q].y, b[q].y);   /* output row 2x + 1 */
    }

    __syncthreads();

    /* Output row R = c0 + 2J + p of the tile, double2 number x of it. */
#pragma unroll
    for (int m = 0; m < 4; m++) {
        int R = y + 8 * m, out_row = c0 + R, out_col = r0 + 2 * x;
        if (out_row < cols && out_col < rows)
            *(double2 *)&out[(size_t)out_row * rows + out_col] = pair[R & 1][R >> 1][x];
    }
}

/* ---- 2-byte elements ---------------------------------------------------- */

/* Chapter 7's padded tile, 2-byte elements: a warp's load or store is 32 x
 * 2 = 64 bytes, two sectors, half of what a float warp moves per
 * instruction. Element (r, c) is halfword 33r + c, in 32-bit word
 * (33r + c) / 2: down an even column the 32 words fall in 32 different
 * banks; down an odd column rows 0 and 31 share one (a 2-way conflict,
 * NOTES.md works it out and shows the profile). */
__global__ void transpose_u16_tile(const uint16_t *__restrict__ in, uint16_t *__restrict__ out,
                                   int rows, int cols)
{
    __shared__ uint16_t tile[TILE][TILE + 1];   /* 32 * 33 * 2 = 2112 bytes */

    int in_col = blockIdx.x * TILE + threadIdx.x;
    int in_row = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += BLOCK_ROWS)
        if (in_row + j < rows && in_col < cols)
            tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(in_row + j) * cols + in_col];

    __syncthreads();

    int out_col = blockIdx.y * TILE + threadIdx.x;
    int out_row = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += BLOCK_ROWS)
        if (out_row + j < cols && out_col < rows)
            out[(size_t)(out_row + j) * rows + out_col] = tile[threadIdx.x][threadIdx.y + j];
}

/* Two 32-bit words x (row 2i: elements e0 | e1 << 16) and y (row 2i + 1:
 * f0 | f1 << 16) hold a 2 x 2 block. Its transpose is (e0, f0), the low
 * halves, and (e1, f1), the high halves: __byte_perm(x, y, s) builds a
 * word from bytes 0-3 of x and 4-7 of y, nibble n of s picking byte n. */
static __device__ __forceinline__ void stash_pair(uint32_t word[2][U16_TILE / 2][U16_TILE / 2 + 1],
                                                  int J, int i, uint32_t x, uint32_t y)
{
    word[0][J][i] = __byte_perm(x, y, 0x5410);   /* e0 f0: output row 2J     */
    word[1][J][i] = __byte_perm(x, y, 0x7632);   /* e1 f1: output row 2J + 1 */
}

/* Pairs of rows packed in 32-bit words, moved as 16-byte accesses (needs
 * rows and cols multiples of 8: every uint4 of 8 elements is all in or all
 * out, and 16-byte aligned). A thread reads a uint4 from rows 2i and
 * 2i + 1 (elements 8v..8v + 7), turns the four 2 x 2 blocks into eight
 * words with stash_pair, and word[p][J][i] is word i of output row 2J + p.
 * The pitch of 33 words puts a warp's stash (J = 4v + k, i = 4 values) and
 * its reads (J = 4 values, words 4u + e) on 32 different banks. */
static __device__ __forceinline__ void u16_vec16_tile(const uint16_t *__restrict__ in,
                                                      uint16_t *__restrict__ out, int rows,
                                                      int cols, unsigned tr, unsigned tc)
{
    __shared__ uint32_t word[2][U16_TILE / 2][U16_TILE / 2 + 1];   /* 8448 bytes */
    int r0 = tr * U16_TILE, c0 = tc * U16_TILE;
    int x = threadIdx.x % 8, y = threadIdx.x / 8;   /* 8 uint4s per row, 16 groups */
    uint4 a[2], b[2];

#pragma unroll
    for (int q = 0; q < 2; q++) {                   /* row pairs i = y and y + 16 */
        int r = r0 + 2 * (y + 16 * q), c = c0 + 8 * x;
        a[q] = b[q] = make_uint4(0, 0, 0, 0);
        if (r < rows && c < cols) {
            a[q] = *(const uint4 *)&in[(size_t)r * cols + c];
            b[q] = *(const uint4 *)&in[(size_t)(r + 1) * cols + c];
        }
    }
#pragma unroll
    for (int q = 0; q < 2; q++) {
        int i = y + 16 * q;
        stash_pair(word, 4 * x + 0, i, a[q].x, b[q].x);
        stash_pair(word, 4 * x + 1, i, a[q].y, b[q].y);
        stash_pair(word, 4 * x + 2, i, a[q].z, b[q].z);
        stash_pair(word, 4 * x + 3, i, a[q].w, b[q].w);
    }

    __syncthreads();

    /* Output row R = 2J + p, uint4 number x: words 4x..4x + 3, which hold
     * input rows r0 + 8x .. r0 + 8x + 7. */
#pragma unroll
    for (int m = 0; m < 2; m++)
#pragma unroll
        for (int p = 0; p < 2; p++) {
            int J = y + 16 * m, out_row = c0 + 2 * J + p, out_col = r0 + 8 * x;
            if (out_row < cols && out_col < rows)
                *(uint4 *)&out[(size_t)out_row * rows + out_col] =
                    make_uint4(word[p][J][4 * x], word[p][J][4 * x + 1], word[p][J][4 * x + 2],
                               word[p][J][4 * x + 3]);
        }
}

/* Any shape, 2-byte elements in 32-bit words (a first step towards fast
 * kernels for every shape and element size). A row
 * of an odd-width matrix starts in the middle of a word every other row,
 * so a kernel that wants whole words cannot simply read word k of a row.
 * Here lane k of a warp reads the aligned word that holds the row's
 * element 2k, and when the row starts mid-word, takes the next word from
 * lane k + 1 (__shfl_down_sync) and shifts the two halves into place:
 * elements 2k and 2k + 1 of the row, whole words in
 * shared memory whatever the alignment. The store side does the same in
 * reverse (__shfl_up_sync): aligned words, with a single 2-byte store
 * only at the ends of a row segment. A warp moves 128 bytes per load or
 * store instruction, twice transpose_u16_tile's 64. Tile: 64 x 64
 * elements, 8 warps, each 8 rows of the tile on each side. */
#define ANY16_TILE 64
#define ANY16_WARPS (ANY16_THREADS / 32)

/* Loading is split in two, so that a thread issues the loads of all its
 * rows before it waits for any of them (chapter 3's bytes in flight): a
 * shuffle uses the loaded value, and one between two rows' loads would
 * hold the second load back until the first returned.
 *
 * Phase 1, what lane k loads of a row segment of n elements (n <= 64)
 * that starts at element e0 of the matrix: `word`, the aligned word that
 * holds element 2k (e0 even: elements 2k and 2k + 1; e0 odd: 2k - 1 and
 * 2k), and `single`, element 2k + 1 alone where no neighbour's word holds
 * it (lane 31 of a mid-word row, or the last element of a short
 * segment). Zeros past n. */
static __device__ __forceinline__ void load_pair_words(const uint16_t *__restrict__ in,
                                                       size_t e0, int n, int k, uint32_t *word,
                                                       uint32_t *single)
{
    const uint32_t *in32 = (const uint32_t *)in;   /* cudaMalloc: 4-byte aligned */
    *word = 0;
    *single = 0;
    if ((e0 & 1) == 0) {
        if (2 * k + 1 < n)
            *word = in32[e0 / 2 + k];
        else if (2 * k < n)
            *single = in[e0 + 2 * k];   /* here: element 2k, the segment's last */
        return;
    }
    if (2 * k < n)
        *word = in32[(e0 - 1) / 2 + k];
    if (2 * k + 1 < n && !(k < 31 && 2 * k + 2 < n))
        *single = in[e0 + 2 * k + 1];
}

/* Phase 2: elements 2k and 2k + 1 as e | f << 16, zeros past n. Every lane
 * of the warp must call it (it shuffles). */
static __device__ __forceinline__ uint32_t pair_from_words(size_t e0, int n, int k,
                                                           uint32_t word, uint32_t single)
{
    uint32_t next = __shfl_down_sync(0xffffffffu, word, 1);
    if ((e0 & 1) == 0)
        return (2 * k + 1 < n) ? word : single;
    /* Mid-word: the high half of this word is element 2k, the low half of
     * lane k + 1's word element 2k + 1. */
    uint32_t e = (2 * k < n) ? word >> 16 : 0u, f = 0;
    if (2 * k + 1 < n)
        f = (k < 31 && 2 * k + 2 < n) ? (next & 0xffffu) : single;
    return e | f << 16;
}

/* Stores elements 2k and 2k + 1 (pair p = e | f << 16) of an output row
 * segment of n elements starting at element f0, as whole aligned words
 * where they fall, and single elements at the segment's ends. Every lane
 * of the warp must call it (it shuffles). */
static __device__ __forceinline__ void store_pair_any(uint16_t *__restrict__ out, size_t f0,
                                                      int n, int k, uint32_t p)
{
    uint32_t *out32 = (uint32_t *)out;
    uint32_t prev = __shfl_up_sync(0xffffffffu, p, 1);
    if ((f0 & 1) == 0) {
        if (2 * k + 1 < n)
            out32[f0 / 2 + k] = p;
        else if (2 * k < n)
            out[f0 + 2 * k] = (uint16_t)p;
        return;
    }
    /* The segment starts mid-word: aligned word (f0 + 1) / 2 + k - 1 holds
     * elements 2k - 1 (the high half of lane k - 1's pair) and 2k. */
    if (k == 0) {
        if (n > 0)
            out[f0] = (uint16_t)p;
    } else if (2 * k < n) {
        out32[(f0 + 1) / 2 + k - 1] = (prev >> 16) | (p << 16);
    } else if (2 * k - 1 < n) {
        out[f0 + 2 * k - 1] = (uint16_t)(prev >> 16);
    }
    if (k == 31 && 63 < n)
        out[f0 + 63] = (uint16_t)(p >> 16);   /* its word's other half is the next segment's */
}

__global__ void __launch_bounds__(ANY16_THREADS)
transpose_u16_any(const uint16_t *__restrict__ in, uint16_t *__restrict__ out, int rows, int cols)
{
    __shared__ uint32_t word[ANY16_TILE][ANY16_TILE / 2 + 1];   /* row i: 32 words, 8448 bytes */
    int r0 = blockIdx.y * ANY16_TILE, c0 = blockIdx.x * ANY16_TILE;
    int k = threadIdx.x % 32, w = threadIdx.x / 32;
    int n_cols = min(ANY16_TILE, cols - c0), n_rows = min(ANY16_TILE, rows - r0);
    uint32_t v[ANY16_TILE / ANY16_WARPS];

    uint32_t single[ANY16_TILE / ANY16_WARPS];

    /* Tile row i = w + 8j is input row r0 + i, elements c0 .. c0 + 63:
     * every row's loads first, then the shuffles. */
#pragma unroll
    for (int j = 0; j < ANY16_TILE / ANY16_WARPS; j++) {
        int i = w + ANY16_WARPS * j;
        load_pair_words(in, (size_t)(r0 + i) * cols + c0, i < n_rows ? n_cols : 0, k, &v[j],
                        &single[j]);
    }
#pragma unroll
    for (int j = 0; j < ANY16_TILE / ANY16_WARPS; j++) {
        int i = w + ANY16_WARPS * j;
        word[i][k] = pair_from_words((size_t)(r0 + i) * cols + c0, i < n_rows ? n_cols : 0, k,
                                     v[j], single[j]);
    }

    __syncthreads();

    /* Output row c0 + c (input column c0 + c), elements r0 .. r0 + 63:
     * lane k packs tile rows 2k and 2k + 1 of column c. */
#pragma unroll
    for (int j = 0; j < ANY16_TILE / ANY16_WARPS; j++) {
        int c = w + ANY16_WARPS * j;
        uint32_t a = word[2 * k][c / 2], b = word[2 * k + 1][c / 2];
        uint32_t p = (c & 1) ? __byte_perm(a, b, 0x7632) : __byte_perm(a, b, 0x5410);
        store_pair_any(out, (size_t)(c0 + c) * rows + r0, c < n_cols ? n_rows : 0, k, p);
    }
}

TILE_KERNEL(transpose_u16_vec16, uint16_t, PAIR_THREADS, u16_vec16_tile, TILE_GRID)
TILE_KERNEL(transpose_u16_vec16_down, uint16_t, PAIR_THREADS, u16_vec16_tile, TILE_DOWN)

/* ---- 1-byte elements ---------------------------------------------------- */

/* Chapter 7's padded tile, 1-byte elements: a warp moves 32 bytes per
 * load or store instruction, one sector, a quarter of a float warp. Byte
 * (r, c) is in word (33r + c) / 4. Down column 0, 4, 8, ... the 32 words
 * land in 32 different banks; down every other column two of them share a
 * bank (2-way conflicts: bank arithmetic, not profiled). */
__global__ void transpose_u8_tile(const uint8_t *__restrict__ in, uint8_t *__restrict__ out,
                                  int rows, int cols)
{
    __shared__ uint8_t tile[TILE][TILE + 1];   /* 32 * 33 = 1056 bytes */

    int in_col = blockIdx.x * TILE + threadIdx.x;
    int in_row = blockIdx.y * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += BLOCK_ROWS)
        if (in_row + j < rows && in_col < cols)
            tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(in_row + j) * cols + in_col];

    __syncthreads();

    int out_col = blockIdx.y * TILE + threadIdx.x;
    int out_row = blockIdx.x * TILE + threadIdx.y;
    for (int j = 0; j < TILE; j += BLOCK_ROWS)
        if (out_row + j < cols && out_col < rows)
            out[(size_t)(out_row + j) * rows + out_col] = tile[threadIdx.x][threadIdx.y + j];
}

/* transpose_4x4_bytes(x), the 4 x 4 block of bytes transposed in four
 * words: in funnel_tile.cuh, which the funnel tiles and chapter 11 share. */

/* 4 x 4 blocks of bytes in 32-bit words (needs rows and cols multiples of
 * 4: every word is all in or all out, and 4-byte aligned). Lane l of warp
 * w reads word l (bytes 4l..4l + 3) of rows 4i..4i + 3 for the quads
 * i = w, w + 8, w + 16, w + 24: 16 loads in flight, each warp load 128
 * bytes of one row. word[k][J][i] is word i of output row 4J + k; the
 * pitch of 33 words keeps both phases on 32 different banks. */
static __device__ __forceinline__ void u8_quads_tile(const uint8_t *__restrict__ in,
                                                     uint8_t *__restrict__ out, int rows, int cols,
                                                     unsigned tr, unsigned tc)
{
    __shared__ uint32_t word[4][U8_TILE / 4][U8_TILE / 4 + 1];   /* 16896 bytes */
    int r0 = tr * U8_TILE, c0 = tc * U8_TILE;
    int lane = threadIdx.x % 32, w = threadIdx.x / 32;
    uint32_t q[4][4];

#pragma unroll
    for (int s = 0; s < 4; s++) {
        int r = r0 + 4 * (w + 8 * s), c = c0 + 4 * lane;
#pragma unroll
        for (int t = 0; t < 4; t++)
            q[s][t] = (r < rows && c < cols) ? *(const uint32_t *)&in[(size_t)(r + t) * cols + c]
                                             : 0u;
    }
#pragma unroll
    for (int s = 0; s < 4; s++) {
        transpose_4x4_bytes(q[s]);
#pragma unroll
        for (int k = 0; k < 4; k++)
            word[k][lane][w + 8 * s] = q[s][k];
    }

    __syncthreads();

    /* Output row R = 4J + k of the tile, word `lane` of it: a warp writes
     * 128 contiguous bytes. */
#pragma unroll
    for (int m = 0; m < 16; m++) {
        int R = w + 8 * m, out_row = c0 + R, out_col = r0 + 4 * lane;
        if (out_row < cols && out_col < rows)
            *(uint32_t *)&out[(size_t)out_row * rows + out_col] = word[R & 3][R >> 2][lane];
    }
}

TILE_KERNEL(transpose_u8_quads, uint8_t, QUAD_THREADS, u8_quads_tile, TILE_GRID)
TILE_KERNEL(transpose_u8_quads_down, uint8_t, QUAD_THREADS, u8_quads_tile, TILE_DOWN)

/* Any shape, bytes in 32-bit words: transpose_u16_any's idea with four
 * elements a word (a row may start at any of the four bytes of a word),
 * and transpose_u8_quads's 4 x 4 blocks for the transpose itself. Tile:
 * 128 x 128 bytes, 8 warps. Loading, lane k of a warp takes bytes 4k ..
 * 4k + 3 of a row segment: the aligned word that holds byte 4k, and the
 * bytes it lacks from lane k + 1's word (__shfl_down_sync,
 * __funnelshift_r). A segment that reaches past the matrix's last column
 * goes byte by byte. Storing, lane k holds bytes 4k .. 4k + 3 of four
 * output rows; a segment that starts mid-word is written as the aligned
 * words between its ends (lane k's bytes and lane k + 1's, funnel-shifted)
 * and single bytes at the two ends. word[t][J][k] holds row 4J + t of the
 * tile, word k, so that both phases touch 32 different banks. */
#define ANY8_TILE 128
#define ANY8_WARPS (ANY8_THREADS / 32)

/* Loading in two phases, as transpose_u16_any does. Phase 1, what lane k
 * loads of the row segment of n bytes (n <= 128) at byte e0, m = e0 % 4.
 * A whole segment (n == 128): `word`, the aligned word (e0 - m) / 4 + k,
 * which holds bytes 4k - m .. 4k - m + 3 of the segment, all in the
 * matrix (bytes before the segment belong to it too); and for lane 31 of
 * a mid-word row, `tail`, the word after the segment's last aligned one,
 * whose first m bytes end the segment: loaded whole where it lies inside
 * the matrix (total bytes), else left to phase 2 byte by byte. A short
 * segment (at the matrix's right edge) goes byte by byte here, and `word`
 * is then already bytes 4k .. 4k + 3, zeros past n. */
static __device__ __forceinline__ void load_quad_words(const uint8_t *__restrict__ in,
                                                       size_t e0, int n, int k, size_t total,
                                                       uint32_t *word, uint32_t *tail)
{
    const uint32_t *in32 = (const uint32_t *)in;   /* cudaMalloc: 4-byte aligned */
    int m = (int)(e0 & 3);
    *tail = 0;
    if (n == ANY8_TILE) {
        *word = in32[(e0 - m) / 4 + k];
        if (k == 31 && m != 0 && e0 - m + ANY8_TILE + 4 <= total)
            *tail = in32[(e0 - m) / 4 + 32];
        return;
    }
    uint32_t q = 0;
    for (int b = 0; b < 4; b++)
        if (4 * k + b < n)
            q |= (uint32_t)in[e0 + 4 * k + b] << (8 * b);
    *word = q;
}

/* Phase 2: bytes 4k .. 4k + 3 of the segment. Every lane must call it (it
 * shuffles when n == 128). */
static __device__ __forceinline__ uint32_t quad_from_words(const uint8_t *__restrict__ in,
                                                           size_t e0, int n, int k, size_t total,
                                                           uint32_t word, uint32_t tail)
{
    int m = (int)(e0 & 3);
    if (n != ANY8_TILE)
        return word;
    uint32_t next = __shfl_down_sync(0xffffffffu, word, 1);
    if (m == 0)
        return word;
    if (k == 31) {
        next = tail;
        if (e0 - m + ANY8_TILE + 4 > total) {   /* the matrix's last bytes */
            next = 0;
            for (int b = 0; b < m; b++)
                next |= (uint32_t)in[e0 + ANY8_TILE - m + b] << (8 * b);
        }
    }
    return __funnelshift_r(word, next, 8 * m);
}

/* Stores bytes 4k .. 4k + 3 (quad q) of an output row segment of n bytes
 * at byte f0. Every lane must call it (it shuffles). */
static __device__ __forceinline__ void store_quad_any(uint8_t *__restrict__ out, size_t f0, int n,
                                                      int k, uint32_t q)
{
    uint32_t *out32 = (uint32_t *)out;
    uint32_t next = __shfl_down_sync(0xffffffffu, q, 1);
    int mo = (int)(f0 & 3);
    if (mo == 0) {
        if (4 * k + 3 < n) {
            out32[f0 / 4 + k] = q;
        } else {
            for (int b = 0; b < 4; b++)
                if (4 * k + b < n)
                    out[f0 + 4 * k + b] = (uint8_t)(q >> (8 * b));
        }
        return;
    }
    /* The segment starts mid-word. Its head, bytes 0 .. 3 - mo, ends the
     * word before the first aligned one: lane 0 writes them one by one. */
    int head = 4 - mo;
    if (k == 0)
        for (int b = 0; b < head && b < n; b++)
            out[f0 + b] = (uint8_t)(q >> (8 * b));
    /* Aligned word k starts at byte 4k + head: the last mo bytes of quad k
     * and the first head bytes of quad k + 1. Lane 31's would reach into
     * the next segment: it writes its own mo bytes one by one instead, as
     * does any lane whose word reaches past n. */
    int p = 4 * k + head;
    if (k < 31 && p + 3 < n) {
        out32[(f0 + p) / 4] = __funnelshift_r(q, next, 8 * head);
    } else {
        for (int b = 0; b < 4; b++) {
            int pos = p + b;   /* byte 4k + head + b: quad k's if b < mo, else quad k + 1's */
            if (pos < n && pos < ANY8_TILE)
                out[f0 + pos] = (uint8_t)(b < mo ? q >> (8 * (head + b)) : next >> (8 * (b - mo)));
        }
    }
}

__global__ void __launch_bounds__(ANY8_THREADS)
transpose_u8_any(const uint8_t *__restrict__ in, uint8_t *__restrict__ out, int rows, int cols)
{
    __shared__ uint32_t word[4][ANY8_TILE / 4][ANY8_TILE / 4 + 1];   /* 16896 bytes */
    int r0 = blockIdx.y * ANY8_TILE, c0 = blockIdx.x * ANY8_TILE;
    int k = threadIdx.x % 32, w = threadIdx.x / 32;
    int n_cols = min(ANY8_TILE, cols - c0), n_rows = min(ANY8_TILE, rows - r0);
    uint32_t v[ANY8_TILE / ANY8_WARPS];

    uint32_t tail[ANY8_TILE / ANY8_WARPS];
    size_t total = (size_t)rows * cols;

    /* Tile row i = w + 8j is input row r0 + i, bytes c0 .. c0 + 127: every
     * row's loads first, then the shuffles. */
#pragma unroll
    for (int j = 0; j < ANY8_TILE / ANY8_WARPS; j++) {
        int i = w + ANY8_WARPS * j;
        load_quad_words(in, (size_t)(r0 + i) * cols + c0, i < n_rows ? n_cols : 0, k, total,
                        &v[j], &tail[j]);
    }
#pragma unroll
    for (int j = 0; j < ANY8_TILE / ANY8_WARPS; j++) {
        int i = w + ANY8_WARPS * j;
        word[i & 3][i >> 2][k] = quad_from_words(in, (size_t)(r0 + i) * cols + c0,
                                                 i < n_rows ? n_cols : 0, k, total, v[j], tail[j]);
    }

    __syncthreads();

    /* Output rows c0 + 4J .. c0 + 4J + 3 (input columns), J = w + 8j:
     * lane k transposes the 4 x 4 block of tile rows 4k .. 4k + 3 and
     * columns 4J .. 4J + 3, and holds bytes 4k .. 4k + 3 of each row. */
#pragma unroll
    for (int j = 0; j < ANY8_TILE / 4 / ANY8_WARPS; j++) {
        int J = w + ANY8_WARPS * j;
        uint32_t x[4];
#pragma unroll
        for (int t = 0; t < 4; t++)
            x[t] = word[t][k][J];
        transpose_4x4_bytes(x);
#pragma unroll
        for (int t = 0; t < 4; t++) {
            int c = 4 * J + t;
            store_quad_any(out, (size_t)(c0 + c) * rows + r0, c < n_cols ? n_rows : 0, k, x[t]);
        }
    }
}

/* ---- Any shape, staged through shared memory in whole words -------------

 * transpose_u8_staged and transpose_u16_staged: any rows and cols (every
 * row of an odd-width matrix starts at another byte of a word), with
 * 16-byte global loads, 32-bit shared stores and loads, and 32-bit global
 * stores, except for the elements at the ragged ends of a segment.
 * staged_index.h holds the whole body of both (and says how it works):
 * the phase before the barrier and the one after, each for one thread,
 * so that tests/test_staged.c can run the same code on the CPU for every
 * block and thread of many shapes. Tiles: 64 x 64 bytes (1-byte) and 64
 * rows x 32 columns (2-byte), 256 threads, numbered along a 2D grid. */
/* staged_index.h numbers its threads for ST_THREADS a block. */
typedef char staged_threads_match[STAGED8_THREADS == ST_THREADS && STAGED16_THREADS == ST_THREADS
                                      ? 1
                                      : -1];

/* __maxnreg__(32) (in place of __launch_bounds__, which cannot go with
 * it): at 32 registers a thread, 8 blocks of 256 threads fit an SM of 2048
 * threads (sm_90: 8 x 5440 bytes of shared memory, too); with
 * __launch_bounds__(256) alone ptxas gave transpose_u8_staged 39, which
 * allows 6 (nvcc 13.0, sm_90, -Xptxas -v; no spills either way, and
 * tests/check_resources.sh checks the 32 and the spills). Whether the
 * fuller SM is faster is a hypothesis. */
__global__ void __maxnreg__(32)
transpose_u8_staged(const uint8_t *__restrict__ in, uint8_t *__restrict__ out, int rows, int cols)
{
    __shared__ uint32_t plane[ST8_SHARED_WORDS];   /* 4 planes of 68 x 5 words: 5440 bytes */
    int r0 = blockIdx.y * ST_TILE_ROWS, c0 = blockIdx.x * ST8_COLS;
    st_geom g = st_dense(rows, cols, 1);   /* pitches cols and rows, offsets 0 */

    st8_phase1(in, plane, out, &g, r0, c0, threadIdx.x);
    __syncthreads();
    st8_phase2(plane, out, &g, r0, c0, threadIdx.x);
}

__global__ void __maxnreg__(32)
transpose_u16_staged(const uint16_t *__restrict__ in, uint16_t *__restrict__ out, int rows,
                     int cols)
{
    __shared__ uint32_t plane[ST16_SHARED_WORDS];   /* 2 planes of 66 x 12 words: 6336 bytes */
    int r0 = blockIdx.y * ST_TILE_ROWS, c0 = blockIdx.x * ST16_COLS;
    st_geom g = st_dense(rows, cols, 2);

    st16_phase1((const uint8_t *)in, plane, out, &g, r0, c0, threadIdx.x);
    __syncthreads();
    st16_phase2(plane, (uint8_t *)out, &g, r0, c0, threadIdx.x);
}

/* ---- One element a thread access, 64 x 64 tiles ---------------------------

 * transpose_u16_tile64 and transpose_u8_tile64: chapter 7's padded tile
 * with chapter 9's lever 1, any shape. 64 x 64 elements, 256 threads (64
 * x 4): thread (x, y) loads column x of rows y, y + 4, ..., y + 60, all 16
 * loads issued before the first is stashed, so 16 of a thread's loads are
 * in flight where transpose_u16_tile and transpose_u8_tile have 4. (The
 * hypothesis they test, from the profile at 8191 x 5003 in NOTES.md: the
 * one-element tiles wait on their own loads because too few bytes are in
 * flight, not because of their width.) A row of the tile is 64 + 4 / E
 * elements (E the element's bytes): 33 words for 2 bytes, 17 for 1, both
 * odd, so the 32 rows a warp reads down one column fall on 32 banks, as
 * chapter 11's permute_nd tiles (ND_PAD). */
#define TILE64_ONE(NAME, T)                                                              \
    __global__ void __launch_bounds__(ONE64_THREADS)                                     \
        NAME(const T *__restrict__ in, T *__restrict__ out, int rows, int cols)          \
    {                                                                                    \
        __shared__ T tile[ONE64][ONE64 + 4 / sizeof(T)];                                 \
        T v[ONE64 / ONE64_ROWS];                                                         \
        int x = threadIdx.x, y = threadIdx.y, k;                                         \
        int r0 = blockIdx.y * ONE64, c0 = blockIdx.x * ONE64;                            \
                                                                                         \
        for (k = 0; k < ONE64 / ONE64_ROWS; k++) {                                       \
            int r = r0 + y + ONE64_ROWS * k;                                             \
            v[k] = r < rows && c0 + x < cols ? in[(size_t)r * cols + c0 + x] : (T)0;    \
        }                                                                                \
        for (k = 0; k < ONE64 / ONE64_ROWS; k++)                                         \
            tile[y + ONE64_ROWS * k][x] = v[k];                                          \
        __syncthreads();                                                                 \
        for (k = 0; k < ONE64 / ONE64_ROWS; k++) {                                       \
            int out_row = c0 + y + ONE64_ROWS * k, out_col = r0 + x;                     \
            if (out_row < cols && out_col < rows)                                        \
                out[(size_t)out_row * rows + out_col] = tile[x][y + ONE64_ROWS * k];     \
        }                                                                                \
    }

TILE64_ONE(transpose_u16_tile64, uint16_t)
TILE64_ONE(transpose_u8_tile64, uint8_t)

/* ---- Words in, one element a thread out, 64 x 64 tiles --------------------

 * transpose_u16_tile64w and transpose_u8_tile64w: the 64 x 64 tiles above
 * with the loads made 32-bit on any shape. Row r0 + i of the tile starts
 * at element e = (r0 + i) * cols + c0, m_i = e % P elements into an
 * aligned word (P = 4 / E elements a word, E the element's bytes). The
 * row's 64 elements, and m_i before them, are W = 64 / P + 1 aligned
 * words (17 for bytes, 33 for 2-byte elements), read as words from element
 * e - m_i on and stored as words in shared row i: shared element m_i + j
 * of row i is tile element (i, j). The elements before and after the
 * tile's 64 (the neighbouring tiles', or the next row's) are read and
 * never used; a word past the end of the input (the last row's tail) is
 * read element by element. The 64 x W words of a tile are numbered w = i
 * W + kw (word kw of row i), consecutive threads on consecutive words: a warp reads about two
 * row segments of 68 or 132 bytes, and stores 32 consecutive shared words
 * (the row pitch is W words, so word w of the tile is shared word w). The
 * stores are transpose_u8_tile64's: thread (x, y) of 64 x 4 stores output
 * rows c0 + y + 4 k at column r0 + x, one element each, from shared
 * element m_x + y + 4 k of row x. The hypothesis they test: the
 * one-element tiles issue one load instruction per element, and 32-bit
 * loads cut those 4 (bytes) or 2 (2-byte elements) times. */
#define TILE64_WORDS(NAME, T, ORDER)                                                     \
    __global__ void __launch_bounds__(ONE64_THREADS)                                     \
        NAME(const T *__restrict__ in, T *__restrict__ out, int rows, int cols)          \
    {                                                                                    \
        enum { P = 4 / sizeof(T), W = ONE64 / P + 1,                                     \
               N = (ONE64 * W + ONE64_THREADS - 1) / ONE64_THREADS };                    \
        __shared__ uint32_t word[ONE64 * W];                                             \
        const T *tile = (const T *)word;                                                 \
        uint32_t v[N];                                                                   \
        int t = threadIdx.x + ONE64 * threadIdx.y, k;                                    \
        unsigned tr_, tc_;                                                               \
        ORDER(tr_, tc_);                                                                 \
        int r0 = tr_ * ONE64, c0 = tc_ * ONE64;                                          \
        const size_t total = (size_t)rows * cols; /* elements of the input */           \
                                                                                         \
        for (k = 0; k < N; k++) {                                                        \
            int w = t + ONE64_THREADS * k, i = w / W, kw = w - i * W;                    \
            v[k] = 0;                                                                    \
            if (w < ONE64 * W && r0 + i < rows) {                                        \
                size_t e = (size_t)(r0 + i) * cols + c0;                                 \
                size_t first = e - e % P + (size_t)P * kw; /* the word's first element */ \
                if (first + P <= total) {                                                \
                    v[k] = *(const uint32_t *)(in + first);                              \
                } else {                                                                 \
                    for (int q = 0; q < P; q++) /* the input's last elements */         \
                        if (first + q < total)                                           \
                            v[k] |= (uint32_t)in[first + q] << (8 * sizeof(T) * q);      \
                }                                                                        \
            }                                                                            \
        }                                                                                \
        for (k = 0; k < N; k++)                                                          \
            if (t + ONE64_THREADS * k < ONE64 * W)                                       \
                word[t + ONE64_THREADS * k] = v[k];                                      \
        __syncthreads();                                                                 \
        int x = threadIdx.x, y = threadIdx.y;                                            \
        int m = (int)(((size_t)(r0 + x) * cols + c0) % P); /* row x's shift */          \
        for (k = 0; k < ONE64 / ONE64_ROWS; k++) {                                       \
            int out_row = c0 + y + ONE64_ROWS * k, out_col = r0 + x;                     \
            if (out_row < cols && out_col < rows)                                        \
                out[(size_t)out_row * rows + out_col] =                                  \
                    tile[x * W * P + m + y + ONE64_ROWS * k];                            \
        }                                                                                \
    }

TILE64_WORDS(transpose_u16_tile64w, uint16_t, TILE_GRID)
TILE64_WORDS(transpose_u8_tile64w, uint8_t, TILE_GRID)
TILE64_WORDS(transpose_u16_tile64w_down, uint16_t, TILE_DOWN)
TILE64_WORDS(transpose_u8_tile64w_down, uint8_t, TILE_DOWN)

/* ---- Words in and words out, any shape ----------------------------------

 * transpose_u16_funnel and transpose_u8_funnel: one funnel_tile.cuh tile
 * a block (128 x 124 bytes, or 128 x 62 2-byte elements), every load and
 * store a 32-bit word except at an output row's ends, every output sector
 * written whole (chapter 9's lever 4). Written for what "Word loads" in
 * NOTES.md left suspect on odd sides: one-element stores, 32 or 64 bytes a
 * warp instruction, in segments that start anywhere in a sector. The grid
 * has one more tile row where the windows, shifted back to a sector
 * boundary, end short of the rows' ends (funnel_tiles_r). */
#define FUNNEL_KERNEL(NAME, T, E, ORDER)                                                 \
    __global__ void __launch_bounds__(FUNNEL_THREADS)                                    \
        NAME(const T *__restrict__ in, T *__restrict__ out, int rows, int cols)          \
    {                                                                                    \
        __shared__ uint32_t words[FUNNEL_WORDS_ROWS(E)][FUNNEL_WORDS_COLS(E)];           \
        unsigned tr, tc;                                                                 \
        ORDER(tr, tc);                                                                   \
        funnel_geom g = { 0, cols, 0, 0, 0, rows, 0, 0, (int64_t)tr * FUNNEL_ROWS(E),   \
                          (int64_t)tc * FUNNEL_COLS(E) };                                \
        funnel_tile((const uint8_t *)in, (uint8_t *)out, words[0], g, rows, cols,        \
                    (int64_t)rows * cols, E, 0);                                         \
    }

/* kernels.h names the funnel tiles' block for the table: the same 256. */
typedef char funnel_threads_match[FUNNEL_BLOCK == FUNNEL_THREADS ? 1 : -1];

FUNNEL_KERNEL(transpose_u16_funnel, uint16_t, 2, TILE_GRID)
FUNNEL_KERNEL(transpose_u8_funnel, uint8_t, 1, TILE_GRID)
FUNNEL_KERNEL(transpose_u16_funnel_down, uint16_t, 2, TILE_DOWN)
FUNNEL_KERNEL(transpose_u8_funnel_down, uint8_t, 1, TILE_DOWN)

/* ---- Launch functions ---------------------------------------------------- */

/* The tile kernels: one block per side x side tile. refuse(in, block)
 * says why a kernel cannot run with this input and the table's block, or
 * NULL. Chapter 7's tiles take any block of TILE x BLOCK_ROWS; the 64 x 64
 * one-element tiles are written for 64 x 4 threads, and the word-load
 * ones also read the input as 32-bit words. */
static const char *any_block(const void *in, dim3 block)
{
    (void)in;
    (void)block;
    return NULL;
}

static const char *one64_block(const void *in, dim3 block)
{
    (void)in;
    return block.x != ONE64 || block.y != ONE64_ROWS || block.z != 1
               ? "written for blocks of 64 x 4 threads"
               : NULL;
}

static const char *one64_words(const void *in, dim3 block)
{
    return (uintptr_t)in % 4 != 0 ? "needs a 4-byte aligned input" : one64_block(in, block);
}

/* How a launch function starts its kernel: LAUNCH_PLAIN in the grid's
 * order; LAUNCH_IN_ORDER kernel, or kernel##_down where tiles_down says
 * so, on a grid of tiles whose bands (a tile's rows, the matrix's width)
 * hold band_bytes. */
#define LAUNCH_PLAIN(kernel, grid, block, band_bytes, ...)                               \
    kernel<<<grid, block, 0, TP_STREAM>>>(__VA_ARGS__)
#define LAUNCH_IN_ORDER(kernel, grid, block, band_bytes, ...)                          \
    do {                                                                               \
        if (tiles_down((grid).y, (grid).x, (band_bytes)))                              \
            kernel##_down<<<grid, block, 0, TP_STREAM>>>(__VA_ARGS__);                             \
        else                                                                           \
            kernel<<<grid, block, 0, TP_STREAM>>>(__VA_ARGS__);                                    \
    } while (0)

#define LAUNCH_TILE(name, kernel, type, side, refuse, LAUNCH)                          \
    const char *name(const void *in, void *out, int rows, int cols, dim3 block)       \
    {                                                                                  \
        dim3 grid;                                                                     \
        const char *na = refuse(in, block);                                            \
        if (na == NULL)                                                                \
            na = tile_grid(&grid, rows, cols, side);                                   \
        if (na)                                                                        \
            return na;                                                                 \
        LAUNCH(kernel, grid, block, (long long)(side) * cols * sizeof(type),           \
               (const type *)in, (type *)out, rows, cols);                             \
        CHECK_LAUNCH();                                                                \
        return NULL;                                                                   \
    }

LAUNCH_TILE(launch_f64_shared_tile, transpose_f64_shared_tile, double, TILE, any_block,
            LAUNCH_PLAIN)
LAUNCH_TILE(launch_f64_padded_tile, transpose_f64_padded_tile, double, TILE, any_block,
            LAUNCH_PLAIN)
LAUNCH_TILE(launch_u16_tile, transpose_u16_tile, uint16_t, TILE, any_block, LAUNCH_PLAIN)
LAUNCH_TILE(launch_u8_tile, transpose_u8_tile, uint8_t, TILE, any_block, LAUNCH_PLAIN)
LAUNCH_TILE(launch_u16_tile64, transpose_u16_tile64, uint16_t, ONE64, one64_block, LAUNCH_PLAIN)
LAUNCH_TILE(launch_u8_tile64, transpose_u8_tile64, uint8_t, ONE64, one64_block, LAUNCH_PLAIN)
/* The word-load tiles, in either order. */
LAUNCH_TILE(launch_u16_tile64w, transpose_u16_tile64w, uint16_t, ONE64, one64_words,
            LAUNCH_IN_ORDER)
LAUNCH_TILE(launch_u8_tile64w, transpose_u8_tile64w, uint8_t, ONE64, one64_words, LAUNCH_IN_ORDER)

/* The funnel tiles: 256 threads, both buffers 4-byte aligned (every
 * access but a segment's ends is an aligned 32-bit word). */
#define LAUNCH_FUNNEL(name, kernel, type, E)                                           \
    const char *name(const void *in, void *out, int rows, int cols, dim3 block)       \
    {                                                                                  \
        dim3 grid;                                                                     \
        const char *na =                                                               \
            block.x * block.y * block.z != FUNNEL_THREADS ? "written for blocks of 256 threads" \
            : ((uintptr_t)in | (uintptr_t)out) % 4 != 0    ? "needs 4-byte aligned buffers"      \
                : tp_grid(&grid, (cols + (long)FUNNEL_COLS(E) - 1) / FUNNEL_COLS(E),   \
                          (long)funnel_tiles_r(rows, E), 1, 1);                        \
        if (na)                                                                        \
            return na;                                                                 \
        LAUNCH_IN_ORDER(kernel, grid, FUNNEL_THREADS, (long long)FUNNEL_ROWS(E) * cols * E, \
                        (const type *)in, (type *)out, rows, cols);                    \
        CHECK_LAUNCH();                                                                \
        return NULL;                                                                   \
    }

LAUNCH_FUNNEL(launch_u16_funnel, transpose_u16_funnel, uint16_t, 2)
LAUNCH_FUNNEL(launch_u8_funnel, transpose_u8_funnel, uint8_t, 1)

/* ---- Skinny matrices in words: chapter 9's lever 5 for 1 and 2 bytes -------

 * transpose_u8_skinny and transpose_u16_skinny: a matrix with a side of
 * at most SK_MAX_SIDE elements (k), any other side; a kernel for each
 * orientation, _wide (k rows) and _tall (k columns). A block takes all k
 * lines of the short side over w positions of the long one, and moves
 * both sides in words: one side is a contiguous run, the other k
 * segments funnel-shifted into words. A wide piece of at most
 * SK_REG_SIDE (32) lines is sorted into the output's order in registers,
 * a thread holding a word of every line. skinny_words.h holds the whole body of all four
 * (and says how it works), so that tests/test_skinny.c can run the same
 * code on the CPU. */
#define SKINNY_KERNEL(NAME, T, W)                                                       \
    __global__ void __launch_bounds__(SK_THREADS)                                      \
        NAME(const T *__restrict__ in, T *__restrict__ out, sk_geom g)                 \
    {                                                                                  \
        extern __shared__ uint32_t sk_piece[];   /* sk_shared_bytes(&g) */            \
        sk_phase1((const uint8_t *)in, 0, (uint8_t *)sk_piece, &g, blockIdx.x,         \
                  threadIdx.x, (int)sizeof(T), W, 0);                                  \
        __syncthreads();                                                               \
        sk_phase2((const uint8_t *)sk_piece, (uint8_t *)out, 0, &g, blockIdx.x,        \
                  threadIdx.x, (int)sizeof(T), W);                                     \
    }
SKINNY_KERNEL(transpose_u8_skinny_tall, uint8_t, 0)
SKINNY_KERNEL(transpose_u8_skinny_wide, uint8_t, 1)
typedef char skinny_threads_match[SKINNY_THREADS == SK_THREADS ? 1 : -1];
SKINNY_KERNEL(transpose_u16_skinny_tall, uint16_t, 0)
SKINNY_KERNEL(transpose_u16_skinny_wide, uint16_t, 1)

#define LAUNCH_SKINNY(LAUNCH, KERNEL, T, E)                                             \
    const char *LAUNCH(const void *in, void *out, int rows, int cols, dim3 block)        \
    {                                                                                    \
        sk_geom g = sk_make(rows, cols, E);                                              \
        void (*kernel)(const T *, T *, sk_geom);                                         \
        dim3 grid;                                                                       \
        const char *na;                                                                  \
        if (block.x * block.y * block.z != SK_THREADS)                                   \
            return "written for blocks of 256 threads";                                  \
        if (g.k > SK_MAX_SIDE)                                                           \
            return "for a side of at most 255 elements";                                    \
        if (((uintptr_t)in | (uintptr_t)out) % 4 != 0)                                   \
            return "needs 4-byte aligned buffers";                                       \
        na = tp_grid(&grid, sk_blocks(&g), 1, 1, 1);                                     \
        if (na)                                                                          \
            return na;                                                                   \
        kernel = g.wide ? KERNEL##_wide : KERNEL##_tall;                                  \
        kernel<<<grid, SK_THREADS, sk_shared_bytes(&g), TP_STREAM>>>((const T *)in, (T *)out, g); \
        CHECK_LAUNCH();                                                                  \
        return NULL;                                                                     \
    }
/* Where the dispatchers take the skinny kernels: sk_pick (skinny_words.h)
 * of the short side, tall or wide. */
#define SKINNY_FITS(rows, cols)                                                           \
    sk_pick((rows) <= (cols), (rows) < (cols) ? (rows) : (cols))
LAUNCH_SKINNY(launch_u16_skinny, transpose_u16_skinny, uint16_t, 2)
LAUNCH_SKINNY(launch_u8_skinny, transpose_u8_skinny, uint8_t, 1)

/* ---- Four rows: 16-byte stores for a 4 x n matrix of 1 or 2-byte elements --

 * transpose_u16_rows4 and transpose_u8_rows4: a matrix of exactly 4 rows
 * (4 x n in, n x 4 out). The skinny kernels above reached 31.7% of the
 * copy there (2 bytes, 4 x 29558034, H200), their L2 35% busy at 48%
 * occupancy (Nsight Compute): too few bytes in flight. Here a thread owns
 * 16 bytes of the output, C = 4 / E columns of 4 elements: it loads the 4
 * bytes of each row that those columns hold (a word a row, so that a
 * warp's load is 128 contiguous bytes of a row), puts the 16 bytes in
 * order with __byte_perm and writes them with one 16-byte store. Row r
 * starts sh = r n E mod 4 bytes into a word; where sh is not 0 the 4
 * bytes are two words funnel-shifted, the second one the next lane's (a
 * shuffle) or, for lane 31, lane 0's of the warp's next step (a warp takes
 * R4_STEPS steps of 32 chunks over contiguous words, so only its last
 * step loads one word more). The input's 4 n E bytes are whole words, so
 * any word holding one of its bytes is inside it. A thread whose columns
 * pass n (only the last one) moves its elements one at a time. */
#define R4_STEPS 4
static __device__ __forceinline__ uint4 r4_order(uint32_t x0, uint32_t x1, uint32_t x2,
                                                 uint32_t x3, int E)
{
    uint32_t a, b, c, d;
    if (E == 2)   /* columns c, c + 1: rows 0 and 1 in one word, rows 2 and 3 in the next */
        return make_uint4(__byte_perm(x0, x1, 0x5410), __byte_perm(x2, x3, 0x5410),
                          __byte_perm(x0, x1, 0x7632), __byte_perm(x2, x3, 0x7632));
    /* bytes: byte j of row r's word is element (r, c + j); a 4 x 4 transpose */
    a = __byte_perm(x0, x1, 0x5140);   /* (0, c) (1, c) (0, c + 1) (1, c + 1) */
    b = __byte_perm(x2, x3, 0x5140);   /* the same of rows 2 and 3 */
    c = __byte_perm(x0, x1, 0x7362);   /* columns c + 2, c + 3 */
    d = __byte_perm(x2, x3, 0x7362);
    return make_uint4(__byte_perm(a, b, 0x5410), __byte_perm(a, b, 0x7632),
                      __byte_perm(c, d, 0x5410), __byte_perm(c, d, 0x7632));
}
static __device__ __forceinline__ void rows4_body(const uint8_t *__restrict__ in,
                                                  uint8_t *__restrict__ out, int64_t n, int E)
{
    const int C = 4 / E, lane = threadIdx.x % 32;
    const int64_t first = ((int64_t)blockIdx.x * R4_THREADS + threadIdx.x) / 32 * 32 * R4_STEPS;
    const int64_t words = n * E;   /* the input's words: 4 n E bytes */
    const uint32_t *w = (const uint32_t *)in;
    uint32_t x[4][R4_STEPS + 1];
    int r, u;

#pragma unroll
    for (r = 0; r < 4; r++) {   /* every load first: 4 R4_STEPS words in flight */
        const int64_t row = r * n * E / 4;   /* the word holding the row's first byte */
#pragma unroll
        for (u = 0; u < R4_STEPS; u++) {
            const int64_t j = row + first + 32 * u + lane;
            x[r][u] = j < words ? __ldg(w + j) : 0;
        }
        x[r][R4_STEPS] = 0;
        if (lane == 31 && (r * n * E) % 4 != 0 && row + first + 32 * R4_STEPS < words)
            x[r][R4_STEPS] = __ldg(w + row + first + 32 * R4_STEPS);
    }
#pragma unroll
    for (u = 0; u < R4_STEPS; u++) {
        const int64_t i = first + 32 * u + lane;   /* this thread's chunk of 16 output bytes */
        uint32_t v[4];
#pragma unroll
        for (r = 0; r < 4; r++) {   /* shuffles: every lane of the warp takes part */
            const int sh = (int)(r * n * E % 4);
            const uint32_t down = __shfl_down_sync(0xffffffffu, x[r][u], 1);
            const uint32_t next = u + 1 < R4_STEPS ? __shfl_sync(0xffffffffu, x[r][u + 1], 0)
                                                   : x[r][R4_STEPS];
            v[r] = sh == 0 ? x[r][u] : __funnelshift_r(x[r][u], lane == 31 ? next : down, 8 * sh);
        }
        if ((i + 1) * C <= n) {
            __stwb((uint4 *)(out + 16 * i), r4_order(v[0], v[1], v[2], v[3], E));
        } else if (i * C < n) {   /* the last columns, fewer than C */
            for (int64_t col = i * C; col < n; col++)
                for (r = 0; r < 4; r++)
                    for (int b = 0; b < E; b++)
                        out[(col * 4 + r) * E + b] = in[(r * n + col) * E + b];
        }
    }
}
#define ROWS4_KERNEL(NAME, T)                                                            \
    __global__ void __launch_bounds__(R4_THREADS)                                       \
        NAME(const T *__restrict__ in, T *__restrict__ out, int64_t n)                  \
    {                                                                                   \
        rows4_body((const uint8_t *)in, (uint8_t *)out, n, (int)sizeof(T));             \
    }
ROWS4_KERNEL(transpose_u16_rows4, uint16_t)
ROWS4_KERNEL(transpose_u8_rows4, uint8_t)

#define LAUNCH_ROWS4(LAUNCH, KERNEL, T, E)                                               \
    const char *LAUNCH(const void *in, void *out, int rows, int cols, dim3 block)        \
    {                                                                                    \
        const long chunks = (cols + 4L / (E) - 1) / (4 / (E));                           \
        dim3 grid;                                                                       \
        const char *na;                                                                  \
        if (block.x * block.y * block.z != R4_THREADS)                                   \
            return "written for blocks of 256 threads";                                  \
        if (rows != 4)                                                                   \
            return "for a matrix of 4 rows";                                             \
        if ((uintptr_t)in % 4 != 0 || (uintptr_t)out % 16 != 0)                          \
            return "needs a 4-byte aligned input and a 16-byte aligned output";          \
        na = tp_grid(&grid, (chunks + R4_THREADS * R4_STEPS - 1) / (R4_THREADS * R4_STEPS), \
                     1, 1, 1);                                                           \
        if (na)                                                                          \
            return na;                                                                   \
        KERNEL<<<grid, R4_THREADS, 0, TP_STREAM>>>((const T *)in, (T *)out, (int64_t)cols);        \
        CHECK_LAUNCH();                                                                  \
        return NULL;                                                                     \
    }
LAUNCH_ROWS4(launch_u16_rows4, transpose_u16_rows4, uint16_t, 2)
LAUNCH_ROWS4(launch_u8_rows4, transpose_u8_rows4, uint8_t, 1)

const char *launch_u8_any(const void *in, void *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = block.x * block.y * block.z != ANY8_THREADS
                         ? "written for blocks of 256 threads"
                         : tile_grid(&grid, rows, cols, ANY8_TILE);
    if (na)
        return na;
    transpose_u8_any<<<grid, block, 0, TP_STREAM>>>((const uint8_t *)in, (uint8_t *)out, rows,
                                                    cols);
    CHECK_LAUNCH();
    return NULL;
}

const char *launch_u16_any(const void *in, void *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = block.x * block.y * block.z != ANY16_THREADS
                         ? "written for blocks of 256 threads"
                         : tile_grid(&grid, rows, cols, ANY16_TILE);
    if (na)
        return na;
    transpose_u16_any<<<grid, block, 0, TP_STREAM>>>((const uint16_t *)in, (uint16_t *)out,
                                                     rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

/* The staged kernels take any shape; the 2-byte one needs 2-byte aligned
 * buffers (its element loads and stores are 2 bytes wide). */
const char *launch_u8_staged(const void *in, void *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = block.x * block.y * block.z != STAGED8_THREADS
                         ? "written for blocks of 256 threads"
                         : tp_grid(&grid, (cols + (long)ST8_COLS - 1) / ST8_COLS,
                                   (rows + (long)ST_TILE_ROWS - 1) / ST_TILE_ROWS, 1, 1);
    if (na)
        return na;
    transpose_u8_staged<<<grid, block, 0, TP_STREAM>>>((const uint8_t *)in, (uint8_t *)out,
                                                       rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

const char *launch_u16_staged(const void *in, void *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = block.x * block.y * block.z != STAGED16_THREADS
                         ? "written for blocks of 256 threads"
                     : (((uintptr_t)in | (uintptr_t)out) & 1) != 0
                         ? "needs 2-byte aligned buffers"
                         : tp_grid(&grid, (cols + (long)ST16_COLS - 1) / ST16_COLS,
                                   (rows + (long)ST_TILE_ROWS - 1) / ST_TILE_ROWS, 1, 1);
    if (na)
        return na;
    transpose_u16_staged<<<grid, block, 0, TP_STREAM>>>((const uint16_t *)in, (uint16_t *)out,
                                                        rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

/* The packed kernels: a fixed block size, and sides that are multiples of
 * `multiple` so that every wide word is whole and aligned; any other shape
 * is n/a, with the reason. */
static const char *packed_na(const void *in, const void *out, int rows, int cols, dim3 block,
                             unsigned threads, int multiple, const char *why)
{
    static char msg[160];
    if (block.x * block.y * block.z != threads) {
        snprintf(msg, sizeof msg, "written for blocks of %u threads", threads);
        return msg;
    }
    if (rows % multiple != 0 || cols % multiple != 0 || !aligned16(in) || !aligned16(out))
        return why;
    return NULL;
}

/* The shifted windows reach 3 rows past the last multiple of 32. */
const char *launch_f64_sector_aligned(const void *in, void *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = NULL;
    if (block.x != TILE || block.y != BLOCK_ROWS || block.z != 1)
        return "written for blocks of 32 x 8 threads";
    na = tp_grid(&grid, (cols + (long)TILE - 1) / TILE,
                 ((long)rows + F64_SECTOR - 1 + TILE - 1) / TILE, 1, 1);
    if (na)
        return na;
    LAUNCH_IN_ORDER(transpose_f64_sector_aligned, grid, block, (long long)TILE * cols * 8,
                    (const double *)in, (double *)out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

const char *launch_f64_pairs(const void *in, void *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = packed_na(in, out, rows, cols, block, PAIR_THREADS, 2,
                               "needs even rows and cols (16-byte double2 accesses)");
    if (na == NULL)
        na = tile_grid(&grid, rows, cols, F64_TILE);
    if (na)
        return na;
    transpose_f64_pairs<<<grid, block, 0, TP_STREAM>>>((const double *)in, (double *)out, rows,
                                                       cols);
    CHECK_LAUNCH();
    return NULL;
}

const char *launch_u16_vec16(const void *in, void *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = packed_na(in, out, rows, cols, block, PAIR_THREADS, 8,
                               "needs rows and cols that are multiples of 8 (16-byte accesses)");
    if (na == NULL)
        na = tile_grid(&grid, rows, cols, U16_TILE);
    if (na)
        return na;
    LAUNCH_IN_ORDER(transpose_u16_vec16, grid, block, (long long)U16_TILE * cols * 2,
                    (const uint16_t *)in, (uint16_t *)out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

const char *launch_u8_quads(const void *in, void *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = packed_na(in, out, rows, cols, block, QUAD_THREADS, 4,
                               "needs rows and cols that are multiples of 4 (32-bit words)");
    if (na == NULL)
        na = tile_grid(&grid, rows, cols, U8_TILE);
    if (na)
        return na;
    LAUNCH_IN_ORDER(transpose_u8_quads, grid, block, (long long)U8_TILE * cols,
                    (const uint8_t *)in, (uint8_t *)out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

/* ---- The dispatchers: each element size on every shape --------------------

 * In the spirit of chapter 9's transpose_any_shape: the packed kernel
 * where the sides allow it, else the kernel for odd sides:
 *   8 bytes  transpose_f64_sector_aligned on every shape (the fastest on odd
 *            sides: NOTES.md, 8191 x 5003, both GPUs; on even sides it
 *            beat transpose_f64_pairs by 12 to 15 points on 9 of 11 shapes
 *            on the H100 and tied on the other two: NOTES.md, "Pairs or
 *            sector-aligned")
 *   2 bytes  transpose_u16_skinny for a wide matrix (rows <= cols) of up
 *            to 32 rows but 4, 16 and 32 (sorted in registers:
 *            sk_before_packed), else
 *            transpose_u16_funnel where output rows are not whole sectors
 *            (rows % 16 != 0) and FUNNEL_FITS, else
 *            transpose_u16_vec16 (multiples of 8), else transpose_u16_funnel
 *            (where FUNNEL_FITS, funnel_tile.cuh), else transpose_u16_rows4
 *            (a matrix of 4 rows), else transpose_u16_skinny
 *            (where SKINNY_FITS: a very short side), else
 *            transpose_u16_tile64w where rows <= cols, else transpose_u16_tile64
 *   1 byte   transpose_u8_rows4 (4 rows), else transpose_u8_skinny for a
 *            wide matrix of up to 32 rows, else
 *            transpose_u8_funnel where output rows are not whole sectors
 *            (rows % 32 != 0), FUNNEL_FITS and rows >= U8_FUNNEL_MIN_ROWS,
 *            else
 *            transpose_u8_quads (multiples of 4), else transpose_u8_funnel
 *            (the same), else transpose_u8_skinny (the same, tall), else
 *            transpose_u8_tile64w
 * A wide matrix of 8 to 32 rows ran at 93.5 to 97.4% of the copy through
 * the skinny kernels and at 13.5 to 69.0 through the packed words, but
 * for 2-byte rows of whole sectors (16 and 32 rows), where
 * transpose_u16_vec16 was 1.5 and 3.6 points ahead (H100; NOTES.md,
 * "Wide pieces of 17 to 32 lines"). A 4 x 60000000 byte matrix ran at
 * 6.8% through transpose_u8_quads (the same table): rows4 comes first.
 * Where output rows start mid-sector, the packed kernels' wide stores do
 * not make whole sectors: at 7276 x 36948 bytes transpose_u8_quads
 * reached 50.5% of the copy and the funnel tile 83.7 (H100; NOTES.md,
 * "Whole sectors before packed words", 9 shapes).
 * The funnel tiles, with their sector-aligned stores, were the fastest on
 * odd sides of a few hundred elements and more (NOTES.md, "The funnel
 * tiles"); on a short side most of a tile is empty, and where output rows
 * are whole sectors lever 4 has nothing to fix: there the 64 x 64
 * one-element tiles were faster. Their word loads paid for bytes; for
 * 2-byte elements they paid where rows <= cols (5 to 8 points with 17 to
 * 512 rows on the H100, 6.8 at 17 rows on the H200, never more than 0.2
 * behind on either) and lost about 8 points at 100003 x 17 on both
 * (NOTES.md, "Word loads" and "The funnel tiles"). The 32 x 32 tile is
 * the last resort, for a grid too tall for the others. Each kernel is
 * launched with its own block; the table's is not used. On a short side
 * the sector-aligned, packed, funnel and word-load tiles walk down
 * columns ("Block order on a short side", above). */
const char *launch_f64_dispatch(const void *in, void *out, int rows, int cols, dim3 block)
{
    (void)block;
    return launch_f64_sector_aligned(in, out, rows, cols, dim3(TILE, BLOCK_ROWS));
}

const char *launch_u16_dispatch(const void *in, void *out, int rows, int cols, dim3 block)
{
    const int whole = rows % 16 == 0;   /* output rows of whole sectors */
    (void)block;
    if (rows <= cols && rows != 4 && sk_before_packed(2, rows) &&   /* wide: registers */
        launch_u16_skinny(in, out, rows, cols, dim3(SK_THREADS)) == NULL)
        return NULL;
    if (!whole && FUNNEL_FITS((long)rows, (long)cols, 2) &&   /* lever 4 first */
        launch_u16_funnel(in, out, rows, cols, dim3(FUNNEL_THREADS)) == NULL)
        return NULL;
    if (launch_u16_vec16(in, out, rows, cols, dim3(PAIR_THREADS)) == NULL)
        return NULL;
    if (whole && FUNNEL_FITS((long)rows, (long)cols, 2) &&
        launch_u16_funnel(in, out, rows, cols, dim3(FUNNEL_THREADS)) == NULL)
        return NULL;
    if (launch_u16_rows4(in, out, rows, cols, dim3(R4_THREADS)) == NULL)
        return NULL;
    if (SKINNY_FITS(rows, cols) && launch_u16_skinny(in, out, rows, cols, dim3(SK_THREADS)) == NULL)
        return NULL;
    if (rows <= cols && launch_u16_tile64w(in, out, rows, cols, dim3(ONE64, ONE64_ROWS)) == NULL)
        return NULL;
    if (launch_u16_tile64(in, out, rows, cols, dim3(ONE64, ONE64_ROWS)) == NULL)
        return NULL;
    return launch_u16_tile(in, out, rows, cols, dim3(TILE, BLOCK_ROWS));
}

/* Below 400 rows of bytes (output rows of fewer than 400 bytes) the word
 * loads of transpose_u8_tile64w beat the funnel tiles. Measured on an H100
 * (NOTES.md, "Funnel tiles on a short side, in inputs larger than the
 * L2", matrices of 110-200 MB): at 272, 327 and 361 rows tile64w was
 * 13.0, 1.0 and 11.2 points ahead, at 396 even, at 539 rows 9.7 behind.
 * Chapter 11 has no word-load tile, and keeps FUNNEL_FITS alone. */
#define U8_FUNNEL_MIN_ROWS 400

const char *launch_u8_dispatch(const void *in, void *out, int rows, int cols, dim3 block)
{
    const int whole = rows % 32 == 0;   /* output rows of whole sectors */
    (void)block;
    if (launch_u8_rows4(in, out, rows, cols, dim3(R4_THREADS)) == NULL)   /* before the quads */
        return NULL;
    if (rows <= cols && sk_before_packed(1, rows) &&   /* wide: registers, before the quads */
        launch_u8_skinny(in, out, rows, cols, dim3(SK_THREADS)) == NULL)
        return NULL;
    if (!whole && FUNNEL_FITS((long)rows, (long)cols, 1) &&   /* lever 4 first */
        rows >= U8_FUNNEL_MIN_ROWS &&
        launch_u8_funnel(in, out, rows, cols, dim3(FUNNEL_THREADS)) == NULL)
        return NULL;
    if (launch_u8_quads(in, out, rows, cols, dim3(QUAD_THREADS)) == NULL)
        return NULL;
    if (whole && FUNNEL_FITS((long)rows, (long)cols, 1) &&
        launch_u8_funnel(in, out, rows, cols, dim3(FUNNEL_THREADS)) == NULL)
        return NULL;
    if (SKINNY_FITS(rows, cols) && launch_u8_skinny(in, out, rows, cols, dim3(SK_THREADS)) == NULL)
        return NULL;
    if (launch_u8_tile64w(in, out, rows, cols, dim3(ONE64, ONE64_ROWS)) == NULL)
        return NULL;
    return launch_u8_tile(in, out, rows, cols, dim3(TILE, BLOCK_ROWS));
}
