/*
 * chapters/11_batched/kernels.h - the launch functions of chapter 11's
 * kernels (defined in kernels.cu, beside this file). They take a
 * d0 x d1 x d2 float32 tensor and a permutation of its axes
 * (tp_launch_tensor_fn in harness.h): each launches its kernel on the
 * whole tensor and returns NULL, or says why it cannot take the shape or
 * the permutation.
 */
#ifndef CH11_KERNELS_H
#define CH11_KERNELS_H

#include "harness.h"

/* The row copies of permute_rows run ROW_THREADS threads per block. */
#define ROW_THREADS 128

/* (0, 2, 1), the batched transpose: chapter 7's kernel launched once per
 * matrix of the batch (d0 launches), the baseline. */
const char *launch_per_matrix(const float *in, float *out, long d0, long d1, long d2,
                              const int perm[3], dim3 block);

/* (0, 2, 1) in one launch: the tiles of every matrix numbered in one 1-D grid. */
const char *launch_batched_tile(const float *in, float *out, long d0, long d1, long d2,
                                const int perm[3], dim3 block);

/* Any permutation that moves the fastest axis: (0, 2, 1), (1, 2, 0),
 * (2, 0, 1), (2, 1, 0). One tile kernel with the strides as arguments. */
const char *launch_permute_tiled(const float *in, float *out, long d0, long d1, long d2,
                                 const int perm[3], dim3 block);

/* The same permutations with chapter 9's 64 x 64 tile (256 threads), in
 * float4s where every row is 16-byte aligned on both sides. */
#define TILE64_THREADS 256
const char *launch_permute_tile64(const float *in, float *out, long d0, long d1, long d2,
                                  const int perm[3], dim3 block);

/* The permutation that keeps the fastest axis, (1, 0, 2): whole rows copied. */
const char *launch_permute_rows(const float *in, float *out, long d0, long d1, long d2,
                                const int perm[3], dim3 block);

/* (0, 2, 1) in place, in == out: square matrices only (d1 == d2). */
const char *launch_in_place_square(const float *in, float *out, long d0, long d1, long d2,
                                   const int perm[3], dim3 block);

/* The same with 64 x 64 tiles (chapter 9's lever 1), blocks of 256 x 1. */
const char *launch_in_place_tile64(const float *in, float *out, long d0, long d1, long d2,
                                   const int perm[3], dim3 block);

#endif
