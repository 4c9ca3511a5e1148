/*
 * chapters/08_shuffle/kernels.cu - the kernels of chapter 8 and their
 * launch functions. main.cu lists them in the table; later chapters call the
 * launch functions (kernels.h) to compare against them in the same run.
 *
 * The idea: a warp can transpose a 32x32 tile without shared memory. Each
 * lane keeps 32 values in registers, and __shfl_xor_sync() moves values
 * between the registers of two lanes. The warp loads the tile so that lane
 * l holds COLUMN l (one coalesced row of the tile per load instruction),
 * rearranges the registers until lane l holds ROW l, and stores: row l of
 * the tile is column l of the output tile, so each store instruction writes
 * one coalesced output row.
 *
 * Registers have no addresses: v[i] stays in a register only if every i is
 * known when the kernel is compiled. transpose_shuffle_local breaks exactly
 * that rule, and the compiler must put its array in local memory (private
 * to the thread, but stored in the same DRAM and caches as global memory).
 */
#include "kernels.h"

/* TILE, FULL_MASK, and loading and storing a warp's tile: warp_tile.cuh. */
#include "warp_tile.cuh"

/*
 * One stage of the register transpose: lanes l and l ^ s swap half of their
 * values.
 *
 * Element (row r, col c) of the tile starts in lane c, register v[r], and
 * must end in lane r, register v[c]: the five bits of the lane number and
 * the five bits of the register number trade places. A stage trades one
 * bit, the bit of value s. Where an element's lane bit and register bit
 * already agree it stays; where they differ it moves to lane l ^ s,
 * register i ^ s. In each lane that is half of the registers: in a lane
 * without bit s those with bit s (v[hi]), in a lane with it those without
 * (v[lo]). So for each pair (lo, hi = lo + s) a lane sends the register it
 * is about to lose and keeps what its partner sent in its place.
 *
 * After inlining, s is a constant and the loop is unrolled, so every v[..]
 * below has a constant index and the array lives in registers. The two
 * choices are selects, not branches: all lanes run every shuffle.
 */
static __device__ __forceinline__ void shuffle_stage(float v[TILE], int lane, int s)
{
    int upper = lane & s;   /* nonzero if this lane has bit s */

#pragma unroll
    for (int lo = 0; lo < TILE; lo++) {
        if (lo & s)
            continue;       /* visit each pair once, from its lower register */
        int hi = lo + s;
        float send = upper ? v[lo] : v[hi];
        float got = __shfl_xor_sync(FULL_MASK, send, s);
        v[lo] = upper ? got : v[lo];
        v[hi] = upper ? v[hi] : got;
    }
}

/* One warp per 32x32 tile: threadIdx.x is the lane, threadIdx.y picks the
 * warp's tile in a column of blockDim.y tiles. No shared memory, no
 * barrier. A warp whose tile lies below the matrix leaves at once: the test
 * is the same for its 32 lanes, so every shuffle still has all 32. */
__global__ void transpose_shuffle(const float *__restrict__ in, float *__restrict__ out,
                                  int rows, int cols)
{
    float v[TILE];
    int lane = threadIdx.x;
    int first_col = blockIdx.x * TILE;
    int first_row = (blockIdx.y * blockDim.y + threadIdx.y) * TILE;

    if (first_row >= rows)
        return;
    load_tile_columns(v, in, rows, cols, first_row, first_col, lane);
    shuffle_stage(v, lane, 16);
    shuffle_stage(v, lane, 8);
    shuffle_stage(v, lane, 4);
    shuffle_stage(v, lane, 2);
    shuffle_stage(v, lane, 1);
    store_tile_rows(v, out, rows, cols, first_row, first_col, lane);
}

/* The same transpose in 31 shuffles instead of 80: in step i, lane l swaps
 * v[l ^ i] with v[l] of lane l ^ i. Shorter, but the register index l ^ i
 * depends on the lane, which is only known when the kernel runs, even with
 * the loop unrolled. A register cannot be picked at run time, so the whole
 * array goes to local memory (ptxas reports a stack frame) and every step
 * becomes a local load and a local store. */
__global__ void transpose_shuffle_local(const float *__restrict__ in, float *__restrict__ out,
                                        int rows, int cols)
{
    float v[TILE];
    int lane = threadIdx.x;
    int first_col = blockIdx.x * TILE;
    int first_row = (blockIdx.y * blockDim.y + threadIdx.y) * TILE;

    if (first_row >= rows)
        return;
    load_tile_columns(v, in, rows, cols, first_row, first_col, lane);
#pragma unroll
    for (int i = 1; i < TILE; i++) {
        int other = lane ^ i;
        /* This lane sends v[other]; it receives v[lane] of lane `other`. */
        v[other] = __shfl_sync(FULL_MASK, v[other], other);
    }
    store_tile_rows(v, out, rows, cols, first_row, first_col, lane);
}

const char *launch_shuffle(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = warp_tile_grid(&grid, rows, cols, block);
    if (na)
        return na;
    transpose_shuffle<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

const char *launch_shuffle_local(const float *in, float *out, int rows, int cols,
                                 dim3 block)
{
    dim3 grid;
    const char *na = warp_tile_grid(&grid, rows, cols, block);
    if (na)
        return na;
    transpose_shuffle_local<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}
