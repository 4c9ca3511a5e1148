/*
 * tests/stores_from_shared/partly_direct.cu - expected verdict: FAIL.
 *
 * tile64_unrolled.cu with a shortcut: the last of each thread's four
 * output rows is written straight from a global load (the transposed
 * element, read down a column of the input) instead of from the tile.
 * The result is still right, but one store in four bypasses shared
 * memory, and the check must reject the kernel for it.
 * Compiled by tests/check_stores_from_shared.sh; not part of any program.
 */
#define TILE64 64
#define ROWS64 16

__global__ void partly_direct(const float *__restrict__ in, float *__restrict__ out,
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
            out[(out_row + j) * rows + out_col] = j < TILE64 - ROWS64
                ? tile[threadIdx.x][threadIdx.y + j]
                : in[out_col * cols + out_row + j];   /* the shortcut */
}
