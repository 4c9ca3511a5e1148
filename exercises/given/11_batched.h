/*
 * exercises/given/11_batched.h - what exercise 11 gives your code: read it,
 * do not edit it. The build puts it before your part of
 * exercises/11_batched.cu, and the given half (given/11_batched.cu) includes
 * it too, so both halves agree on these names.
 */
#ifndef EX11_GIVEN_H
#define EX11_GIVEN_H

#include <cuda_runtime.h>

#define PIECE_FLOATS 4096    /* a chunk: at most 4096 floats (16 KB) of whole matrices */
#define CHUNK_THREADS 256    /* threads per block, blockDim.x (blockDim.y is 1)       */

/* Yours: exercises/11_batched.cu defines it, the given half launches it on
 * batches of matrices of at most PIECE_FLOATS floats each: one block per
 * chunk of k = PIECE_FLOATS / (rows * cols) matrices (the last chunk may
 * hold fewer), blockIdx.x numbering the chunks. */
__global__ void your_batched_transpose(const float *__restrict__ in, float *__restrict__ out,
                                       long batch, int rows, int cols, int k);

#endif
