/*
 * Pasted into exercise 11 by the tests: chapter 11's transpose_batched_tile
 * as the lesson prints it, retyped under the learner's name and fitted to
 * the exercise's launch (one block of 256 threads per chunk of k
 * matrices): the block, seen as 32 x 8 threads, does what chapter 11's
 * blocks do one after another, one 32 x 32 padded tile of one matrix at a
 * time. It is right on every shape, but each tile of a 12 x 20 matrix
 * still holds 240 floats in 1024 places, with two barriers per tile: it
 * is the lesson's tile, not whole matrices per block, so it must fail the
 * speed target (1.5 times transpose_batched_tile, to be confirmed on a
 * GPU).
 */
__global__ void your_batched_transpose(const float *__restrict__ in, float *__restrict__ out,
                                       long batch, int rows, int cols, int k)
{
    __shared__ float tile[32][32 + 1];
    long first = (long)blockIdx.x * k;
    int n = batch - first < k ? (int)(batch - first) : k;
    int tiles_x = (cols + 32 - 1) / 32, tiles_per_matrix = tiles_x * ((rows + 32 - 1) / 32);
    int tx = threadIdx.x % 32, ty = threadIdx.x / 32;   /* the 256 threads as 32 x 8 */

    for (int t = 0; t < n * tiles_per_matrix; t++) {   /* chapter 11's block t, in turn */
        int b = t / tiles_per_matrix, rest = t - b * tiles_per_matrix;
        int r0 = (rest / tiles_x) * 32, c0 = (rest % tiles_x) * 32;
        size_t offset = (size_t)(first + b) * rows * cols;

        for (int j = ty; j < 32; j += 8)
            if (r0 + j < rows && c0 + tx < cols)
                tile[j][tx] = in[offset + (size_t)(r0 + j) * cols + c0 + tx];
        __syncthreads();
        for (int j = ty; j < 32; j += 8)
            if (c0 + j < cols && r0 + tx < rows)
                out[offset + (size_t)(c0 + j) * rows + r0 + tx] = tile[tx][j];
        __syncthreads();   /* the next tile reuses the shared array */
    }
}
