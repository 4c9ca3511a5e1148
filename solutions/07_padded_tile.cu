/*
 * Solution 7: a 64 x 64 tile without bank conflicts and without padding.
 *
 * This is only the part a learner writes: `make solution7` compiles it
 * in place of the code between exercises/07_padded_tile.cu's "your code" lines.
 *
 * Element (r, c) is stored at row r, column c ^ (r % 32). The XOR changes
 * only the low 5 bits of c, so the column stays inside its half of the row
 * (0..31 or 32..63), and for a fixed r it is a permutation of the row: a
 * row still fills its row. Its bank is (c ^ (r % 32)) % 32 = (c % 32) ^
 * (r % 32): down a column, 32 consecutive rows give 32 different banks, and
 * a warp reads exactly 32 consecutive rows of one column (tx = 0..31, or
 * 32..63). Along a row, c = tx gives 32 different banks too.
 */
static __device__ __forceinline__ int swizzled64(int r, int c)
{
    return r * TILE64 + (c ^ (r % 32));
}

__global__ void your_transpose_swizzled_tile64(const float *__restrict__ in,
                                               float *__restrict__ out, int rows, int cols)
{
    __shared__ float tile[TILE64 * TILE64];   /* 16384 bytes, indexed by swizzled64() */

    int tx = threadIdx.x, ty = threadIdx.y;
    int in_col = blockIdx.x * TILE64 + tx;
    int in_row = blockIdx.y * TILE64 + ty;
    for (int j = 0; j < TILE64; j += ROWS64)
        if (in_row + j < rows && in_col < cols)
            tile[swizzled64(ty + j, tx)] = in[(in_row + j) * cols + in_col];

    __syncthreads();

    /* Output (out_row + j, out_col) is element (tx, ty + j) of the tile. */
    int out_col = blockIdx.y * TILE64 + tx;
    int out_row = blockIdx.x * TILE64 + ty;
    for (int j = 0; j < TILE64; j += ROWS64)
        if (out_row + j < cols && out_col < rows)
            out[(out_row + j) * rows + out_col] = tile[swizzled64(tx, ty + j)];
}
