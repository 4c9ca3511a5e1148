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
 */
__global__ void your_transpose_few_rows(const float *__restrict__ in, float *__restrict__ out,
                                        int rows, int cols, int w)
{
    extern __shared__ float piece[];
    int pitch = w + 1;
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
