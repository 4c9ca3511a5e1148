/*
 * A shortcut tried on exercise 6: a 16 KB shared array that is declared
 * and touched (one float written and read back), so that the kernel's
 * shared-memory size passes the old rule, while the transpose goes
 * straight from global loads to global stores. The grader now reads the
 * kernel's machine code: every global store must store a value loaded
 * from shared memory (scripts/stores_from_shared.sh).
 * Expect: did not come from shared memory
 */
__global__ void your_transpose_shared_tile64(const float *__restrict__ in,
                                             float *__restrict__ out, int rows, int cols)
{
    __shared__ float tile[TILE64][TILE64];
    float *one = &tile[blockIdx.y % TILE64][blockIdx.x % TILE64];   /* keeps all 16 KB */

    if (threadIdx.x == 0 && threadIdx.y == 0)
        *one = (float)rows;
    __syncthreads();
    if (*one != (float)rows)
        return;
    for (int j = threadIdx.y; j < TILE64; j += THREADS_Y)
        for (int i = threadIdx.x; i < TILE64; i += THREADS_X) {
            int row = blockIdx.y * TILE64 + j, col = blockIdx.x * TILE64 + i;
            if (row < rows && col < cols)
                out[(size_t)col * rows + row] = in[(size_t)row * cols + col];
        }
}
