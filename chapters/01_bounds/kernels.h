/*
 * chapters/01_bounds/kernels.h - the launch functions of chapter 1's kernels
 * (defined in kernels.cu, beside this file). Each launches its kernel on
 * the whole matrix and returns NULL, or says why it cannot take the shape
 * (see tp_launch_fn in harness.h).
 */
#ifndef CH01_KERNELS_H
#define CH01_KERNELS_H

#include "harness.h"

const char *launch_copy_row(const float *in, float *out, int rows, int cols, dim3 block);
const char *launch_copy_col(const float *in, float *out, int rows, int cols, dim3 block);
const char *launch_copy_tile_loop(const float *in, float *out, int rows, int cols, dim3 block);
const char *launch_copy_tile_ilp(const float *in, float *out, int rows, int cols, dim3 block);

#endif
