/*
 * A shortcut on exercise 11: the learner's launch starts chapter 11's own
 * kernel, declared here by hand, instead of the learner's.
 * Expect: your code launches transpose_batched_tile, chapter 11's own kernel
 */
__global__ void transpose_batched_tile(const float *__restrict__ in, float *__restrict__ out,
                                       int rows, int cols, unsigned tiles_x,
                                       unsigned tiles_per_matrix);

__global__ void your_batched_transpose(const float *__restrict__ in, float *__restrict__ out,
                                       int rows, int cols, unsigned tiles_x,
                                       unsigned tiles_per_matrix)
{
}

const char *launch_yours(const float *in, float *out, long batch, long rows, long cols,
                         const int perm[3], dim3 block)
{
    unsigned long long tiles_x = (cols + TILE - 1) / TILE, tiles_y = (rows + TILE - 1) / TILE;

    (void)perm;
    transpose_batched_tile<<<(unsigned)(batch * tiles_x * tiles_y), block>>>(
        in, out, (int)rows, (int)cols, (unsigned)tiles_x, (unsigned)(tiles_x * tiles_y));
    CHECK_LAUNCH();
    return NULL;
}
