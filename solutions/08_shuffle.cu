/*
 * Solution 8: a register transpose of 16 x 16 tiles.
 *
 * This is only the part a learner writes: `make solution8` compiles it
 * in place of the code between exercises/08_shuffle.cu's "your code" lines.
 *
 * In binary, element (r, c) of tile h starts in lane c3 c2 c1 c0 h,
 * register r3 r2 r1 r0, and must end in lane r3 r2 r1 r0 h, register
 * c3 c2 c1 c0. So register bit s (1, 2, 4, 8) trades with lane bit 2s,
 * and lane bit 0, the tile, never moves: four stages, not chapter 8's five.
 * A stage is chapter 8's with the lane bit one place higher: the partner
 * is lane l ^ 2s, and a lane "has the bit" when l & 2s is set. For each
 * pair (lo, hi = lo + s) with bit s of lo clear, a lane without the bit
 * keeps v[lo] and sends v[hi], a lane with it keeps v[hi] and sends v[lo],
 * and what the partner sends back takes the place of the register sent.
 * A lane and its partner differ in bit 2s only, so they hold the same
 * tile. After inlining, s and lo are constants: every v[..] index is, and
 * v stays in registers.
 */
static __device__ __forceinline__ void trade_bit16(float v[HALF], int lane, int s)
{
    int upper = lane & (2 * s);   /* nonzero if this lane has the traded bit */

#pragma unroll
    for (int lo = 0; lo < HALF; lo++) {
        if (lo & s)
            continue;             /* visit each pair once, from its lower register */
        int hi = lo + s;
        float send = upper ? v[lo] : v[hi];
        float got = __shfl_xor_sync(FULL_MASK, send, 2 * s);
        v[lo] = upper ? got : v[lo];
        v[hi] = upper ? v[hi] : got;
    }
}

static __device__ __forceinline__ void your_transpose16(float v[HALF], int lane)
{
    trade_bit16(v, lane, 8);
    trade_bit16(v, lane, 4);
    trade_bit16(v, lane, 2);
    trade_bit16(v, lane, 1);
}
