/*
 * chapters/12_distributed/kernels.cu - the kernels of chapter 12 and their
 * launch functions: the input filled and the output checked on the GPU
 * (nothing of a 16 GB matrix ever needs host memory), the placement of
 * received blocks, the peer-store transpose, and the L2 flush.
 *
 * The local transpose of the NCCL rows is not here: it is chapter 9's
 * transpose_any_shape (launch_any_shape), called on whole row ranges of a
 * slab, which are ordinary contiguous matrices (main.cu says why that
 * fits). Every index is 64-bit: one GPU's share of the default matrix is
 * 2^31 elements or more.
 */
#include "kernels.h"

#define FILL_THREADS 256
#define CHECK_THREADS 256
#define PLACE_THREADS 256
#define PLACE_PER_THREAD 4    /* loads in flight per thread before its stores */
#define MAX_BLOCKS 65536L     /* grid-stride kernels: enough blocks to fill any GPU */

static unsigned blocks_for(long work, long per_block)
{
    long b = (work + per_block - 1) / per_block;
    return (unsigned)(b < 1 ? 1 : b > MAX_BLOCKS ? MAX_BLOCKS : b);
}

static __device__ __forceinline__ unsigned bits_of(float v)
{
    return __float_as_uint(v);
}

/* ---- The input, made on the GPU -------------------------------------------- */

__global__ void dist_fill_input(float *__restrict__ slab, long first, long n)
{
    for (long i = (long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (long)gridDim.x * blockDim.x)
        slab[i] = split_input_value((uint64_t)(first + i));
}

void launch_fill_input(float *slab, long first, long n, cudaStream_t stream)
{
    if (n <= 0)
        return;
    dist_fill_input<<<blocks_for(n, FILL_THREADS), FILL_THREADS, 0, stream>>>(slab, first, n);
    CHECK_LAUNCH();
}

/* ---- The check, on the GPU -------------------------------------------------- */

/* Output element (c, r) of the C x R output must hold input element (r, c),
 * whose value is split_input_value(r * C + c). One block walks whole
 * output rows (so no thread divides by R), its threads along the row.
 * Each thread counts in registers and adds its counts once at the end: a
 * wholly wrong output would otherwise queue billions of atomics on one
 * address. Only the first DIST_KEPT wrong elements take a slot. */
__global__ void dist_check_output(const float *__restrict__ out, long m, long R, long C,
                                  long row0, dist_check *chk)
{
    unsigned long long wrong = 0, unwritten = 0;

    for (long i = blockIdx.x; i < m; i += gridDim.x) {
        long c = row0 + i;
        for (long r = threadIdx.x; r < R; r += blockDim.x) {
            unsigned got = bits_of(out[i * R + r]);
            unsigned want = bits_of(split_input_value((uint64_t)(r * C + c)));
            if (got == want)
                continue;
            wrong++;
            unwritten += got == TP_POISON_BITS;
            if (*(volatile unsigned *)&chk->kept < DIST_KEPT) {
                unsigned slot = atomicAdd(&chk->kept, 1u);
                if (slot < DIST_KEPT) {
                    chk->index[slot] = (unsigned long long)(i * R + r);
                    chk->got[slot] = got;
                }
            }
        }
    }
    if (wrong > 0) {
        atomicAdd(&chk->wrong, wrong);
        atomicAdd(&chk->unwritten, unwritten);
    }
}

void launch_check_output(const float *out, long m, long R, long C, long row0, dist_check *chk,
                         cudaStream_t stream)
{
    if (m <= 0)
        return;
    dist_check_output<<<blocks_for(m, 1), CHECK_THREADS, 0, stream>>>(out, m, R, C, row0, chk);
    CHECK_LAUNCH();
}

/* The guard zones: TP_GUARD_BYTES before the output and after it, each
 * byte TP_GUARD_BYTE unless a kernel stored past the output's edges. */
__global__ void dist_check_guards(const unsigned char *__restrict__ base, size_t out_bytes,
                                  dist_check *chk)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < 2 * (size_t)TP_GUARD_BYTES;
         i += (size_t)gridDim.x * blockDim.x) {
        size_t at = i < TP_GUARD_BYTES ? i : i + out_bytes;
        if (base[at] != TP_GUARD_BYTE)
            atomicAdd(&chk->outside, 1ull);
    }
}

void launch_check_guards(const unsigned char *base, size_t out_bytes, dist_check *chk,
                         cudaStream_t stream)
{
    dist_check_guards<<<blocks_for(2L * TP_GUARD_BYTES, CHECK_THREADS), CHECK_THREADS, 0,
                        stream>>>(base, out_bytes, chk);
    CHECK_LAUNCH();
}

/* ---- Placement: a received block into its columns -------------------------- */

/* A rows x cols block arrives contiguous; in the output its row i starts
 * at out[i * R + col0]. One block per block row at a time, its threads
 * along the row: reads and writes are both runs of cols floats, so both
 * sides coalesce. Each thread issues PLACE_PER_THREAD loads before its
 * stores (chapter 3's lever: more bytes in flight). Offsets are not
 * 16-byte aligned in general (col0 is any column), so floats, not float4. */
