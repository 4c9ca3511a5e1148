/*
 * chapters/06_shared_tile/kernels.h - the launch functions of chapter 6's kernels
 * (defined in kernels.cu, beside this file). Each launches its kernel on
 * the whole matrix and returns NULL, or says why it cannot take the shape
 * (see tp_launch_fn in harness.h).
 */
#ifndef CH06_KERNELS_H
#define CH06_KERNELS_H

#include "harness.h"

const char *launch_shared_tile(const float *in, float *out, int rows, int cols, dim3 block);
const char *launch_copy_shared_tile(const float *in, float *out, int rows, int cols, dim3 block);
const char *launch_shared_dynamic(const float *in, float *out, int rows, int cols, dim3 block);

#endif
