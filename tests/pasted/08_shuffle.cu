/*
 * Pasted into exercise 8 by the tests: chapter 8's shuffle_stage as the
 * lesson prints it, under the learner's name. It walks 32 registers where
 * the exercise's lanes hold 16, so it reads and writes past the end of v:
 * the grader must fail it (wrong values, or v forced into local memory).
 */
static __device__ __forceinline__ void your_shuffle_stage16(float v[HALF], int lane, int s)
{
    int upper = lane & s;

#pragma unroll
    for (int lo = 0; lo < TILE; lo++) {
        if (lo & s)
            continue;
        int hi = lo + s;
        float send = upper ? v[lo] : v[hi];
        float got = __shfl_xor_sync(FULL_MASK, send, s);
        v[lo] = upper ? got : v[lo];
        v[hi] = upper ? v[hi] : got;
    }
}
