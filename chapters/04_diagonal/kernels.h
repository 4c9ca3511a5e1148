/*
 * chapters/04_diagonal/kernels.h - the launch functions of chapter 4's kernels
 * (defined in kernels.cu, beside this file). Each launches its kernel on
 * the whole matrix and returns NULL, or says why it cannot take the shape
 * (see tp_launch_fn in harness.h).
 */
#ifndef CH04_KERNELS_H
#define CH04_KERNELS_H

#include "harness.h"

const char *launch_diagonal_row(const float *in, float *out, int rows, int cols, dim3 block);
const char *launch_diagonal_col(const float *in, float *out, int rows, int cols, dim3 block);

#endif
