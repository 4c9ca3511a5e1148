/*
 * Solution 3: eight elements per thread, down the output column.
 *
 * This is only the part a learner writes: `make solution3` compiles it
 * in place of the code between exercises/03_unrolled.cu's "your code" lines.
 *
 * A warp of the 8 x 32 block is 8 threads across (threadIdx.x, along the
 * output row) and 4 down (4 consecutive threadIdx.y). A thread's 8
 * elements lie blockDim.y = 32 output rows apart, so for each k the warp
 * covers what chapter 2's kernel covers with the same block: 8 neighbours
 * in each of 4 consecutive output rows, stores of 4 whole 32-byte sectors,
 * and loads of 4 neighbouring floats from each of 8 input rows (8
 * sectors, half of each used; the neighbouring warp of the same block,
 * threadIdx.y 4 higher or 4 lower, reads the other half). Putting a
 * thread's 8 elements in 8 consecutive output rows instead would give the
 * same results, but a load of each k would take 4 input columns 8 apart:
 * 32 sectors for 128 useful bytes.
 * All 8 loads come before the first store: 8 loads in flight per thread.
 * Every element has its own guard: the last block of a column may hold
 * only 1 to 255 valid rows, the last block of a row 1 to 7 valid columns.
 */
__global__ void your_transpose_unroll8_col(const float *in, float *out, int rows, int cols)
{
    int out_col = blockIdx.x * blockDim.x + threadIdx.x;                 /* = input row */
    int out_row0 = blockIdx.y * blockDim.y * UNROLL8 + threadIdx.y;      /* = input col */
    float v[UNROLL8];

#pragma unroll
    for (int k = 0; k < UNROLL8; k++) {
        int out_row = out_row0 + k * blockDim.y;
        if (out_row < cols && out_col < rows)
            v[k] = in[out_col * cols + out_row];
    }
#pragma unroll
    for (int k = 0; k < UNROLL8; k++) {
        int out_row = out_row0 + k * blockDim.y;
        if (out_row < cols && out_col < rows)
            out[out_row * rows + out_col] = v[k];
    }
}
