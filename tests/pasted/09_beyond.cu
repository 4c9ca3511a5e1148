/*
 * Pasted into exercise 9 by the tests: chapter 2's transpose_naive_row in
 * the exercise's launch. Each thread of the block walks the chunk in input
 * order, row after row, so its loads are coalesced, and writes each float
 * to its transposed place: the stores of a warp land `rows` floats apart.
 * It is correct, but it is the naive transpose, not the interleave the
 * exercise asks for (the output written as one contiguous run): the
 * grader must fail it on speed.
 */
__global__ void your_transpose_few_rows(const float *__restrict__ in, float *__restrict__ out,
                                        int rows, int cols, int w, int pitch)
{
    (void)pitch;   /* no piece */
    int c0 = blockIdx.x * w;
    int len = min(w, cols - c0);
    for (int i = threadIdx.x; i < rows * len; i += TILE_THREADS) {
        int r = i / len, p = i % len;
        out[(size_t)(c0 + p) * rows + r] = in[(size_t)r * cols + c0 + p];
    }
}
