/*
 * chapters/11_batched/kernels.cu - the kernels of chapter 11 and their
 * launch functions: a batch of matrices transposed in one launch, every
 * permutation of a 3-D tensor's axes, and a square transpose in place.
 *
 * The tensor is d0 x d1 x d2 float32, row-major: d2 is the fastest axis
 * (neighbours in memory), d0 the slowest. A permutation p names, for each
 * output axis k, the input axis it runs over (validate.h).
 *
 * Tiles are numbered along a 1-D grid, batch included, never along
 * gridDim.y or gridDim.z (65535 at most): 4096 matrices of 256 x 256 are
 * 262144 tiles. Tile numbers fit 32 bits (a grid has at most 2^31 - 1
 * blocks); every offset into the tensor is computed in 64 bits, since a
 * tensor may hold more than 2^31 elements.
 */
#include <stdint.h>

#include "kernels.h"
#include "plan.h"
#include "../07_padded_tile/kernels.h"
#include "../tile.h"

#define ROW_GROUP 4   /* permute_rows: rows per block, loaded before they are stored */

/* Is perm (a, b, c)? */
static int perm_is(const int perm[3], int a, int b, int c)
{
    return perm[0] == a && perm[1] == b && perm[2] == c;
}

/* The launch functions below number blocks along x only. */
static const char *grid_1d(dim3 *grid, unsigned long long blocks)
{
    static char why[120];
    if (blocks > 2147483647ULL) {
        snprintf(why, sizeof why, "needs %llu blocks; a 1-D grid holds at most 2147483647",
                 blocks);
        return why;
    }
    *grid = dim3((unsigned)(blocks > 0 ? blocks : 1), 1, 1);
    return NULL;
}

static const char *needs_tile_block(dim3 block)
{
    if (block.x != TILE || block.y != BLOCK_ROWS || block.z != 1)
        return "written for blocks of 32 x 8 threads";
    return NULL;
}

/* ---- 1. The batch, one launch per matrix (the baseline) ------------------ */

/* Chapter 7's padded tile, once per matrix: d0 launches. For 4096 tiny
 * matrices each launch moves a few KB, and the GPU spends its time
 * between launches, not moving bytes. */
const char *launch_per_matrix(const float *in, float *out, long d0, long d1, long d2,
                              const int perm[3], dim3 block)
{
    size_t matrix = (size_t)d1 * (size_t)d2;
    const char *na;
    long b;

    if (!perm_is(perm, 0, 2, 1))
        return "transposes the matrices of a batch, permutation (0, 2, 1) only";
    for (b = 0; b < d0; b++) {
        na = launch_padded_tile(in + b * matrix, out + b * matrix, (int)d1, (int)d2, block);
        if (na)
            return na;
    }
    return NULL;
}

/* ---- 2. The batch in one launch -------------------------------------------- */

/* Chapter 7's padded tile, with the batch folded into the tile number:
 * block t moves tile t % tiles_per_matrix of matrix t / tiles_per_matrix.
 * Every block does the same work as in chapter 7; what changes is that one
 * launch covers all d0 matrices, so the GPU is never idle between them. */
__global__ void __launch_bounds__(TILE * BLOCK_ROWS)
transpose_batched_tile(const float *__restrict__ in, float *__restrict__ out, int rows,
                       int cols, unsigned tiles_x, unsigned tiles_per_matrix)
{
    __shared__ float tile[TILE][TILE + 1];
    unsigned t = blockIdx.x;
    unsigned b = t / tiles_per_matrix;                 /* which matrix   */
    unsigned rest = t - b * tiles_per_matrix;          /* which tile of it */
    int r0 = (int)(rest / tiles_x) * TILE, c0 = (int)(rest % tiles_x) * TILE;
    size_t offset = (size_t)b * (size_t)rows * (size_t)cols;
    const float *src = in + offset;
    float *dst = out + offset;
    int tx = threadIdx.x;

    for (int j = threadIdx.y; j < TILE; j += BLOCK_ROWS)
        if (r0 + j < rows && c0 + tx < cols)
            tile[j][tx] = src[(size_t)(r0 + j) * cols + c0 + tx];
    __syncthreads();
    for (int j = threadIdx.y; j < TILE; j += BLOCK_ROWS)
        if (c0 + j < cols && r0 + tx < rows)
            dst[(size_t)(c0 + j) * rows + r0 + tx] = tile[tx][j];
}

