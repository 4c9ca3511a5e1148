/*
 * chapters/07_padded_tile/kernels.h - the launch functions of chapter 7's kernels
 * (defined in kernels.cu, beside this file). Each launches its kernel on
 * the whole matrix and returns NULL, or says why it cannot take the shape
 * (see tp_launch_fn in harness.h).
 */
#ifndef CH07_KERNELS_H
#define CH07_KERNELS_H

#include "harness.h"

const char *launch_padded_tile(const float *in, float *out, int rows, int cols, dim3 block);
const char *launch_swizzled_tile(const float *in, float *out, int rows, int cols, dim3 block);

#endif
