/*
 * Pasted into exercise 8 by the tests: chapter 8's shuffle_stage as the
 * lesson prints it, retyped under another name with the loop cut to the
 * exercise's 16 registers, and called for s = 8, 4, 2, 1 as chapter 8's
 * kernel calls it (its s = 16 has no register here). It trades register
 * bit s with lane bit s, but in the exercise's interleaved layout the
 * lane's matching bit is 2s: the values land in the wrong lanes and the
 * grader must fail it.
 */
static __device__ __forceinline__ void lesson_stage(float v[HALF], int lane, int s)
{
    int upper = lane & s;

#pragma unroll
    for (int lo = 0; lo < HALF; lo++) {
        if (lo & s)
            continue;
        int hi = lo + s;
        float send = upper ? v[lo] : v[hi];
        float got = __shfl_xor_sync(FULL_MASK, send, s);
        v[lo] = upper ? got : v[lo];
        v[hi] = upper ? v[hi] : got;
    }
}

static __device__ __forceinline__ void your_transpose16(float v[HALF], int lane)
{
    lesson_stage(v, lane, 8);
    lesson_stage(v, lane, 4);
    lesson_stage(v, lane, 2);
    lesson_stage(v, lane, 1);
}