const char *launch_batched_tile(const float *in, float *out, long d0, long d1, long d2,
                                const int perm[3], dim3 block)
{
    unsigned long long tiles_x = (d2 + TILE - 1) / TILE, tiles_y = (d1 + TILE - 1) / TILE;
    dim3 grid;
    const char *na;

    if (!perm_is(perm, 0, 2, 1))
        return "transposes the matrices of a batch, permutation (0, 2, 1) only";
    if ((na = needs_tile_block(block)) != NULL ||
        (na = grid_1d(&grid, (unsigned long long)d0 * tiles_x * tiles_y)) != NULL)
        return na;
    transpose_batched_tile<<<grid, block>>>(in, out, (int)d1, (int)d2, (unsigned)tiles_x,
                                            (unsigned)(tiles_x * tiles_y));
    CHECK_LAUNCH();
    return NULL;
}

/* ---- 3. Every permutation that moves the fastest axis ---------------------- */

/* The same tile with strides for arguments. The tile spans two input
 * axes: its columns run along the input's fastest axis (stride 1: reads
 * are whole rows of 128 bytes), its rows along the axis that becomes the
 * output's fastest (stride 1 in the output: writes are whole rows too).
 * The third axis, z, only moves the tile, and is folded into the block
 * number. For (0, 2, 1) this is exactly transpose_batched_tile; for
 * (2, 1, 0) the tile's rows lie d1 * d2 floats apart in the input, which
 * costs nothing more: each row is still read as one 128-byte piece. */
__global__ void __launch_bounds__(TILE * BLOCK_ROWS)
permute_tiled(const float *__restrict__ in, float *__restrict__ out, int n_rows, int n_cols,
              unsigned tiles_x, unsigned tiles_per_z, size_t in_row, size_t in_z,
              size_t out_col, size_t out_z)
{
    __shared__ float tile[TILE][TILE + 1];
    unsigned t = blockIdx.x;
    unsigned z = t / tiles_per_z;
    unsigned rest = t - z * tiles_per_z;
    int r0 = (int)(rest / tiles_x) * TILE, c0 = (int)(rest % tiles_x) * TILE;
    const float *src = in + z * in_z;
    float *dst = out + z * out_z;
    int tx = threadIdx.x;

    for (int j = threadIdx.y; j < TILE; j += BLOCK_ROWS)
        if (r0 + j < n_rows && c0 + tx < n_cols)
            tile[j][tx] = src[(size_t)(r0 + j) * in_row + c0 + tx];
    __syncthreads();
    for (int j = threadIdx.y; j < TILE; j += BLOCK_ROWS)
        if (c0 + j < n_cols && r0 + tx < n_rows)
            dst[(size_t)(c0 + j) * out_col + r0 + tx] = tile[tx][j];
}

/* What the two tile kernels' launches share: the plan of a permutation
 * that moves the fastest axis, its tiles of `tile` x `tile` along each of
 * the two tile axes, and the 1-D grid of every tile of every z. */
static const char *plan_tile_grid(long d0, long d1, long d2, const int perm[3], int tile,
                                  tile_plan *p, unsigned *tiles_x, unsigned *tiles_per_z,
                                  dim3 *grid)
{
    long d[3] = { d0, d1, d2 };
    unsigned long long tx, ty;

    if (perm[2] == 2)
        return "the fastest axis stays: no tile needed (permute_rows)";
    plan_tiled(d, perm, p);
    tx = (p->n_cols + tile - 1) / tile;
    ty = (p->n_rows + tile - 1) / tile;
    *tiles_x = (unsigned)tx;
    *tiles_per_z = (unsigned)(tx * ty);
    return grid_1d(grid, (unsigned long long)p->n_z * tx * ty);
}

