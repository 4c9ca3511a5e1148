/*
 * exercises/given/02_naive.h - what exercise 2 gives your code: read it,
 * do not edit it. The build puts it before your part of
 * exercises/02_naive.cu, and the given half (given/02_naive.cu) includes
 * it too, so both halves agree on these names.
 */
#ifndef EX02_GIVEN_H
#define EX02_GIVEN_H

#include <cuda_runtime.h>

#define THREADS 256   /* threads per block, in one dimension */

/* Yours: exercises/02_naive.cu defines it, the given half launches it. */
__global__ void your_transpose_1d(const float *in, float *out, int rows, int cols);

#endif
