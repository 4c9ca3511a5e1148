/*
 * Solution 9: coordinates to points, a k x N transpose with k <= 32.
 *
 * This is only the part a learner writes: `make solution9` compiles it
 * in place of the code between exercises/09_beyond.cu's "your code" lines.
 *
 * Step 1 reads the k rows of the chunk, row after row, threads on
 * consecutive columns. Step 3 writes the chunk's output as one run:
 * output float i of the run is element (i % rows, c0 + i / rows). Instead
 * of dividing for every float, each thread divides once and then moves its
 * quotient and remainder on by TILE_THREADS with an add and a carry (the
 * walk of chapter 9's transpose_skinny).
 *
 * The piece's pitch is the launch's (piece_pitch in given/09_beyond.h):
 * step 1 writes 32 consecutive words of one row, in 32 banks whatever the
 * pitch; step 3's reads, k rows at a time, are in 32 banks for odd k and
 * for k = 2, 4, 8, 16, 32, at most 2 to a bank for the other even k. With
 * a pitch of w + 1 they were 3 to a bank at k = 3, the graded shape.
 */
__global__ void your_transpose_few_rows(const float *__restrict__ in, float *__restrict__ out,
                                        int rows, int cols, int w, int pitch)
{
    extern __shared__ float piece[];
    int c0 = blockIdx.x * w;
    int len = min(w, cols - c0);
    int count = rows * len;

    for (int r = 0; r < rows; r++)                       /* step 1 */
        for (int p = threadIdx.x; p < len; p += TILE_THREADS)
            piece[r * pitch + p] = in[(size_t)r * cols + c0 + p];
    __syncthreads();                                     /* step 2 */

    int q = threadIdx.x / rows, rem = threadIdx.x % rows;   /* step 3 */
    int dq = TILE_THREADS / rows, dr = TILE_THREADS % rows;
    for (int i = threadIdx.x; i < count; i += TILE_THREADS) {
        out[(size_t)c0 * rows + i] = piece[rem * pitch + q];
        q += dq;
        rem += dr;
        if (rem >= rows) {
            rem -= rows;
            q++;
        }
    }
}