const char *launch_permute_tiled(const float *in, float *out, long d0, long d1, long d2,
                                 const int perm[3], dim3 block)
{
    unsigned tiles_x, tiles_per_z;
    tile_plan p;
    dim3 grid;
    const char *na;

    if ((na = plan_tile_grid(d0, d1, d2, perm, TILE, &p, &tiles_x, &tiles_per_z, &grid)) != NULL ||
        (na = needs_tile_block(block)) != NULL)
        return na;
    permute_tiled<<<grid, block>>>(in, out, (int)p.n_rows, (int)p.n_cols, tiles_x, tiles_per_z,
                                   p.in_row, p.in_z, p.out_col, p.out_z);
    CHECK_LAUNCH();
    return NULL;
}

/* ---- 3b. The same permutations with chapter 9's levers 1 and 2 ------------- */

/* permute_tiled's strides with chapter 9's 64 x 64 tile for 256 threads
 * (lever 1: each thread loads 16 floats before it stores the first), and,
 * where every row of the tile starts 16 bytes aligned on both sides, the
 * same tile moved with float4 accesses (lever 2). The tile's columns run
 * along input axis 2, its rows along the axis that becomes the output's
 * fastest; the pitch of 65 floats keeps a warp's column reads on 32 banks
 * (the float4 stash touches each bank twice, as in chapter 9). (ptxas,
 * CUDA 13.0, sm_90: 34 registers for the scalar kernel, 7 blocks an SM;
 * 32 for the float4 one, 8 blocks. A bound of 8 blocks in
 * __launch_bounds__ is refused for the sm_75 build, whose SMs hold 1024
 * threads.) */
#define T64 64                              /* the tile: 64 x 64 floats      */
#define T64_THREADS 256
#define T64_PER_THREAD (T64 * T64 / T64_THREADS)   /* 16 floats a thread    */
#define T64_STEP (T64_THREADS / T64)               /* scalar: 4 rows a pass */
#define T64_VSTEP (T64_THREADS / (T64 / 4))        /* float4: 16 rows a pass */

/* Which tile block t moves: z (the axis that only moves the tile), and the
 * tile's first row and column; the pointers moved to that z. */
static __device__ __forceinline__ void tile64_origin(unsigned tiles_x, unsigned tiles_per_z,
                                                     size_t in_z, size_t out_z, int *r0,
                                                     int *c0, size_t *in_off, size_t *out_off)
{
    unsigned t = blockIdx.x;
    unsigned z = t / tiles_per_z;
    unsigned rest = t - z * tiles_per_z;
    *r0 = (int)(rest / tiles_x) * T64;
    *c0 = (int)(rest % tiles_x) * T64;
    *in_off = (size_t)z * in_z;
    *out_off = (size_t)z * out_z;
}

/* Thread t loads column c0 + t % 64 of tile rows t / 64 + 4j, all 16
 * loads before any store; a warp reads 128 contiguous bytes a row. */
__global__ void __launch_bounds__(T64_THREADS)
permute_tile64(const float *__restrict__ in, float *__restrict__ out, int n_rows, int n_cols,
               unsigned tiles_x, unsigned tiles_per_z, size_t in_row, size_t in_z,
               size_t out_col, size_t out_z)
{
    __shared__ float tile[T64][T64 + 1];
    float v[T64_PER_THREAD];
    int r0, c0, x = threadIdx.x % T64, y = threadIdx.x / T64;
    size_t in_off, out_off;

    tile64_origin(tiles_x, tiles_per_z, in_z, out_z, &r0, &c0, &in_off, &out_off);
#pragma unroll
    for (int j = 0; j < T64_PER_THREAD; j++) {
        int r = r0 + y + j * T64_STEP;
        v[j] = (r < n_rows && c0 + x < n_cols) ? in[in_off + (size_t)r * in_row + c0 + x] : 0.0f;
    }
#pragma unroll
    for (int j = 0; j < T64_PER_THREAD; j++)
        tile[y + j * T64_STEP][x] = v[j];
    __syncthreads();
    /* Output row c0 + c (an input column), element r0 + x (an input row). */
#pragma unroll
    for (int j = 0; j < T64_PER_THREAD; j++) {
        int c = y + j * T64_STEP;
        if (c0 + c < n_cols && r0 + x < n_rows)
            out[out_off + (size_t)(c0 + c) * out_col + r0 + x] = tile[x][c];
    }
}

