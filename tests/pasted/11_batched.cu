/*
 * Pasted into exercise 11 by the tests: a correct answer that keeps the
 * one thing the exercise asks to remove, one launch per matrix. The
 * kernel transposes a single matrix with chapter 7's padded tile (a 2-D
 * grid), and the launch loops over the batch: 8192 launches for the
 * speed shape. It is right on every shape, and about as fast as
 * transpose_per_matrix, so the grader must fail it on speed.
 */
__global__ void your_batched_transpose(const float *__restrict__ in, float *__restrict__ out,
                                       int rows, int cols, unsigned tiles_x,
                                       unsigned tiles_per_matrix)
{
    __shared__ float tile[TILE][TILE + 1];
    int r0 = blockIdx.y * TILE, c0 = blockIdx.x * TILE;
    int tx = threadIdx.x;

    (void)tiles_x;
    (void)tiles_per_matrix;
    for (int j = threadIdx.y; j < TILE; j += BLOCK_ROWS)
        if (r0 + j < rows && c0 + tx < cols)
            tile[j][tx] = in[(size_t)(r0 + j) * cols + c0 + tx];
    __syncthreads();
    for (int j = threadIdx.y; j < TILE; j += BLOCK_ROWS)
        if (c0 + j < cols && r0 + tx < rows)
            out[(size_t)(c0 + j) * rows + r0 + tx] = tile[tx][j];
}

const char *launch_yours(const float *in, float *out, long batch, long rows, long cols,
                         const int perm[3], dim3 block)
{
    size_t matrix = (size_t)rows * (size_t)cols;
    dim3 grid((unsigned)((cols + TILE - 1) / TILE), (unsigned)((rows + TILE - 1) / TILE), 1);
    long b;

    (void)perm;
    if ((rows + TILE - 1) / TILE > 65535)
        return "one matrix needs more than 65535 tile rows";
    for (b = 0; b < batch; b++) {   /* one launch per matrix */
        your_batched_transpose<<<grid, block>>>(in + b * matrix, out + b * matrix, (int)rows,
                                                (int)cols, 0, 0);
        CHECK_LAUNCH();
    }
    return NULL;
}
