/*
 * chapters/09_beyond/kernels.cu - the kernels of chapter 9 and their launch
 * functions: a copy yardstick, the levers, and the launch function that
 * picks the right kernel and tile order for any shape (the cuBLAS
 * baseline is in cublas.cu, so that these link without cuBLAS).
 *
 * Every tile kernel moves one 64x64 tile per block of 256 threads, so each
 * thread carries 16 elements (64 bytes) from global to shared memory and
 * 16 back out. Tiles are numbered along a 1D grid (or a loop), never a 2D
 * grid: a 2^26 x 1 matrix has 2^20 tiles in a column, far beyond the
 * 65535 that gridDim.y allows.
 *
 * Indexing: a side fits an int (the harness allows at most INT_MAX), but
 * a matrix may have more than 2^31 elements (40000 x 40000 is 1.6 x 10^9),
 * so every offset into the matrix, row * cols + col, is computed in 64
 * bits: (size_t)row * cols + col. Tile numbers and positions inside a
 * tile stay ints.
 */
#include <stdint.h>

#include "kernels.h"
#include "dispatch.h"   /* SKINNY_MAX, SECTOR_FLOATS, any_shape_choice() */

#define TILE_BIG 64                                  /* a block moves a 64x64 tile   */
/* TILE_THREADS (256), the block size: kernels.h */
#define TILE_PER_THREAD (TILE_BIG * TILE_BIG / TILE_THREADS)   /* 16 elements each */
#define SCALAR_STEP (TILE_THREADS / TILE_BIG)        /* 4: rows between a thread's elements */
#define VEC_STEP (TILE_THREADS / (TILE_BIG / 4))     /* 16: the same for float4 accesses    */
#define COPY_PER_THREAD 4                            /* float4s per thread in copy_vec4     */

static int aligned16(const void *p)
{
    return ((uintptr_t)p & 15) == 0;
}

/* ---- The yardstick: a copy, and the transpose of a vector ------------- */

/* Each block copies one contiguous chunk of 1024 float4s (16 KB): every
 * thread issues its 4 loads before its 4 stores. The last n % 4 floats go
 * one per thread of block 0. Needs 16-byte aligned pointers. A 1 x N or
 * N x 1 transpose is exactly this copy: same bytes, same order. */
__global__ void __launch_bounds__(TILE_THREADS)
copy_vec4(const float *__restrict__ in, float *__restrict__ out, size_t n)
{
    const float4 *in4 = (const float4 *)in;
    float4 *out4 = (float4 *)out;
    size_t n4 = n / 4;
    size_t i = (size_t)blockIdx.x * (TILE_THREADS * COPY_PER_THREAD) + threadIdx.x;
    float4 v[COPY_PER_THREAD];

#pragma unroll
    for (int k = 0; k < COPY_PER_THREAD; k++)
        if (i + k * TILE_THREADS < n4)
            v[k] = in4[i + k * TILE_THREADS];
#pragma unroll
    for (int k = 0; k < COPY_PER_THREAD; k++)
        if (i + k * TILE_THREADS < n4)
            out4[i + k * TILE_THREADS] = v[k];
    if (blockIdx.x == 0 && threadIdx.x < n - 4 * n4)
        out[4 * n4 + threadIdx.x] = in[4 * n4 + threadIdx.x];
}

const char *launch_copy_vec4(const float *in, float *out, int rows, int cols, dim3 block)
{
    long n = (long)rows * cols;
    long blocks = (n / 4 + TILE_THREADS * COPY_PER_THREAD - 1) / (TILE_THREADS * COPY_PER_THREAD);
    dim3 grid;
    const char *na = tp_grid(&grid, blocks > 0 ? blocks : 1, 1, 1, 1);
    if (na)
        return na;
    copy_vec4<<<grid, block, 0, TP_STREAM>>>(in, out, (size_t)n);
    CHECK_LAUNCH();
    return NULL;
}

/* ---- One 64x64 tile: load, stash in shared memory, store -------------- */

/* Scalar accesses: thread t covers column t % 64 of rows t / 64 + 4j. A
 * warp reads 32 neighbours of one row (128 bytes, coalesced at any
 * alignment of the row), and all 16 loads are issued before any is used:
 * 16 x 4 = 64 bytes in flight per thread. */
