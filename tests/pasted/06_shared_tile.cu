/*
 * Pasted into exercise 6 by the tests: chapter 6's transpose_shared_tile as
 * the lesson prints it, under the learner's name (TILE and BLOCK_ROWS
 * spelled out: 32 and 8). It moves 32 x 32 tiles where the exercise's grid
 * expects 64 x 64 ones, so it must fail the grader.
 */
__global__ void your_transpose_shared_tile64(const float *__restrict__ in,
                                             float *__restrict__ out, int rows, int cols)
{
    __shared__ float tile[32][32];

    int in_col = blockIdx.x * 32 + threadIdx.x;
    int in_row = blockIdx.y * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        if (in_row + j < rows && in_col < cols)
            tile[threadIdx.y + j][threadIdx.x] = in[(in_row + j) * cols + in_col];

    __syncthreads();

    int out_col = blockIdx.y * 32 + threadIdx.x;
    int out_row = blockIdx.x * 32 + threadIdx.y;
    for (int j = 0; j < 32; j += 8)
        if (out_row + j < cols && out_col < rows)
            out[(out_row + j) * rows + out_col] = tile[threadIdx.x][threadIdx.y + j];
}
