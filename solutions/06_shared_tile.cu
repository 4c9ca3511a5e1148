/*
 * Solution 6: a 64 x 64 shared-memory tile.
 *
 * This is only the part a learner writes: `make solution6` compiles it
 * in place of the code between exercises/06_shared_tile.cu's "your code" lines.
 *
 * Chapter 6's kernel with the tile's 32 replaced by TILE64 and the block's
 * 8 rows by ROWS64. Thread (tx, ty) loads input rows ty, ty + 16, ty + 32,
 * ty + 48 of the tile at column tx: a warp (32 consecutive tx, one ty)
 * reads 32 neighbours of one row. After the barrier it stores output rows
 * ty, ty + 16, ... at column tx from tile[tx][...]: a COLUMN of the tile,
 * read by a warp from one bank (64 floats per row: 32-way conflicts, as in
 * chapter 6; exercise 7 removes them).
 */
__global__ void your_transpose_shared_tile64(const float *__restrict__ in,
                                             float *__restrict__ out, int rows, int cols)
{
    __shared__ float tile[TILE64][TILE64];   /* 64 * 64 * 4 = 16384 bytes */

    int in_col = blockIdx.x * TILE64 + threadIdx.x;
    int in_row = blockIdx.y * TILE64 + threadIdx.y;
    for (int j = 0; j < TILE64; j += ROWS64)
        if (in_row + j < rows && in_col < cols)
            tile[threadIdx.y + j][threadIdx.x] = in[(in_row + j) * cols + in_col];

    __syncthreads();

    int out_col = blockIdx.y * TILE64 + threadIdx.x;   /* = an input row    */
    int out_row = blockIdx.x * TILE64 + threadIdx.y;   /* = an input column */
    for (int j = 0; j < TILE64; j += ROWS64)
        if (out_row + j < cols && out_col < rows)
            out[(out_row + j) * rows + out_col] = tile[threadIdx.x][threadIdx.y + j];
}