static __device__ __forceinline__ void tile_load(const float *__restrict__ in, int rows, int cols,
                                                 int r0, int c0, float v[TILE_PER_THREAD])
{
    int col = c0 + threadIdx.x % TILE_BIG;
    int row0 = r0 + threadIdx.x / TILE_BIG;
#pragma unroll
    for (int j = 0; j < TILE_PER_THREAD; j++) {
        int row = row0 + j * SCALAR_STEP;
        v[j] = (row < rows && col < cols) ? in[(size_t)row * cols + col] : 0.0f;
    }
}

/* The pitch of 65 floats puts the 32 threads of a warp, which write one
 * row here and read one column in tile_store, on 32 different banks. */
static __device__ __forceinline__ void tile_stash(float tile[TILE_BIG][TILE_BIG + 1],
                                                  const float v[TILE_PER_THREAD])
{
    int x = threadIdx.x % TILE_BIG, y = threadIdx.x / TILE_BIG;
#pragma unroll
    for (int j = 0; j < TILE_PER_THREAD; j++)
        tile[y + j * SCALAR_STEP][x] = v[j];
}

/* Thread t writes output row c0 + t / 64 + 4j (an input column) at output
 * column r0 + t % 64 (an input row): a warp writes 128 contiguous bytes. */
static __device__ __forceinline__ void tile_store(float tile[TILE_BIG][TILE_BIG + 1],
                                                  float *__restrict__ out, int rows, int cols,
                                                  int r0, int c0)
{
    int x = threadIdx.x % TILE_BIG, y = threadIdx.x / TILE_BIG;
    int out_col = r0 + x;
#pragma unroll
    for (int j = 0; j < TILE_PER_THREAD; j++) {
        int out_row = c0 + y + j * SCALAR_STEP;
        if (out_row < cols && out_col < rows)
            out[(size_t)out_row * rows + out_col] = tile[x][y + j * SCALAR_STEP];
    }
}

/* 16-byte accesses (needs cols % 4 == 0 and a 16-byte aligned base, so
 * every row starts 16-byte aligned and a float4 is all in or all out of
 * the matrix): thread t covers float4 column t % 16 of rows t / 16 + 16j.
 * The same 64 bytes per thread in a quarter of the load instructions; a
 * warp reads 2 rows x 256 bytes per instruction. */
static __device__ __forceinline__ void tile_load_vec4(const float *__restrict__ in, int rows,
                                                      int cols, int r0, int c0,
                                                      float v[TILE_PER_THREAD])
{
    int col = c0 + 4 * (threadIdx.x % (TILE_BIG / 4));
    int row0 = r0 + threadIdx.x / (TILE_BIG / 4);
#pragma unroll
    for (int j = 0; j < TILE_PER_THREAD / 4; j++) {
        int row = row0 + j * VEC_STEP;
        float4 q = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
        if (row < rows && col < cols)
            q = *(const float4 *)&in[(size_t)row * cols + col];
        v[4 * j] = q.x;
        v[4 * j + 1] = q.y;
        v[4 * j + 2] = q.z;
        v[4 * j + 3] = q.w;
    }
}

/* Scalar shared stores; a warp touches each bank twice (a 2-way conflict,
 * cheap next to the DRAM traffic: see README.md). */
static __device__ __forceinline__ void tile_stash_vec4(float tile[TILE_BIG][TILE_BIG + 1],
                                                       const float v[TILE_PER_THREAD])
{
    int x = 4 * (threadIdx.x % (TILE_BIG / 4)), y = threadIdx.x / (TILE_BIG / 4);
#pragma unroll
    for (int j = 0; j < TILE_PER_THREAD / 4; j++)
#pragma unroll
        for (int k = 0; k < 4; k++)
            tile[y + j * VEC_STEP][x + k] = v[4 * j + k];
}

/* Needs rows % 4 == 0: a float4 of output row c0 + y + 16j holds input rows
 * r0 + x ... r0 + x + 3 of one input column, 4 reads down a tile column. */
