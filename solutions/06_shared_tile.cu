/*
 * Solution 6: a 64 x 64 shared-memory tile, a block half as wide.
 *
 * This is only the part a learner writes: `make solution6` compiles it
 * in place of the code between exercises/06_shared_tile.cu's "your code" lines.
 *
 * The block is 32 x 16 threads, the tile 64 x 64: thread (tx, ty) takes
 * tile rows ty, ty + 16, ty + 32, ty + 48 and, in each, tile columns tx and
 * tx + 32: two passes across, four down, 8 elements. A warp (32
 * consecutive tx, one ty) then reads 32 neighbours of one input row in
 * each load, the left or the right half of a tile row. After the barrier
 * the same thread stores output rows ty, ty + 16, ... at output columns tx
 * and tx + 32 of the output tile, from tile[tx][...] and tile[tx + 32][...]:
 * a warp writes 32 neighbours of one output row, and reads a COLUMN of the
 * tile, all in one bank (64 floats per row: 32-way conflicts, as in
 * chapter 6; exercise 7 removes them). Every global access is guarded on
 * its own (a partial tile may have any number of valid rows and columns);
 * the barrier is outside every if, so all 512 threads reach it.
 */
__global__ void your_transpose_shared_tile64(const float *__restrict__ in,
                                             float *__restrict__ out, int rows, int cols)
{
    __shared__ float tile[TILE64][TILE64];   /* 64 * 64 * 4 = 16384 bytes */

    int row0 = blockIdx.y * TILE64, col0 = blockIdx.x * TILE64;   /* the input tile */
    int tx = threadIdx.x, ty = threadIdx.y;

    for (int j = ty; j < TILE64; j += THREADS_Y)
        for (int i = tx; i < TILE64; i += THREADS_X)
            if (row0 + j < rows && col0 + i < cols)
                tile[j][i] = in[(row0 + j) * cols + col0 + i];

    __syncthreads();

    /* Output row col0 + j holds input column col0 + j; its element at
     * output column row0 + i is input (row0 + i, col0 + j) = tile[i][j]. */
    for (int j = ty; j < TILE64; j += THREADS_Y)
        for (int i = tx; i < TILE64; i += THREADS_X)
            if (col0 + j < cols && row0 + i < rows)
                out[(col0 + j) * rows + row0 + i] = tile[i][j];
}