/* The same with float4s: thread t covers float4 column t % 16 of tile
 * rows t / 16 + 16j. Needs n_rows, n_cols and every stride multiples of 4
 * and both bases 16-byte aligned (launch_permute_tile64 checks), so that
 * a float4 is all in or all out of the tensor and aligned. */
__global__ void __launch_bounds__(T64_THREADS)
permute_tile64_vec4(const float *__restrict__ in, float *__restrict__ out, int n_rows,
                    int n_cols, unsigned tiles_x, unsigned tiles_per_z, size_t in_row,
                    size_t in_z, size_t out_col, size_t out_z)
{
    __shared__ float tile[T64][T64 + 1];
    float v[T64_PER_THREAD];
    int r0, c0, x = 4 * (threadIdx.x % (T64 / 4)), y = threadIdx.x / (T64 / 4);
    size_t in_off, out_off;

    tile64_origin(tiles_x, tiles_per_z, in_z, out_z, &r0, &c0, &in_off, &out_off);
#pragma unroll
    for (int j = 0; j < T64_PER_THREAD / 4; j++) {
        int r = r0 + y + j * T64_VSTEP;
        float4 q = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
        if (r < n_rows && c0 + x < n_cols)
            q = *(const float4 *)&in[in_off + (size_t)r * in_row + c0 + x];
        v[4 * j] = q.x;
        v[4 * j + 1] = q.y;
        v[4 * j + 2] = q.z;
        v[4 * j + 3] = q.w;
    }
#pragma unroll
    for (int j = 0; j < T64_PER_THREAD / 4; j++)
#pragma unroll
        for (int k = 0; k < 4; k++)
            tile[y + j * T64_VSTEP][x + k] = v[4 * j + k];
    __syncthreads();
    /* A float4 of output row c0 + c holds input rows r0 + x .. r0 + x + 3. */
#pragma unroll
    for (int j = 0; j < T64_PER_THREAD / 4; j++) {
        int c = y + j * T64_VSTEP;
        if (c0 + c < n_cols && r0 + x < n_rows)
            __stwb((float4 *)&out[out_off + (size_t)(c0 + c) * out_col + r0 + x],
                   make_float4(tile[x][c], tile[x + 1][c], tile[x + 2][c], tile[x + 3][c]));
    }
}

const char *launch_permute_tile64(const float *in, float *out, long d0, long d1, long d2,
                                  const int perm[3], dim3 block)
{
    unsigned tiles_x, tiles_per_z;
    tile_plan p;
    dim3 grid;
    const char *na;
    int vec4;

    if ((na = plan_tile_grid(d0, d1, d2, perm, T64, &p, &tiles_x, &tiles_per_z, &grid)) != NULL)
        return na;
    if (block.x * block.y * block.z != T64_THREADS)
        return "written for blocks of 256 threads";
    vec4 = p.n_rows % 4 == 0 && p.n_cols % 4 == 0 && p.in_row % 4 == 0 && p.in_z % 4 == 0 &&
           p.out_col % 4 == 0 && p.out_z % 4 == 0 && ((uintptr_t)in & 15) == 0 &&
           ((uintptr_t)out & 15) == 0;
    if (vec4)
        permute_tile64_vec4<<<grid, block>>>(in, out, (int)p.n_rows, (int)p.n_cols, tiles_x,
                                             tiles_per_z, p.in_row, p.in_z, p.out_col, p.out_z);
    else
        permute_tile64<<<grid, block>>>(in, out, (int)p.n_rows, (int)p.n_cols, tiles_x,
                                        tiles_per_z, p.in_row, p.in_z, p.out_col, p.out_z);
    CHECK_LAUNCH();
    return NULL;
}

/* ---- 4. The permutation that keeps the fastest axis ------------------------ */

/* (1, 0, 2) keeps every row of d2 floats whole: it only reorders rows.
 * No tile, no shared memory: each block copies a piece of ROW_GROUP rows,
 * loads first and stores after (as the copy kernel does), in float4s. Row
 * r = i0 * d1 + i1 of the input goes to output row i1 * d0 + i0. */