static __device__ __forceinline__ void tile_store_vec4(float tile[TILE_BIG][TILE_BIG + 1],
                                                       float *__restrict__ out, int rows,
                                                       int cols, int r0, int c0)
{
    int x = 4 * (threadIdx.x % (TILE_BIG / 4)), y = threadIdx.x / (TILE_BIG / 4);
    int out_col = r0 + x;
#pragma unroll
    for (int j = 0; j < TILE_PER_THREAD / 4; j++) {
        int c = y + j * VEC_STEP, out_row = c0 + c;
        if (out_row < cols && out_col < rows)
            *(float4 *)&out[(size_t)out_row * rows + out_col] =
                make_float4(tile[x][c], tile[x + 1][c], tile[x + 2][c], tile[x + 3][c]);
    }
}

/* Which tile a block (or a loop step) works on, in a grid of tiles_y x
 * tiles_x tiles. Two orders (lever 6):
 *   along rows (down = 0)  tile 0, 1, 2, ... go along a row of tiles:
 *                          blocks that run together read whole input rows,
 *                          and write short pieces of many output rows;
 *   down columns (down = 1) they go down a column of tiles: blocks that run
 *                          together write whole output rows (input columns)
 *                          and read short pieces of many input rows. */
static __device__ __forceinline__ void tile_origin(int tile, int tiles_y, int tiles_x, int down,
                                                   int *r0, int *c0)
{
    if (down) {
        *r0 = (tile % tiles_y) * TILE_BIG;
        *c0 = (tile / tiles_y) * TILE_BIG;
    } else {
        *r0 = (tile / tiles_x) * TILE_BIG;
        *c0 = (tile % tiles_x) * TILE_BIG;
    }
}

/* How many tiles cover n rows or columns (n is a long: the sector-aligned
 * kernel asks for rows + 7, which may pass INT_MAX). */
static __host__ __device__ __forceinline__ int tiles_of(long n)
{
    return (int)((n + TILE_BIG - 1) / TILE_BIG);
}

static long tile_count(long rows, long cols)
{
    return (long)tiles_of(rows) * tiles_of(cols);
}

/* 16-byte accesses on both sides need both pitches (cols for the input,
 * rows for the output) to be multiples of 4 floats, and aligned bases. */
static int can_vec4(const float *in, const float *out, int rows, int cols)
{
    return cols % 4 == 0 && rows % 4 == 0 && aligned16(in) && aligned16(out);
}

/* ---- Lever 1: a bigger tile, more bytes in flight per thread ---------- */

/* Chapter 7's padded tile, but 64x64 with 256 threads: 16 loads in flight
 * per thread instead of 4, so a resident block keeps 16 KB moving. */
__global__ void __launch_bounds__(TILE_THREADS)
transpose_tile64(const float *__restrict__ in, float *__restrict__ out, int rows, int cols,
                 int down)
{
    __shared__ float tile[TILE_BIG][TILE_BIG + 1];
    float v[TILE_PER_THREAD];
    int r0, c0;

    tile_origin(blockIdx.x, tiles_of(rows), tiles_of(cols), down, &r0, &c0);
    tile_load(in, rows, cols, r0, c0, v);
    tile_stash(tile, v);
    __syncthreads();
    tile_store(tile, out, rows, cols, r0, c0);
}

/* launch_tile64 is in the lever 2 section: it shares its launch code. */

/* ---- Lever 2: 16-byte loads and stores -------------------------------- */

/* The same tile, moved with float4 accesses: 4 times fewer memory
 * instructions for the same bytes. */
__global__ void __launch_bounds__(TILE_THREADS)
transpose_tile64_vec4(const float *__restrict__ in, float *__restrict__ out, int rows,
                      int cols, int down)
{
    __shared__ float tile[TILE_BIG][TILE_BIG + 1];
    float v[TILE_PER_THREAD];
    int r0, c0;

    tile_origin(blockIdx.x, tiles_of(rows), tiles_of(cols), down, &r0, &c0);
    tile_load_vec4(in, rows, cols, r0, c0, v);
    tile_stash_vec4(tile, v);
    __syncthreads();
    tile_store_vec4(tile, out, rows, cols, r0, c0);
}

