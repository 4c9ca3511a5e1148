/*
 * Solution 3: eight elements per thread.
 *
 * This is only the part a learner writes: `make solution3` compiles it
 * in place of the code between exercises/03_unrolled.cu's "your code" lines.
 *
 * A thread's 8 elements lie blockDim.x apart along the output row, so for
 * each k the warp's 32 threads still write 32 neighbours (coalesced) and
 * read 32 input rows of one column (the strided side, as in chapter 2).
 * All 8 loads come before the first store: 8 loads in flight per thread.
 */
__global__ void your_transpose_unroll8_col(const float *in, float *out, int rows, int cols)
{
    int out_col0 = blockIdx.x * blockDim.x * UNROLL8 + threadIdx.x;   /* = input row */
    int out_row = blockIdx.y * blockDim.y + threadIdx.y;              /* = input col */
    float v[UNROLL8];

#pragma unroll
    for (int k = 0; k < UNROLL8; k++) {
        int out_col = out_col0 + k * blockDim.x;
        if (out_row < cols && out_col < rows)
            v[k] = in[out_col * cols + out_row];
    }
#pragma unroll
    for (int k = 0; k < UNROLL8; k++) {
        int out_col = out_col0 + k * blockDim.x;
        if (out_row < cols && out_col < rows)
            out[out_row * rows + out_col] = v[k];
    }
}