__global__ void __launch_bounds__(ROW_THREADS)
permute_rows_vec4(const float4 *__restrict__ in, float4 *__restrict__ out, unsigned n_rows,
                  int d1, int width4, unsigned pieces, size_t out_s0, size_t out_s1)
{
    unsigned group = blockIdx.x / pieces;
    int x = (int)(blockIdx.x - group * pieces) * ROW_THREADS + threadIdx.x;
    float4 v[ROW_GROUP];

#pragma unroll
    for (int k = 0; k < ROW_GROUP; k++) {
        unsigned r = group * ROW_GROUP + k;
        if (r < n_rows && x < width4)
            v[k] = in[(size_t)r * width4 + x];
    }
#pragma unroll
    for (int k = 0; k < ROW_GROUP; k++) {
        unsigned r = group * ROW_GROUP + k;
        if (r < n_rows && x < width4)
            out[(r / d1) * out_s0 + (r % d1) * out_s1 + x] = v[k];
    }
}

/* The same one float at a time, for rows whose length is no multiple of 4
 * (their starts are then not 16-byte aligned). */
__global__ void __launch_bounds__(ROW_THREADS)
permute_rows_scalar(const float *__restrict__ in, float *__restrict__ out, unsigned n_rows,
                    int d1, int width, unsigned pieces, size_t out_s0, size_t out_s1)
{
    unsigned group = blockIdx.x / pieces;
    int x = (int)(blockIdx.x - group * pieces) * ROW_THREADS + threadIdx.x;
    float v[ROW_GROUP];

#pragma unroll
    for (int k = 0; k < ROW_GROUP; k++) {
        unsigned r = group * ROW_GROUP + k;
        if (r < n_rows && x < width)
            v[k] = in[(size_t)r * width + x];
    }
#pragma unroll
    for (int k = 0; k < ROW_GROUP; k++) {
        unsigned r = group * ROW_GROUP + k;
        if (r < n_rows && x < width)
            out[(r / d1) * out_s0 + (r % d1) * out_s1 + x] = v[k];
    }
}

const char *launch_permute_rows(const float *in, float *out, long d0, long d1, long d2,
                                const int perm[3], dim3 block)
{
    long d[3] = { d0, d1, d2 };
    size_t out_stride[3];
    int vec = d2 % 4 == 0;
    long width = vec ? d2 / 4 : d2;
    unsigned long long pieces = (width + ROW_THREADS - 1) / ROW_THREADS;
    unsigned long long groups = ((unsigned long long)d0 * d1 + ROW_GROUP - 1) / ROW_GROUP;
    dim3 grid;
    const char *na;

    if (perm[2] != 2)
        return "copies whole rows: only for permutations that keep the fastest axis";
    if (block.x != ROW_THREADS || block.y != 1 || block.z != 1)
        return "written for blocks of 128 x 1 threads";
    if ((unsigned long long)d0 * d1 > 4294967295ULL)
        return "numbers rows with 32 bits: at most 2^32 - 1 rows";
    if ((na = grid_1d(&grid, groups * pieces)) != NULL)
        return na;
    output_strides(d, perm, out_stride);
    if (vec)
        permute_rows_vec4<<<grid, block>>>((const float4 *)in, (float4 *)out,
                                           (unsigned)(d0 * d1), (int)d1, (int)width,
                                           (unsigned)pieces, out_stride[0] / 4,
                                           out_stride[1] / 4);
    else
        permute_rows_scalar<<<grid, block>>>(in, out, (unsigned)(d0 * d1), (int)d1, (int)width,
                                             (unsigned)pieces, out_stride[0], out_stride[1]);
    CHECK_LAUNCH();
    return NULL;
}

/* ---- 5. The square transpose in place ---------------------------------------- */

/* One buffer, n x n matrices (d0 of them). Tile (i, j) and tile (j, i)
 * swap places, each transposed: a block takes the pair with i <= j, loads
 * both tiles into shared memory, waits, then writes each into the other's
 * place. No other block reads or writes those two tiles, so the load-all-
 * then-write-all order inside the block is all the safety needed. A tile
 * on the diagonal (i == j) is its own partner: loaded, then written back
 * transposed. Pairs are numbered k = j (j + 1) / 2 + i, so a 1-D grid of
 * d0 * T (T + 1) / 2 blocks covers them (T tiles per side). */
