/*
 * exercises/given/08_shuffle.h - what exercise 8 gives your code: read it,
 * do not edit it. The build puts it before your part of
 * exercises/08_shuffle.cu, and the given half (given/08_shuffle.cu) includes
 * it too, so both halves agree on these names.
 */
#ifndef EX08_GIVEN_H
#define EX08_GIVEN_H

#include <cuda_runtime.h>
#include "../../chapters/08_shuffle/warp_tile.cuh"

#define HALF 16   /* a half-warp's tile: 16 x 16, 16 values per lane */

/* Given, launched by the given half. */
__global__ void your_transpose_shuffle16(const float *__restrict__ in, float *__restrict__ out,
                                         int rows, int cols);

#ifdef TP_LEARNER_PART   /* compiled with your part, before your first line */
/* Yours: exercises/08_shuffle.cu defines it. */
static __device__ __forceinline__ void your_transpose16(float v[HALF], int lane);

/* Given. Warp w of the block takes the strip of input rows first_row ..
 * first_row + 15 and columns first_col .. first_col + 31. Lane l loads
 * v[r] = input (first_row + r, first_col + l): column l of the strip, that
 * is column l / 2 of tile l % 2. After your transpose lane 2i + h holds
 * row i of tile h: v[c] = input (first_row + i, first_col + 2c + h), which
 * belongs at output (first_col + 2c + h, first_row + i). Each store
 * instruction writes 16 neighbours in each of two output rows. Elements
 * outside the matrix load as 0 and are never stored. */
__global__ void your_transpose_shuffle16(const float *__restrict__ in, float *__restrict__ out,
                                         int rows, int cols)
{
    float v[HALF];
    int lane = threadIdx.x, h = lane % 2, i = lane / 2;
    int first_col = blockIdx.x * TILE;
    int first_row = (blockIdx.y * blockDim.y + threadIdx.y) * HALF;

    if (first_row >= rows)
        return;   /* the whole warp leaves together: no shuffle is left half-done */
#pragma unroll
    for (int r = 0; r < HALF; r++)
        v[r] = (first_row + r < rows && first_col + lane < cols)
                   ? in[(first_row + r) * cols + first_col + lane] : 0.0f;
    your_transpose16(v, lane);
#pragma unroll
    for (int c = 0; c < HALF; c++)
        if (first_col + 2 * c + h < cols && first_row + i < rows)
            out[(first_col + 2 * c + h) * rows + first_row + i] = v[c];
}
#endif

#endif
