/*
 * Solution 12: one pass, straight into the owners' rows.
 *
 * This is only the part a learner writes: `make solution12` compiles it
 * in place of the code between exercises/12_distributed.cu's "your code"
 * lines.
 *
 * Chapter 7's padded tile at 64 x 64 with 256 threads (64 x 4), chapter
 * 9's lever 1: thread (x, y) loads column c0 + x of slab rows r0 + y,
 * r0 + y + 4, ..., r0 + y + 60, all 16 loads issued before the first is
 * put in the tile, and stores output rows c0 + y + 4 k at columns
 * row0 + r0 + x. The row pitch of 65 floats puts the 32 floats a warp
 * reads down a column of the tile in 32 banks.
 *
 * The owner of an output row: owner_of() picks the last h with first[h]
 * <= c by comparisons over the constant MAX_OWNERS, so that every index
 * into dst is a constant (no division; that a dynamic index would copy
 * the argument to local memory is the exercise's hint, not measured here). Each thread works out the owner of its first output row
 * once, then moves on only when a row passes the owner's end, which
 * happens at most MAX_OWNERS - 1 times in a tile and usually never.
 */
#include "given/12_distributed.h"

#define ROWS_A_PASS (OWNER_THREADS / OWNER_TILE)   /* 4 */
#define LOADS (OWNER_TILE / ROWS_A_PASS)           /* 16 loads a thread */

/* The owner of output row c: its part, its first row and the end of its
 * rows (one past the last). */
typedef struct {
    float *part;
    long first, end;
} owner;

static __device__ __forceinline__ owner owner_of(const owner_rows *d, long c)
{
    owner o = { d->out[0], d->first[0], d->first[1] };
#pragma unroll
    for (int h = 1; h < MAX_OWNERS; h++)
        if (h < d->owners && c >= d->first[h]) {
            o.part = d->out[h];
            o.first = d->first[h];
            o.end = d->first[h + 1];
        }
    return o;
}

__global__ void __launch_bounds__(OWNER_THREADS)
your_transpose_to_owners(const float *__restrict__ slab, int n, int C, long R, long row0,
                         owner_rows dst)
{
    __shared__ float tile[OWNER_TILE][OWNER_TILE + 1];
    int x = threadIdx.x % OWNER_TILE, y = threadIdx.x / OWNER_TILE;
    int r0 = blockIdx.y * OWNER_TILE, c0 = blockIdx.x * OWNER_TILE;
    float v[LOADS];

#pragma unroll
    for (int k = 0; k < LOADS; k++) {
        int r = r0 + y + ROWS_A_PASS * k;
        v[k] = r < n && c0 + x < C ? slab[(long)r * C + c0 + x] : 0.0f;
    }
#pragma unroll
    for (int k = 0; k < LOADS; k++)
        tile[y + ROWS_A_PASS * k][x] = v[k];
    __syncthreads();

    owner o = owner_of(&dst, c0 + y);
#pragma unroll
    for (int k = 0; k < LOADS; k++) {
        long c = c0 + y + ROWS_A_PASS * k;
        if (c >= o.end)   /* this row is the next owner's (rare: a tile on a boundary) */
            o = owner_of(&dst, c);
        if (c < C && r0 + x < n)
            o.part[(c - o.first) * R + row0 + r0 + x] = tile[x][y + ROWS_A_PASS * k];
    }
}
