/*
 * A shortcut on exercise 3 (found while the grader was rebuilt): the
 * learner's part defines chapter 2's launch_naive_col itself, the launch
 * of the reference row the target is measured against, and makes it slow
 * (it runs the kernel three times); the linker takes the learner's
 * definition and never pulls in chapter 2's. The learner's kernel here is
 * an honest one; it is the reference that is rigged.
 * Expect: your code defines launch_naive_col, a name of chapter 2's own code
 */
__global__ void your_transpose_unroll8_col(const float *in, float *out, int rows, int cols)
{
    int out_col = blockIdx.x * blockDim.x + threadIdx.x;   /* = input row */
    int out_row = blockIdx.y * blockDim.y * 8 + threadIdx.y;

    for (int k = 0; k < 8; k++, out_row += blockDim.y)
        if (out_row < cols && out_col < rows)
            out[(size_t)out_row * rows + out_col] = in[(size_t)out_col * cols + out_row];
}

__global__ void slow_naive_col(const float *in, float *out, int rows, int cols)
{
    int out_col = blockIdx.x * blockDim.x + threadIdx.x;
    int out_row = blockIdx.y * blockDim.y + threadIdx.y;
    if (out_row < cols && out_col < rows)
        out[(size_t)out_row * rows + out_col] = in[(size_t)out_col * cols + out_row];
}

const char *launch_naive_col(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid((rows + block.x - 1) / block.x, (cols + block.y - 1) / block.y);
    for (int i = 0; i < 3; i++)
        slow_naive_col<<<grid, block>>>(in, out, rows, cols);
    return NULL;
}
