/*
 * exercises/given/09_beyond.h - what exercise 9 gives your code: read it,
 * do not edit it. The build puts it before your part of
 * exercises/09_beyond.cu, and the given half (given/09_beyond.cu) includes
 * it too, so both halves agree on these names.
 */
#ifndef EX09_GIVEN_H
#define EX09_GIVEN_H

#include <cuda_runtime.h>
#include "../../chapters/tile.h"

#define FEW_ROWS 32          /* your kernel takes matrices of 1 to 32 rows */
#define PIECE_FLOATS 4096    /* a block's piece: about 16 KB               */

/* Yours: exercises/09_beyond.cu defines it, the given half launches it. */
#define TILE_THREADS 256     /* threads per block (chapter 9's)         */

__global__ void your_transpose_few_rows(const float *__restrict__ in, float *__restrict__ out,
                                        int rows, int cols, int w);

#endif