/* One launch for levers 1, 2 and 6: vec4 picks 16-byte accesses where
 * the shape allows them, down the tile order. */
static const char *launch_tiles(const float *in, float *out, int rows, int cols, dim3 block,
                                int vec4, int down)
{
    dim3 grid;
    const char *na = tp_grid(&grid, tile_count(rows, cols), 1, 1, 1);
    if (na)
        return na;
    if (vec4 && can_vec4(in, out, rows, cols))
        transpose_tile64_vec4<<<grid, block, 0, TP_STREAM>>>(in, out, rows, cols, down);
    else
        transpose_tile64<<<grid, block, 0, TP_STREAM>>>(in, out, rows, cols, down);
    CHECK_LAUNCH();
    return NULL;
}

const char *launch_tile64(const float *in, float *out, int rows, int cols, dim3 block)
{
    return launch_tiles(in, out, rows, cols, block, 0, 0);
}

/* Shapes whose rows are not 16-byte aligned take the scalar kernel. */
const char *launch_tile64_vec4(const float *in, float *out, int rows, int cols, dim3 block)
{
    return launch_tiles(in, out, rows, cols, block, 1, 0);
}

/* ---- Lever 3 (did not pay): a persistent grid that prefetches --------- */

/* One wave of blocks; each loops over tiles blockIdx.x, + gridDim.x, ...
 * While a block stores tile i from shared memory, the loads of tile i + 1
 * are already in flight, so the barrier never empties its pipe. vec picks
 * 16-byte or scalar accesses (the same for every thread). */
__global__ void __launch_bounds__(TILE_THREADS)
transpose_persistent(const float *__restrict__ in, float *__restrict__ out, int rows, int cols,
                     int tiles, int vec)
{
    __shared__ float tile[TILE_BIG][TILE_BIG + 1];
    float v[TILE_PER_THREAD];
    int t = blockIdx.x, r0, c0;

    tile_origin(t, tiles_of(rows), tiles_of(cols), 0, &r0, &c0);
    if (vec)
        tile_load_vec4(in, rows, cols, r0, c0, v);
    else
        tile_load(in, rows, cols, r0, c0, v);
    for (; t < tiles; t += gridDim.x) {
        int nr0, nc0;
        __syncthreads();              /* everyone has read the previous tile  */
        if (vec)
            tile_stash_vec4(tile, v);
        else
            tile_stash(tile, v);
        __syncthreads();
        tile_origin(t + gridDim.x, tiles_of(rows), tiles_of(cols), 0, &nr0, &nc0);
        if (t + gridDim.x < tiles) {  /* prefetch: v is free again            */
            if (vec)
                tile_load_vec4(in, rows, cols, nr0, nc0, v);
            else
                tile_load(in, rows, cols, nr0, nc0, v);
        }
        if (vec)
            tile_store_vec4(tile, out, rows, cols, r0, c0);
        else
            tile_store(tile, out, rows, cols, r0, c0);
        r0 = nr0;
        c0 = nc0;
    }
}

/* As many blocks as the occupancy calculator says fit: one full wave. */
const char *launch_persistent(const float *in, float *out, int rows, int cols, dim3 block)
{
    static int per_sm = 0, sms = 0;
    long tiles = tile_count(rows, cols), blocks;
    int device;

    if (per_sm == 0) {
        CHECK_CUDA(cudaGetDevice(&device));
        CHECK_CUDA(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
        CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, transpose_persistent,
                                                                 TILE_THREADS, 0));
    }
    blocks = (long)per_sm * sms;
    if (blocks > tiles)
        blocks = tiles;
    transpose_persistent<<<(unsigned)blocks, block, 0, TP_STREAM>>>(
        in, out, rows, cols, (int)tiles, can_vec4(in, out, rows, cols));
    CHECK_LAUNCH();
    return NULL;
}

/* ---- Lever 4: write whole 32-byte sectors on any shape ---------------- */

