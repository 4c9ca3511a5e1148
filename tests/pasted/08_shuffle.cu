/*
 * Pasted into exercise 8 by the tests: chapter 8's shuffle_stage as the
 * lesson prints it, under the learner's name (with the loop cut to the
 * exercise's 16 registers). It trades register bit s with lane bit s, but
 * in the exercise's interleaved layout the lane's matching bit is 2s: the
 * values land in the wrong lanes and the grader must fail it.
 */
static __device__ __forceinline__ void your_shuffle_stage16(float v[HALF], int lane, int s)
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
