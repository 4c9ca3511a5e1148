/*
 * chapters/03_unrolled/kernels.h - the launch functions of chapter 3's kernels
 * (defined in kernels.cu, beside this file). Each launches its kernel on
 * the whole matrix and returns NULL, or says why it cannot take the shape
 * (see tp_launch_fn in harness.h).
 */
#ifndef CH03_KERNELS_H
#define CH03_KERNELS_H

#include "harness.h"

/* Elements per thread. A block covers UNROLL * blockDim.x elements along x,
 * which is what a launch of these kernels (or of an exercise) must know. */
#define UNROLL 4

const char *launch_unroll4_row(const float *in, float *out, int rows, int cols, dim3 block);
const char *launch_unroll4_col(const float *in, float *out, int rows, int cols, dim3 block);

#endif