/* When rows % 8 != 0, output rows start anywhere inside a 32-byte sector,
 * and a 64-float row segment of a tile covers 9 sectors, the first and
 * the last only in part. Measured (README.md, lever 4): such partial writes
 * cost a lot. Why is a hypothesis, not measured: with ECC, DRAM may have to
 * read a partly written sector, merge and write it back. Here each output
 * row's segment is shifted left by s = (out_row * rows) mod 8 floats so it
 * starts on a sector boundary: the block loads 72 input rows (r0 - 8 ...
 * r0 + 63; the first 8 also belong to the tile above, and mostly come
 * from L2) and writes, in each of its 64 output rows, the 64 elements
 * that fill whole sectors. Element (r, c) belongs to the tile whose
 * window [r0 - s, r0 - s + 64) of column c holds r: every element once. */
#define ALIGNED_ROWS (TILE_BIG + SECTOR_FLOATS)            /* 72 rows loaded */
static __device__ __forceinline__ void sector_aligned_tile(const float *__restrict__ in,
                                                           float *__restrict__ out, int rows,
                                                           int cols, int r0, int c0)
{
    __shared__ float tile[ALIGNED_ROWS][TILE_BIG + 1];
    float v[ALIGNED_ROWS / SCALAR_STEP];
    int x = threadIdx.x % TILE_BIG, y = threadIdx.x / TILE_BIG;
    int col = c0 + x;

#pragma unroll
    for (int j = 0; j < ALIGNED_ROWS / SCALAR_STEP; j++) {
        int row = r0 - SECTOR_FLOATS + y + j * SCALAR_STEP;
        v[j] = (row >= 0 && row < rows && col < cols) ? in[(size_t)row * cols + col] : 0.0f;
    }
#pragma unroll
    for (int j = 0; j < ALIGNED_ROWS / SCALAR_STEP; j++)
        tile[y + j * SCALAR_STEP][x] = v[j];
    __syncthreads();
#pragma unroll
    for (int j = 0; j < TILE_PER_THREAD; j++) {
        int out_row = c0 + y + j * SCALAR_STEP;
        /* (out_row * rows) mod 8, without forming the product */
        int s = ((out_row % SECTOR_FLOATS) * (rows % SECTOR_FLOATS)) % SECTOR_FLOATS;
        int out_col = r0 - s + x;
        if (out_row < cols && out_col >= 0 && out_col < rows)
            out[(size_t)out_row * rows + out_col] = tile[SECTOR_FLOATS - s + x][y + j * SCALAR_STEP];
    }
}

/* Two kernels, one per tile order (lever 6), rather than one with the
 * order as an argument: with the argument, the compiler moved 4 of the 18
 * loads after the first shared-memory stores, so a thread waited for data
 * before its last loads had left, and the kernel lost 8% on an H200
 * (NOTES.md, lever 6). Here each kernel's tile position is plain
 * arithmetic on blockIdx.x. */
__global__ void __launch_bounds__(TILE_THREADS)
transpose_sector_aligned(const float *__restrict__ in, float *__restrict__ out, int rows,
                         int cols)
{
    int tiles_x = tiles_of(cols);
    sector_aligned_tile(in, out, rows, cols, (blockIdx.x / tiles_x) * TILE_BIG,
                        (blockIdx.x % tiles_x) * TILE_BIG);
}

__global__ void __launch_bounds__(TILE_THREADS)
transpose_sector_aligned_down(const float *__restrict__ in, float *__restrict__ out, int rows,
                              int cols)
{
    int tiles_y = tiles_of((long)rows + SECTOR_FLOATS - 1);
    sector_aligned_tile(in, out, rows, cols, (blockIdx.x % tiles_y) * TILE_BIG,
                        (blockIdx.x / tiles_y) * TILE_BIG);
}

/* The shifted windows reach 7 rows past the last multiple of 64, so the
 * grid has (rows + 7) / 64 tile rows, rounded up. */
