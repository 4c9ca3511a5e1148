/*
 * chapters/02_naive/kernels.h - the launch functions of chapter 2's kernels
 * (defined in kernels.cu, beside this file). Each launches its kernel on
 * the whole matrix and returns NULL, or says why it cannot take the shape
 * (see tp_launch_fn in harness.h).
 */
#ifndef CH02_KERNELS_H
#define CH02_KERNELS_H

#include "harness.h"

const char *launch_naive_row(const float *in, float *out, int rows, int cols, dim3 block);
const char *launch_naive_col(const float *in, float *out, int rows, int cols, dim3 block);
const char *launch_naive_col_no_l1(const float *in, float *out, int rows, int cols, dim3 block);

#endif
