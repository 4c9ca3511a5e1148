/*
 * exercises/given/07_padded_tile.h - what exercise 7 gives your code: read it,
 * do not edit it. The build puts it before your part of
 * exercises/07_padded_tile.cu, and the given half (given/07_padded_tile.cu) includes
 * it too, so both halves agree on these names.
 */
#ifndef EX07_GIVEN_H
#define EX07_GIVEN_H

#include <cuda_runtime.h>

#define TILE64 64     /* the block's tile: 64 x 64 floats      */
#define ROWS64 16     /* threads: 64 x 16, 4 elements each     */

/* Yours: exercises/07_padded_tile.cu defines it, the given half launches it. */
__global__ void your_transpose_swizzled_tile64(const float *__restrict__ in,
                                               float *__restrict__ out, int rows, int cols);

#endif