__global__ void __launch_bounds__(TILE * BLOCK_ROWS)
transpose_in_place_square(float *m, int n, unsigned pairs)
{
    __shared__ float a[TILE][TILE + 1], b[TILE][TILE + 1];
    unsigned t = blockIdx.x;
    unsigned mat = t / pairs;
    unsigned long long i, j;
    float *base = m + (size_t)mat * (size_t)n * (size_t)n;
    int tx = threadIdx.x;
    int ri, cj;

    tile_pair(t - mat * pairs, &i, &j);  /* plan.h */
    ri = (int)i * TILE;                  /* tile A: rows ri.., columns cj.. */
    cj = (int)j * TILE;                  /* tile B: rows cj.., columns ri.. */

    /* All eight loads (four of each tile) into registers first, then into
     * shared memory: a thread has every load in flight before it waits for
     * the first one. Written as a loop of loads and shared stores, the
     * kernel reached 76.5% of transpose_batched_tile on an H100 (./chapter11,
     * 512 x 512 x 512); this form 90.6% (README.md, What to notice). */
    float va[TILE / BLOCK_ROWS], vb[TILE / BLOCK_ROWS];
#pragma unroll
    for (int k = 0; k < TILE / BLOCK_ROWS; k++) {
        int y = threadIdx.y + k * BLOCK_ROWS;
        va[k] = ri + y < n && cj + tx < n ? base[(size_t)(ri + y) * n + cj + tx] : 0.0f;
        vb[k] = i != j && cj + y < n && ri + tx < n ? base[(size_t)(cj + y) * n + ri + tx] : 0.0f;
    }
#pragma unroll
    for (int k = 0; k < TILE / BLOCK_ROWS; k++) {
        a[threadIdx.y + k * BLOCK_ROWS][tx] = va[k];
        b[threadIdx.y + k * BLOCK_ROWS][tx] = vb[k];
    }
    __syncthreads();
    for (int y = threadIdx.y; y < TILE; y += BLOCK_ROWS) {
        if (cj + y < n && ri + tx < n)           /* A transposed, into B's place */
            base[(size_t)(cj + y) * n + ri + tx] = a[tx][y];
        if (i != j && ri + y < n && cj + tx < n) /* B transposed, into A's place */
            base[(size_t)(ri + y) * n + cj + tx] = b[tx][y];
    }
}

const char *launch_in_place_square(const float *in, float *out, long d0, long d1, long d2,
                                   const int perm[3], dim3 block)
{
    unsigned long long tiles = (d1 + TILE - 1) / TILE, pairs = tiles * (tiles + 1) / 2;
    dim3 grid;
    const char *na;

    if (!perm_is(perm, 0, 2, 1))
        return "transposes the matrices of a batch, permutation (0, 2, 1) only";
    if (in != out)
        return "works in place: the table row must set in_place";
    if (d1 != d2)
        return "in place only for square matrices (d1 == d2); see the lesson";
    if ((na = needs_tile_block(block)) != NULL ||
        (na = grid_1d(&grid, (unsigned long long)d0 * pairs)) != NULL)
        return na;
    transpose_in_place_square<<<grid, block>>>(out, (int)d1, (unsigned)pairs);
    CHECK_LAUNCH();
    return NULL;
}

/* Chapter 9's lever 1 on the same pair: 64 x 64 tiles and 256 threads,
 * thread t covering column t % 64 of rows t / 64 + 4k of each tile, so a
 * thread issues 16 loads of each tile, 32 in all, before its first shared
 * store (transpose_in_place_square: 8). The hypothesis it tested: the
 * in-place kernel, like the permutations, is short of bytes in flight on
 * the H200 (NOTES.md, "The H200's gap, in counters"). Nsight Compute at
 * 512 x 512 x 512 (scripts/ncu_cases.sh, 2026-11-23) agrees: 264.9 us
 * and 82% of DRAM's peak on an H200, against 407.1 us and 53% for
 * transpose_in_place_square (H100: 357.6 against 405.2 us); the lesson's
 * tables time it. Two padded 64 x 65 tiles are 33,280 bytes of shared
 * memory a block. */
