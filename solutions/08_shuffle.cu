/*
 * Solution 8: a transpose in registers, with warp shuffles (chapter 8).
 *
 * Write your_shuffle_stage, the heart of the register transpose. One warp
 * moves one 32 x 32 tile without shared memory: it loads the tile so that
 * lane l holds COLUMN l in v[0..31] (coalesced loads), five shuffle stages
 * rearrange the registers until lane l holds ROW l, and the warp stores
 * the rows (coalesced stores). The loads, the stores and the kernel that
 * calls your stage five times are chapter 8's, and are given.
 *
 *   make solution8 && ./solution8     the solution beside chapter 8's, timed
 *   ./solution8 --check --size 17x83  validate only (any shape)
 *   bash scripts/grade.sh solution 8   grade it as make check grades exercises
 *
 * The solution: the completed shuffle stage.
 */
#include "../chapters/07_padded_tile/kernels.h"
#include "../chapters/08_shuffle/kernels.h"
#include "../chapters/08_shuffle/warp_tile.cuh"

/* Element (r, c) of the tile starts in lane c, register v[r], and must end
 * in lane r, register v[c]: the 5 bits of the lane number and the 5 bits of
 * the register index trade places. Stage s (16, 8, 4, 2 or 1) trades the
 * bit of value s. An element whose lane bit s and register bit s agree
 * stays where it is; the others move from (lane l, v[i]) to (lane l ^ s,
 * v[i ^ s]). In every lane that is half of the registers.
 * Hint: go through the pairs of registers lo, hi = lo + s, with bit s of lo
 * clear. A lane without bit s keeps v[lo] and sends v[hi]; a lane with bit
 * s keeps v[hi] and sends v[lo]. __shfl_xor_sync(FULL_MASK, send, s)
 * returns what the partner lane l ^ s sent: it takes the place of the
 * register this lane sent. Two rules. Every lane runs every shuffle:
 * choose what to send and where to put what came back with ?:, never leave
 * a shuffle out with an if on the lane. And index v only with numbers known
 * when the kernel is compiled (the counter of a #pragma unroll loop, s),
 * never with lane: otherwise v moves to local memory (chapter 8 shows what
 * that costs). */
static __device__ __forceinline__ void your_shuffle_stage(float v[TILE], int lane, int s)
{
    int upper = lane & s;   /* nonzero if this lane has bit s */

    /* Unrolled, with s a constant after inlining: every v[..] index is a
     * constant, so v stays in registers. The choices are selects, so all
     * 32 lanes run every shuffle. */
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

/* Given: chapter 8's transpose_shuffle with your stage. One warp per tile:
 * threadIdx.x is the lane, threadIdx.y picks the warp's tile in a column of
 * blockDim.y tiles. A warp whose tile lies below the matrix leaves before
 * any shuffle, all 32 lanes together, so every shuffle still has all 32. */
__global__ void your_transpose_shuffle(const float *__restrict__ in, float *__restrict__ out,
                                       int rows, int cols)
{
    float v[TILE];
    int lane = threadIdx.x;
    int first_col = blockIdx.x * TILE;
    int first_row = (blockIdx.y * blockDim.y + threadIdx.y) * TILE;

    if (first_row >= rows)
        return;
    load_tile_columns(v, in, rows, cols, first_row, first_col, lane);   /* lane l: column l */
    your_shuffle_stage(v, lane, 16);
    your_shuffle_stage(v, lane, 8);
    your_shuffle_stage(v, lane, 4);
    your_shuffle_stage(v, lane, 2);
    your_shuffle_stage(v, lane, 1);
    store_tile_rows(v, out, rows, cols, first_row, first_col, lane);    /* lane l: row l */
}

/* Chapter 8's grid: a block is blockDim.y warps on blockDim.y tiles stacked
 * in y, so it covers TILE columns and TILE * blockDim.y rows. */
static const char *launch_yours(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = warp_tile_grid(&grid, rows, cols, block);
    if (na)
        return na;
    your_transpose_shuffle<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

/* The last two fields of your kernel's line: the bandwidth target for
 * `make check`, as a fraction of cudaMemcpy, and where to read up. */
static const tp_kernel kernels[] = {
    { "your_transpose_shuffle", launch_yours, TP_TRANSPOSE, { 32, 8, 1 }, 0.70, "chapter 8" },
    { "transpose_padded_tile",   launch_padded_tile,   TP_TRANSPOSE, { TILE, BLOCK_ROWS, 1 } },
    { "transpose_shuffle",       launch_shuffle,       TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_shuffle_local", launch_shuffle_local, TP_TRANSPOSE, { 32, 8, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Solution 8: warp-shuffle transpose in registers",
                  kernels, TP_COUNT(kernels));
}
