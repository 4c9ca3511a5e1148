/*
 * Solution 8: a register transpose of 16 x 16 tiles.
 *
 * This is only the part a learner writes: `make solution8` builds
 * exercises/08_shuffle.cu with this code between its "your code" markers.
 *
 * Chapter 8's stage with 16 registers: for each pair (lo, hi = lo + s)
 * with bit s of lo clear, a lane without bit s keeps v[lo] and sends v[hi],
 * a lane with bit s keeps v[hi] and sends v[lo], and what the partner lane
 * l ^ s sends back takes the place of the register sent. Because s < 16,
 * l ^ s has the same bit 4 as l: lanes only ever trade within their half,
 * which is why one warp can transpose two tiles at once. After inlining, s
 * and lo are constants: every v[..] index is, and v stays in registers.
 */
static __device__ __forceinline__ void your_shuffle_stage16(float v[HALF], int lane, int s)
{
    int upper = lane & s;   /* nonzero if this lane has bit s */

#pragma unroll
    for (int lo = 0; lo < HALF; lo++) {
        if (lo & s)
            continue;       /* visit each pair once, from its lower register */
        int hi = lo + s;
        float send = upper ? v[lo] : v[hi];
        float got = __shfl_xor_sync(FULL_MASK, send, s);
        v[lo] = upper ? got : v[lo];
        v[hi] = upper ? v[hi] : got;
    }
}
