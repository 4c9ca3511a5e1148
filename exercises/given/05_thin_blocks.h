/*
 * exercises/given/05_thin_blocks.h - what exercise 5 gives your code: read it,
 * do not edit it. The build puts it before your part of
 * exercises/05_thin_blocks.cu, and the given half (given/05_thin_blocks.cu) includes
 * it too, so both halves agree on these names.
 */
#ifndef EX05_GIVEN_H
#define EX05_GIVEN_H

#include <cuda_runtime.h>

/* Yours: exercises/05_thin_blocks.cu defines it, the given half runs
 * chapter 2's transpose_naive_row with it. */
extern const dim3 your_block;

#endif
