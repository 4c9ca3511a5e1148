/*
 * exercises/given/06_shared_tile.h - what exercise 6 gives your code: read it,
 * do not edit it. The build puts it before your part of
 * exercises/06_shared_tile.cu, and the given half (given/06_shared_tile.cu) includes
 * it too, so both halves agree on these names.
 */
#ifndef EX06_GIVEN_H
#define EX06_GIVEN_H

#include <cuda_runtime.h>

#define TILE64 64       /* the block's tile: 64 x 64 floats                     */
#define THREADS_X 32    /* threads: 32 x 16, half as wide as the tile ...        */
#define THREADS_Y 16    /* ... and a quarter as tall: 8 elements each, each way  */

/* Yours: exercises/06_shared_tile.cu defines it, the given half launches it. */
__global__ void your_transpose_shared_tile64(const float *__restrict__ in,
                                             float *__restrict__ out, int rows, int cols);

#endif