__global__ void __launch_bounds__(PLACE_THREADS)
dist_place_block(const float *__restrict__ block, float *__restrict__ out, long rows, long cols,
                 long R, long col0)
{
    for (long i = blockIdx.x; i < rows; i += gridDim.x) {
        const float *src = block + i * cols;
        float *dst = out + i * R + col0;
        for (long j = threadIdx.x; j < cols; j += PLACE_PER_THREAD * PLACE_THREADS) {
            float v[PLACE_PER_THREAD];
#pragma unroll
            for (int u = 0; u < PLACE_PER_THREAD; u++)
                if (j + u * PLACE_THREADS < cols)
                    v[u] = src[j + u * PLACE_THREADS];
#pragma unroll
            for (int u = 0; u < PLACE_PER_THREAD; u++)
                if (j + u * PLACE_THREADS < cols)
                    dst[j + u * PLACE_THREADS] = v[u];
        }
    }
}

void launch_place_block(const float *block, float *out, long rows, long cols, long R, long col0,
                        cudaStream_t stream)
{
    if (rows <= 0 || cols <= 0)
        return;
    dist_place_block<<<blocks_for(rows, 1), PLACE_THREADS, 0, stream>>>(block, out, rows, cols,
                                                                        R, col0);
    CHECK_LAUNCH();
}

/* ---- Peer stores: one kernel per GPU, stores into every GPU's output ------- */

/* Chapter 7's padded tile over GPU g's slab (n x C), except where a tile
 * goes: output row c (an input column) belongs to GPU split_owner(c), at
 * row c - split_start(C, G, owner) of its output rows. A warp stores 32
 * neighbours of one output row, 128 bytes in one piece, to whichever GPU
 * owns that row: its own memory, or a peer's across NVLink. The owner is
 * the same for the whole warp (one c per warp and j), so no warp diverges
 * on it. Tiles are numbered along a 1D grid (no 65535 limit), and a block
 * takes several tiles when there are more than the grid. */
__global__ void __launch_bounds__(DIST_TILE * DIST_ROWS)
dist_transpose_to_owners(const float *__restrict__ slab, long n, long C, long R, long row0,
                         dist_owners dst)
{
    __shared__ float tile[DIST_TILE][DIST_TILE + 1];
    long tiles_x = (C + DIST_TILE - 1) / DIST_TILE;
    long tiles = tiles_x * ((n + DIST_TILE - 1) / DIST_TILE);
    int tx = threadIdx.x, ty = threadIdx.y;

    for (long t = blockIdx.x; t < tiles; t += gridDim.x) {
        long r0 = (t / tiles_x) * DIST_TILE, c0 = (t % tiles_x) * DIST_TILE;
        for (int j = 0; j < DIST_TILE; j += DIST_ROWS)
            if (r0 + ty + j < n && c0 + tx < C)
                tile[ty + j][tx] = slab[(r0 + ty + j) * C + c0 + tx];
        __syncthreads();
        /* The owner of the tile's first output row, and where its rows
         * end: worked out once a tile, not once an element, and only a
         * tile that straddles two owners' rows takes the slow path. (With
         * two 64-bit divisions an element this kernel ran far behind
         * chapter 9's transpose on one GPU; that the divisions were the
         * cause is a hypothesis, to be measured.) */
        int h0 = split_owner(c0, C, dst.gpus);
        long s0 = split_start(C, dst.gpus, h0), s1 = split_start(C, dst.gpus, h0 + 1);
        for (int j = 0; j < DIST_TILE; j += DIST_ROWS) {
            long c = c0 + ty + j, r = r0 + tx;
            if (c < C && r < n) {
                int h = h0;
                long local = c - s0;
                if (c >= s1) {
                    h = split_owner(c, C, dst.gpus);
                    local = c - split_start(C, dst.gpus, h);
                }
                dst.out[h][local * R + row0 + r] = tile[tx][ty + j];
            }
        }
        __syncthreads();   /* the tile is refilled for the next t */
    }
}

const char *launch_transpose_to_owners(const float *slab, long n, long C, long R, long row0,
                                       const dist_owners *dst, cudaStream_t stream)
{
    long tiles = ((C + DIST_TILE - 1) / DIST_TILE) * ((n + DIST_TILE - 1) / DIST_TILE);
    dim3 block(DIST_TILE, DIST_ROWS, 1);

    if (dst->gpus < 1 || dst->gpus > SPLIT_MAX_GPUS)
        return "needs 1 to 16 GPUs";
    if (n <= 0)
        return NULL;   /* a GPU with no input rows stores nothing */
    dist_transpose_to_owners<<<blocks_for(tiles, 1), block, 0, stream>>>(slab, n, C, R, row0,
                                                                         *dst);
    CHECK_LAUNCH();
    return NULL;
}
