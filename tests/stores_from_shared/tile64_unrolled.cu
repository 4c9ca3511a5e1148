/*
 * tests/stores_from_shared/tile64_unrolled.cu - expected verdict: PASS.
 *
 * A transpose through a 64 x 64 shared tile, as chapter 6's
 * transpose_shared_dynamic runs it: a 64 x 16 block, each thread 4
 * elements each way, loops unrolled (exercise 6's answer until its block
 * became 32 x 16).
 * Every global store writes a value read back from the tile (an LDS), so
 * scripts/stores_from_shared.sh must accept it.
 * Compiled by tests/check_stores_from_shared.sh; not part of any program.
 */
#define TILE64 64
#define ROWS64 16

__global__ void tile64_unrolled(const float *__restrict__ in, float *__restrict__ out,
                                int rows, int cols)
{
    __shared__ float tile[TILE64][TILE64];   /* 16 KB */

    int in_col = blockIdx.x * TILE64 + threadIdx.x;
    int in_row = blockIdx.y * TILE64 + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE64; j += ROWS64)
        if (in_row + j < rows && in_col < cols)
            tile[threadIdx.y + j][threadIdx.x] = in[(in_row + j) * cols + in_col];

    __syncthreads();

    int out_col = blockIdx.y * TILE64 + threadIdx.x;
    int out_row = blockIdx.x * TILE64 + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE64; j += ROWS64)
        if (out_row + j < cols && out_col < rows)
            out[(out_row + j) * rows + out_col] = tile[threadIdx.x][threadIdx.y + j];
}
