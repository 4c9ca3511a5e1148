/*
 * Pasted into exercise 12 by the tests: chapter 12's peer-store kernel as
 * the lesson prints it (kernels.cu), retyped under the learner's name and
 * fitted to the exercise's launch (one block of 256 threads per 64 x 64
 * tile): the block, seen as 32 x 8 threads, does the four 32 x 32 padded
 * tiles of its 64 x 64 one after another, as the chapter's blocks do, and
 * finds the owner of each tile's first output row as the chapter does,
 * taking the slow path only where a tile straddles two owners. It is
 * right on every shape; it is the chapter's kernel, so it must fail the
 * speed target (1.15 times that kernel); it measured 0.77x on an H100 and
 * 0.80x on an H200 (2026-11-24).
 */
__global__ void your_transpose_to_owners(const float *__restrict__ slab, int n, int C, long R,
                                         long row0, owner_rows dst)
{
    __shared__ float tile[32][32 + 1];
    int tx = threadIdx.x % 32, ty = threadIdx.x / 32;   /* the 256 threads as 32 x 8 */

    for (int q = 0; q < 4; q++) {   /* the four 32 x 32 tiles, in turn */
        long r0 = (long)blockIdx.y * OWNER_TILE + 32 * (q / 2);
        long c0 = (long)blockIdx.x * OWNER_TILE + 32 * (q % 2);
        for (int j = 0; j < 32; j += 8)
            if (r0 + ty + j < n && c0 + tx < C)
                tile[ty + j][tx] = slab[(r0 + ty + j) * C + c0 + tx];
        __syncthreads();
        int h0 = 0;
        while (h0 + 1 < dst.owners && dst.first[h0 + 1] <= c0)
            h0++;
        for (int j = 0; j < 32; j += 8) {
            long c = c0 + ty + j, r = r0 + tx;
            if (c < C && r < n) {
                int h = h0;
                while (c >= dst.first[h + 1])
                    h++;
                dst.out[h][(c - dst.first[h]) * R + row0 + r] = tile[tx][ty + j];
            }
        }
        __syncthreads();   /* the tile is refilled for the next quarter */
    }
}
