/*
 * Pasted into exercise 6 by the tests: chapter 6's transpose_shared_tile
 * as the lesson prints it, under the learner's name, with its tile made
 * 64 x 64 and its rows 16 (what chapter 6's transpose_shared_dynamic does
 * with a 64 x 16 block, and the exercise's former answer). It takes a
 * tile row in one pass of threadIdx.x, but the exercise's block is 32
 * threads wide: columns 32 to 63 of every tile are never loaded, and
 * half of every output tile is never written, so it must fail the grader.
 */
__global__ void your_transpose_shared_tile64(const float *__restrict__ in,
                                             float *__restrict__ out, int rows, int cols)
{
    __shared__ float tile[64][64];

    int in_col = blockIdx.x * 64 + threadIdx.x;
    int in_row = blockIdx.y * 64 + threadIdx.y;
    for (int j = 0; j < 64; j += 16)
        if (in_row + j < rows && in_col < cols)
            tile[threadIdx.y + j][threadIdx.x] = in[(in_row + j) * cols + in_col];

    __syncthreads();

    int out_col = blockIdx.y * 64 + threadIdx.x;
    int out_row = blockIdx.x * 64 + threadIdx.y;
    for (int j = 0; j < 64; j += 16)
        if (out_row + j < cols && out_col < rows)
            out[(out_row + j) * rows + out_col] = tile[threadIdx.x][threadIdx.y + j];
}
