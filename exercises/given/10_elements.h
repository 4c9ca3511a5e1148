/*
 * exercises/given/10_elements.h - what exercise 10 gives your code: read it,
 * do not edit it. The build puts it before your part of
 * exercises/10_elements.cu, and the given half (given/10_elements.cu) includes
 * it too, so both halves agree on these names.
 */
#ifndef EX10_GIVEN_H
#define EX10_GIVEN_H

#include <cuda_runtime.h>
#include <stdint.h>
#include "../../chapters/tile.h"

#define PAIR_TILE 64   /* the block's tile: 64 x 64 2-byte elements        */
#define PAIR_ROWS 8    /* threads: 32 x 8; 4 row pairs, 8 words each to load */

/* Yours: exercises/10_elements.cu defines it, the given half launches it. */
__global__ void your_transpose_u16_pairs(const uint16_t *__restrict__ in,
                                         uint16_t *__restrict__ out, int rows, int cols);

#endif
