/*
 * tests/stores_from_shared/tile64_not_unrolled.cu - expected verdict: PASS.
 *
 * tile64_unrolled.cu with both loops kept as loops (#pragma unroll 1): the
 * SASS then holds one load loop and one store loop that branch back, and
 * the LDS that feeds each store sits in the loop body above it. The check
 * reads the function top to bottom, so it must still find that LDS.
 * Compiled by tests/check_stores_from_shared.sh; not part of any program.
 */
#define TILE64 64
#define ROWS64 16

__global__ void tile64_not_unrolled(const float *__restrict__ in, float *__restrict__ out,
                                    int rows, int cols)
{
    __shared__ float tile[TILE64][TILE64];   /* 16 KB */

    int in_col = blockIdx.x * TILE64 + threadIdx.x;
    int in_row = blockIdx.y * TILE64 + threadIdx.y;
#pragma unroll 1
    for (int j = 0; j < TILE64; j += ROWS64)
        if (in_row + j < rows && in_col < cols)
            tile[threadIdx.y + j][threadIdx.x] = in[(in_row + j) * cols + in_col];

    __syncthreads();

    int out_col = blockIdx.y * TILE64 + threadIdx.x;
    int out_row = blockIdx.x * TILE64 + threadIdx.y;
#pragma unroll 1
    for (int j = 0; j < TILE64; j += ROWS64)
        if (out_row + j < cols && out_col < rows)
            out[(out_row + j) * rows + out_col] = tile[threadIdx.x][threadIdx.y + j];
}
