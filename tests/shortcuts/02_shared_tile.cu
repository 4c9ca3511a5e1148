/*
 * A shortcut tried on exercise 2: chapter 6's idea, a 64 x 64 tile staged
 * in shared memory, fitted to the exercise's one-dimensional launch (each
 * block of 256 threads walks tiles b, b + gridDim.x, ...). It is right and
 * 3.5 times as fast as the reference, but exercise 2 asks for the naive
 * transpose, one element per thread straight from in to out: the rule
 * (no shared memory) must fail it.
 * Expect: shared memory
 */
#define T 64

__global__ void your_transpose_1d(const float *in, float *out, int rows, int cols)
{
    __shared__ float tile[T][T + 1];
    int tiles_x = (cols + T - 1) / T, tiles = tiles_x * ((rows + T - 1) / T);
    int tx = threadIdx.x % T, ty = threadIdx.x / T;   /* 64 x 4 threads */

    for (int t = blockIdx.x; t < tiles; t += gridDim.x) {
        int r0 = t / tiles_x * T, c0 = t % tiles_x * T;
        for (int j = ty; j < T; j += 4)
            if (r0 + j < rows && c0 + tx < cols)
                tile[j][tx] = in[(r0 + j) * cols + c0 + tx];
        __syncthreads();
        for (int j = ty; j < T; j += 4)
            if (c0 + j < cols && r0 + tx < rows)
                out[(c0 + j) * rows + r0 + tx] = tile[tx][j];
        __syncthreads();
    }
}
