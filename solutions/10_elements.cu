/*
 * Solution 10: 2-byte elements moved in pairs.
 *
 * This is only the part a learner writes: `make solution10` compiles it
 * in place of the code between exercises/10_elements.cu's "your code" lines.
 *
 * Word a holds elements (r, c) | (r, c + 1) << 16, word b the same of row
 * r + 1. The transposed block is (r, c) | (r + 1, c) << 16, bytes 0, 1 of
 * a and 0, 1 of b: selector 0x5410 (bytes 4-7 are b's), and (r, c + 1) |
 * (r + 1, c + 1) << 16, bytes 2, 3 of a and b: selector 0x7632.
 * word[p][J][i] is word i of output row 2J + p of the tile. Thread tx
 * stashes into rows J = tx and reads word tx: with a pitch of 33 words
 * both phases put a warp on 32 different banks.
 */
__global__ void your_transpose_u16_pairs(const uint16_t *__restrict__ in,
                                         uint16_t *__restrict__ out, int rows, int cols)
{
    __shared__ uint32_t word[2][PAIR_TILE / 2][PAIR_TILE / 2 + 1];
    int r0 = blockIdx.y * PAIR_TILE, c0 = blockIdx.x * PAIR_TILE;
    int tx = threadIdx.x, ty = threadIdx.y;
    uint32_t a[4], b[4];

    for (int q = 0; q < 4; q++) {                        /* step 1 */
        int r = r0 + 2 * (ty + PAIR_ROWS * q), c = c0 + 2 * tx;
        a[q] = b[q] = 0;
        if (r < rows && c < cols) {
            a[q] = *(const uint32_t *)&in[(size_t)r * cols + c];
            b[q] = *(const uint32_t *)&in[(size_t)(r + 1) * cols + c];
        }
    }
    for (int q = 0; q < 4; q++) {                        /* step 2 */
        word[0][tx][ty + PAIR_ROWS * q] = __byte_perm(a[q], b[q], 0x5410);
        word[1][tx][ty + PAIR_ROWS * q] = __byte_perm(a[q], b[q], 0x7632);
    }
    __syncthreads();                                     /* step 3 */

    for (int m = 0; m < PAIR_TILE / PAIR_ROWS; m++) {    /* step 4 */
        int R = ty + PAIR_ROWS * m, out_row = c0 + R, out_col = r0 + 2 * tx;
        if (out_row < cols && out_col < rows)
            *(uint32_t *)&out[(size_t)out_row * rows + out_col] = word[R & 1][R >> 1][tx];
    }
}
