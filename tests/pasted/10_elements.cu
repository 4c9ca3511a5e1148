/*
 * Pasted into exercise 10 by the tests: chapter 10's transpose_u16_tile
 * written into the exercise's 64 x 64 tile, one 2-byte element per thread
 * access. It is correct, with a padded tile and 16 elements per thread,
 * but it moves 64 bytes per warp instruction, not the 32-bit words the
 * exercise asks for: the grader must fail it on speed.
 */
__global__ void your_transpose_u16_pairs(const uint16_t *__restrict__ in,
                                         uint16_t *__restrict__ out, int rows, int cols)
{
    __shared__ uint16_t tile[PAIR_TILE][PAIR_TILE + 1];
    int r0 = blockIdx.y * PAIR_TILE, c0 = blockIdx.x * PAIR_TILE;

    for (int j = threadIdx.y; j < PAIR_TILE; j += PAIR_ROWS)
        for (int i = threadIdx.x; i < PAIR_TILE; i += 32)
            if (r0 + j < rows && c0 + i < cols)
                tile[j][i] = in[(size_t)(r0 + j) * cols + c0 + i];
    __syncthreads();
    for (int j = threadIdx.y; j < PAIR_TILE; j += PAIR_ROWS)
        for (int i = threadIdx.x; i < PAIR_TILE; i += 32)
            if (c0 + j < cols && r0 + i < rows)
                out[(size_t)(c0 + j) * rows + r0 + i] = tile[i][j];
}