#define IP64 64
#define IP64_STEP (TILE64_THREADS / IP64)   /* rows a pass: 4 */
/* 5 blocks an SM, 48 registers a thread, the most with no spills (6: 40,
 * which spill; `nvcc -arch=sm_90 -O3 -Xptxas -v`), where an SM holds 2048
 * threads (MIN_BLOCKS_2048, chapters/tile.h). (Shared memory may fit
 * fewer: 5 x 33,280 bytes.) */
__global__ void __launch_bounds__(TILE64_THREADS, MIN_BLOCKS_2048(5))
transpose_in_place_tile64(float *m, int n, unsigned pairs)
{
    __shared__ float a[IP64][IP64 + 1], b[IP64][IP64 + 1];
    unsigned t = blockIdx.x;
    unsigned mat = t / pairs;
    unsigned long long i, j;
    float *base = m + (size_t)mat * (size_t)n * (size_t)n;
    int x = threadIdx.x % IP64, y0 = threadIdx.x / IP64;
    int ri, cj;
    float va[IP64 / IP64_STEP], vb[IP64 / IP64_STEP];

    tile_pair(t - mat * pairs, &i, &j);  /* plan.h */
    ri = (int)i * IP64;                  /* tile A: rows ri.., columns cj.. */
    cj = (int)j * IP64;                  /* tile B: rows cj.., columns ri.. */
    /* This thread's element of row y0 + 4k: of tile A at pa + 4k n, of
     * tile B at pb + 4k n (one pointer each, stepped: fewer registers
     * than 32 addresses). A transposed goes where B was, and B where A
     * was, so the stores walk the same two pointers. rows_a and rows_b:
     * the tile rows this thread has inside the matrix, from y0 on. */
    float *const pa = base + (size_t)(ri + y0) * n + cj + x;
    float *const pb = base + (size_t)(cj + y0) * n + ri + x;
    const size_t step = (size_t)IP64_STEP * n;
    const int rows_a = n - ri - y0, rows_b = n - cj - y0;
    const bool in_a = cj + x < n, in_b = i != j && ri + x < n;
    const float *qa = pa, *qb = pb;
#pragma unroll
    for (int k = 0; k < IP64 / IP64_STEP; k++) {
        va[k] = in_a && k * IP64_STEP < rows_a ? *qa : 0.0f;
        vb[k] = in_b && k * IP64_STEP < rows_b ? *qb : 0.0f;
        qa += step;
        qb += step;
    }
#pragma unroll
    for (int k = 0; k < IP64 / IP64_STEP; k++) {
        a[y0 + k * IP64_STEP][x] = va[k];
        b[y0 + k * IP64_STEP][x] = vb[k];
    }
    __syncthreads();
    float *wa = pa, *wb = pb;
#pragma unroll
    for (int k = 0; k < IP64 / IP64_STEP; k++) {
        int y = y0 + k * IP64_STEP;
        if (k * IP64_STEP < rows_b && ri + x < n)           /* A transposed, into B's place */
            *wb = a[x][y];
        if (i != j && k * IP64_STEP < rows_a && cj + x < n) /* B transposed, into A's place */
            *wa = b[x][y];
        wa += step;
        wb += step;
    }
}

const char *launch_in_place_tile64(const float *in, float *out, long d0, long d1, long d2,
                                   const int perm[3], dim3 block)
{
    unsigned long long tiles = (d1 + IP64 - 1) / IP64, pairs = tiles * (tiles + 1) / 2;
    dim3 grid;
    const char *na;

    if (!perm_is(perm, 0, 2, 1))
        return "transposes the matrices of a batch, permutation (0, 2, 1) only";
    if (in != out)
        return "works in place: the table row must set in_place";
    if (d1 != d2)
        return "in place only for square matrices (d1 == d2); see the lesson";
    if (block.x != TILE64_THREADS || block.y != 1 || block.z != 1)
        return "written for blocks of 256 x 1 threads";
    if ((na = grid_1d(&grid, (unsigned long long)d0 * pairs)) != NULL)
        return na;
    transpose_in_place_tile64<<<grid, block>>>(out, (int)d1, (unsigned)pairs);
    CHECK_LAUNCH();
    return NULL;
}
