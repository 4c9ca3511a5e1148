/*
 * Pasted into exercise 3 by the tests: chapter 3's transpose_unroll4_col
 * as the lesson prints it, under the learner's name, with UNROLL made 8:
 * the exercise's former answer. Its 8 elements per thread lie along the
 * output row, blockDim.x apart, so a block covers 64 output columns by 32
 * output rows, where the exercise's grid gives each block 8 columns by
 * 256 rows: most of the output is never written, and it must fail the
 * grader.
 */
#define UNROLL 8

__global__ void your_transpose_unroll8_col(const float *in, float *out, int rows, int cols)
{
    int out_col0 = blockIdx.x * blockDim.x * UNROLL + threadIdx.x;
    int out_row = blockIdx.y * blockDim.y + threadIdx.y;
    float v[UNROLL];

#pragma unroll
    for (int k = 0; k < UNROLL; k++) {
        int out_col = out_col0 + k * blockDim.x;
        if (out_row < cols && out_col < rows)
            v[k] = in[out_col * cols + out_row];
    }
#pragma unroll
    for (int k = 0; k < UNROLL; k++) {
        int out_col = out_col0 + k * blockDim.x;
        if (out_row < cols && out_col < rows)
            out[out_row * rows + out_col] = v[k];
    }
}
