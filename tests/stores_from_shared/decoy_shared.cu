/*
 * tests/stores_from_shared/decoy_shared.cu - expected verdict: FAIL.
 *
 * The dodge the old grader let through: a 16 KB shared array (ptxas
 * reports all 16384 bytes) of which one float is written and read back,
 * while the transpose itself goes straight from a global load to a global
 * store, as in chapter 2. The stored register was last written by an LDG,
 * so the check must reject the kernel.
 * Compiled by tests/check_stores_from_shared.sh; not part of any program.
 */
#define TILE64 64

__global__ void decoy_shared(const float *__restrict__ in, float *__restrict__ out,
                             int rows, int cols)
{
    __shared__ float tile[TILE64][TILE64];   /* 16 KB, and all but one float unused */

    /* One float, at a place known only at run time, so all 16 KB stay. */
    float *one = &tile[blockIdx.y % TILE64][blockIdx.x % TILE64];
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (threadIdx.x == 0 && threadIdx.y == 0)
        *one = (float)rows;
    __syncthreads();
    /* Always true, but the compiler cannot know: it must read the tile. */
    if (*one == (float)rows && row < rows && col < cols)
        out[col * rows + row] = in[row * cols + col];
}
