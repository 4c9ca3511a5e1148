/*
 * A shortcut tried on exercise 7: a #define in the learner's part that
 * rewrote the reference row's launch (chapter 6's shared tile) to run its
 * kernel three times, so that a 64 x 64 tile that keeps its bank
 * conflicts looked fast enough. The learner's part is now compiled on its
 * own, so the macro reaches nothing, and the unswizzled tile (chapter
 * 6's kernel at 64 x 64 with 64 x 16 threads, exactly 16384 bytes, so the
 * rule holds) is timed against the real reference.
 * Expect: correct, but
 */
#define launch_shared_tile(in, out, rows, cols, block) \
    (launch_shared_tile(in, out, rows, cols, block), launch_shared_tile(in, out, rows, cols, block), \
     launch_shared_tile(in, out, rows, cols, block))

__global__ void your_transpose_swizzled_tile64(const float *__restrict__ in,
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