static const char *launch_sector_tiles(const float *in, float *out, int rows, int cols,
                                       dim3 block, int down)
{
    dim3 grid;
    const char *na = tp_grid(&grid, tile_count((long)rows + SECTOR_FLOATS - 1, cols), 1, 1, 1);
    if (na)
        return na;
    if (down)
        transpose_sector_aligned_down<<<grid, block, 0, TP_STREAM>>>(in, out, rows, cols);
    else
        transpose_sector_aligned<<<grid, block, 0, TP_STREAM>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

const char *launch_sector_aligned(const float *in, float *out, int rows, int cols,
                                  dim3 block)
{
    return launch_sector_tiles(in, out, rows, cols, block, 0);
}

/* ---- Lever 5: skinny matrices, one side whole in each block ----------- */

/* A 64 x 64 tile needs 64 rows and 64 columns. An N x k or k x N matrix
 * with k = 2 has neither: every tile is 97% padding, and a warp's store
 * (N x k) or load (k x N) is 2 floats long. But when one side is small the
 * transpose is an interleave: each block takes ALL k rows (or columns) of a
 * chunk of w along the long side, a k x w piece that is w * k floats, and
 *   k x N (rows = k): reads k row segments of w floats (coalesced) and
 *                     writes w output rows of k floats, which lie one after
 *                     another: one contiguous run of w * k floats;
 *   N x k (cols = k): reads w input rows of k floats, one contiguous run,
 *                     and writes k output row segments of w floats.
 * Both sides of every block are long contiguous runs, as in a copy. The
 * piece goes through shared memory with a pitch of w + 1 floats: a walk
 * along its rows touches 32 different banks, a walk in run order does not
 * for k > 1 (up to k-way conflicts; docs/instructor-key.md, exercise 9,
 * has the table). Lever 5's measurement (README.md) found the piece is not
 * what limits these shapes. w * k is about SKINNY_FLOATS (16 KB), w a
 * multiple of 32. */
#define SKINNY_FLOATS 4096               /* floats per block's piece      */

/* A block's threads walk the k x len piece as a flat sequence idx = 0, 1,
 * ..., consecutive threads taking consecutive idx, so that whichever side
 * is contiguous in global memory is one coalesced run. Two orders:
 *   run order   idx = p * k + j    (w rows of k floats, one after another)
 *   row order   idx = j * len + p  (k rows of len floats)
 * A thread needs idx / d and idx % d (d = k or len) for every element;
 * a division by a run-time d costs tens of instructions, more than the
 * transpose can afford per element. So each thread divides once, and each
 * step of TILE_THREADS moves the quotient q and remainder r on with an add
 * and a carry. */
typedef struct { int q, r, dq, dr, d; } walk;

static __device__ __forceinline__ walk walk_start(int d)
{
    walk w = { (int)threadIdx.x / d, (int)threadIdx.x % d, TILE_THREADS / d, TILE_THREADS % d, d };
    return w;
}

static __device__ __forceinline__ void walk_step(walk *w)
{
    w->q += w->dq;
    w->r += w->dr;
    if (w->r >= w->d) {
        w->r -= w->d;
        w->q++;
    }
}

/* The read loop is the one place where a thread waits on DRAM: a load
 * whose value goes straight into shared memory must arrive before the
 * next iteration. So each thread first issues SKINNY_BATCH loads into
 * registers, then stashes them (a second walk from the same start finds
 * their places): SKINNY_BATCH x 4 bytes in flight per thread, not 4 (the
 * README's lever 5 shows what this bought). The write loop needs no
 * batch: stores do not wait. */
#define SKINNY_BATCH 8
__global__ void __launch_bounds__(TILE_THREADS)
transpose_skinny(const float *__restrict__ in, float *__restrict__ out, int rows, int cols,
                 int w)
{
    extern __shared__ float piece[];     /* piece[j * pitch + p]             */
    int pitch = w + 1;
    int wide = rows <= cols;             /* k x N (small rows) or N x k      */
    int k = wide ? rows : cols;          /* the small side                   */
    int n = wide ? cols : rows;          /* the long side                    */
    int p0 = blockIdx.x * w;             /* this block's chunk of the long side */
    int len = min(w, n - p0);            /* the last chunk may be shorter    */
    int count = k * len, idx, b;
    /* Read: piece[j][p] is element p0 + p of small-side line j. k x N reads
     * k input rows (row order); N x k reads len input rows of k: one run. */
    walk it = walk_start(wide ? len : k), again;

    for (idx = threadIdx.x; idx < count; idx += SKINNY_BATCH * TILE_THREADS) {
        float v[SKINNY_BATCH];
        again = it;
#pragma unroll
        for (b = 0; b < SKINNY_BATCH; b++, walk_step(&it))
            if (idx + b * TILE_THREADS < count)
                v[b] = wide ? in[(size_t)it.q * cols + p0 + it.r]
                            : in[(size_t)p0 * k + idx + b * TILE_THREADS];
#pragma unroll
        for (b = 0; b < SKINNY_BATCH; b++, walk_step(&again))
            if (idx + b * TILE_THREADS < count) {
                if (wide)
                    piece[again.q * pitch + again.r] = v[b];
                else
                    piece[again.r * pitch + again.q] = v[b];
            }
    }
    __syncthreads();
    /* Write the transposed piece. */
    if (wide) {                          /* len output rows of k: one run    */
        for (idx = threadIdx.x, it = walk_start(k); idx < count; idx += TILE_THREADS, walk_step(&it))
            out[(size_t)p0 * k + idx] = piece[it.r * pitch + it.q];
    } else {                             /* k output rows: row order         */
        for (idx = threadIdx.x, it = walk_start(len); idx < count; idx += TILE_THREADS, walk_step(&it))
            out[(size_t)it.q * rows + p0 + it.r] = piece[it.q * pitch + it.r];
    }
}

/* For matrices with a side of at most SKINNY_MAX, or wide ones of at most
 * SKINNY_ROWS_MAX rows. The piece is about SKINNY_FLOATS floats, but at
 * least 32 columns wide (a warp's coalesced row segment): for k > 128 it
 * would be k x 32; at most 128 x 33 floats = 16896 bytes here. */
const char *launch_skinny(const float *in, float *out, int rows, int cols, dim3 block)
{
    int k = rows < cols ? rows : cols, n = rows < cols ? cols : rows;
    int w = (SKINNY_FLOATS / k) / 32 * 32;
    size_t bytes;
    dim3 grid;
    const char *na;

    if (k > SKINNY_MAX && (rows > SKINNY_ROWS_MAX || rows > cols))
        return "for matrices with a side of at most 64, or at most 128 rows";
    if (w < 32)
        w = 32;
    bytes = (size_t)k * (w + 1) * sizeof(float);
    na = tp_grid(&grid, (n + w - 1) / w, 1, 1, 1);
    if (na)
        return na;
    transpose_skinny<<<grid, block, bytes, TP_STREAM>>>(in, out, rows, cols, w);
    CHECK_LAUNCH();
    return NULL;
}

/* ---- The chapter's answer: the right kernel for each shape ------------ */

/* What a library does: look at the shape, then launch the kernel that is
 * fastest for it (the decision is any_shape_choice() in dispatch.h).
 *   1 x N or N x 1       a copy (the bytes do not move relative to each other)
 *   tall, 48 to 64 cols,
 *   rows % 8 != 0        transpose_sector_aligned (measured faster than skinny)
 *   a side of <= 64, or
 *   <= 128 rows, rows % 8 != 0    an interleave: transpose_skinny
 *   rows % 8 != 0        output rows start mid-sector: transpose_sector_aligned
 *   cols % 4 == 0        every row 16-byte aligned: transpose_tile64_vec4
 *   otherwise            transpose_tile64 (output sectors are whole already)
 * and the tile kernels walk their tiles down columns when rows <= cols
 * (lever 6, any_shape_tiles_down()). */
const char *launch_any_shape(const float *in, float *out, int rows, int cols, dim3 block)
{
    int down = any_shape_tiles_down(rows, cols);

    switch (any_shape_choice(rows, cols, aligned16(in) && aligned16(out))) {
    case ANY_COPY:           return launch_copy_vec4(in, out, rows, cols, block);
    case ANY_SKINNY:         return launch_skinny(in, out, rows, cols, block);
    case ANY_SECTOR_ALIGNED: return launch_sector_tiles(in, out, rows, cols, block, down);
    case ANY_TILE64_VEC4:    return launch_tiles(in, out, rows, cols, block, 1, down);
    default:                 return launch_tiles(in, out, rows, cols, block, 0, down);
    }
}
