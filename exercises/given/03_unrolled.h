/*
 * exercises/given/03_unrolled.h - what exercise 3 gives your code: read it,
 * do not edit it. The build puts it before your part of
 * exercises/03_unrolled.cu, and the given half (given/03_unrolled.cu) includes
 * it too, so both halves agree on these names.
 */
#ifndef EX03_GIVEN_H
#define EX03_GIVEN_H

#include <cuda_runtime.h>

#define UNROLL8 8   /* elements per thread in this exercise */

/* Yours: exercises/03_unrolled.cu defines it, the given half launches it. */
__global__ void your_transpose_unroll8_col(const float *in, float *out, int rows, int cols);

#endif
