/*
 * exercises/given/04_diagonal.h - what exercise 4 gives your code: read it,
 * do not edit it. The build puts it before your part of
 * exercises/04_diagonal.cu, and the given half (given/04_diagonal.cu) includes
 * it too, so both halves agree on these names.
 */
#ifndef EX04_GIVEN_H
#define EX04_GIVEN_H

#include <cuda_runtime.h>

#define TILE_W 32   /* a block's tile: 32 output columns ... */
#define TILE_H 8    /* ... by 8 output rows (a 32 x 8 block) */

/* Tile rows per band. A tile's 8 output rows are 8 input columns, 32
 * bytes of each of its 32 input rows: the 4 tiles of one tile column of
 * a band read 4 x 32 = 128 bytes of each of those input rows, a whole
 * 128-byte line when the row starts on one. */
#define BAND 4

/* Yours: exercises/04_diagonal.cu defines it (not static: the given half
 * calls it on the CPU to check your order). */
__host__ __device__ int2 your_band_tile(int id, int gx, int gy);

/* Given, launched by the given half. */
__global__ void your_transpose_banded_1d(const float *in, float *out, int rows, int cols,
                                         int gx, int gy);

#ifdef TP_LEARNER_PART   /* compiled with your part, before your first line */
/* Given: chapter 2's column-read transpose, on the tile your order gives
 * block blockIdx.x instead of the tile (blockIdx.x, blockIdx.y). */
__global__ void your_transpose_banded_1d(const float *in, float *out, int rows, int cols,
                                         int gx, int gy)
{
    int2 tile = your_band_tile(blockIdx.x, gx, gy);
    int out_col = tile.x * TILE_W + threadIdx.x;   /* = input row */
    int out_row = tile.y * TILE_H + threadIdx.y;   /* = input col */
    if (out_row < cols && out_col < rows)
        out[out_row * rows + out_col] = in[out_col * cols + out_row];
}
#endif

#endif
