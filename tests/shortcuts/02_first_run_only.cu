/*
 * A shortcut tried on exercise 2: the kernel transposes on its first
 * launch on a pair of buffers, and every later launch on the same buffers
 * and shape returns at once. It passed at 1.89x when only the first run on
 * each shape was checked; the output is now checked after the timed runs
 * too.
 * Expect: wrong after the timed runs
 */
__device__ const float *seen_in;   /* the buffers and shape of the last  */
__device__ float *seen_out;        /* launch that finished               */
__device__ int seen_rows, seen_cols;
__device__ unsigned finished_blocks;

__global__ void your_transpose_1d(const float *in, float *out, int rows, int cols)
{
    long i = (long)blockIdx.x * blockDim.x + threadIdx.x;

    if (seen_in == in && seen_out == out && seen_rows == rows && seen_cols == cols)
        return;   /* "already done" */
    if (i < (long)rows * cols)
        out[i] = in[(i % rows) * cols + i / rows];   /* i numbers the output */
    __syncthreads();
    if (threadIdx.x == 0) {   /* the last block to finish remembers the launch */
        __threadfence();
        if (atomicAdd(&finished_blocks, 1) == gridDim.x - 1) {
            seen_in = in;
            seen_out = out;
            seen_rows = rows;
            seen_cols = cols;
            finished_blocks = 0;
        }
    }
}
