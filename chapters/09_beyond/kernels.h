/*
 * chapters/09_beyond/kernels.h - the launch functions of chapter 9's kernels
 * (defined in kernels.cu, beside this file). Each launches its kernel on
 * the whole matrix and returns NULL, or says why it cannot take the shape
 * (see tp_launch_fn in harness.h).
 */
#ifndef CH09_KERNELS_H
#define CH09_KERNELS_H

#include "launch.h"

/* Every kernel of this chapter is written for blocks of this many threads
 * (a 64x64 tile, 16 elements per thread; kernels.cu says why). */
#define TILE_THREADS 256

const char *launch_cublas_sgeam(const float *in, float *out, int rows, int cols, dim3 block);
const char *launch_copy_vec4(const float *in, float *out, int rows, int cols, dim3 block);
const char *launch_tile64(const float *in, float *out, int rows, int cols, dim3 block);
const char *launch_tile64_vec4(const float *in, float *out, int rows, int cols, dim3 block);
const char *launch_persistent(const float *in, float *out, int rows, int cols, dim3 block);
const char *launch_sector_aligned(const float *in, float *out, int rows, int cols, dim3 block);
const char *launch_skinny(const float *in, float *out, int rows, int cols, dim3 block);
const char *launch_any_shape(const float *in, float *out, int rows, int cols, dim3 block);

#endif
