/*
 * Solution 8: a register transpose of 16 x 16 tiles.
 *
 * This is only the part a learner writes: `make solution8` compiles it
 * in place of the code between exercises/08_shuffle.cu's "your code" lines.
 *
 * Chapter 8's stage with 16 registers, and one change: the lane number is
 * 2c + h, so the bits of c sit one place higher in it. Register bit s
 * trades with lane bit 2s: the partner is lane l ^ 2s, and a lane "has the
 * bit" when l & 2s is set. Lane bit 0 (which tile) never changes, so a
 * lane and its partner always hold the same tile. For each pair (lo, hi =
 * lo + s) with bit s of lo clear, a lane without the bit keeps v[lo] and
 * sends v[hi], a lane with it keeps v[hi] and sends v[lo], and what the
 * partner sends back takes the place of the register sent. After inlining,
 * s and lo are constants: every v[..] index is, and v stays in registers.
 */
static __device__ __forceinline__ void your_shuffle_stage16(float v[HALF], int lane, int s)
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
