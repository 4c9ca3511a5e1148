/*
 * chapters/10_elements/kernels.h - the launch functions of chapter 10's
 * kernels (defined in kernels.cu, beside this file). The elements are 8, 2
 * or 1 bytes, so these take raw bytes (tp_launch_bytes_fn in harness.h):
 * each launches its kernel on the whole matrix and returns NULL, or says
 * why it cannot take the shape.
 */
#ifndef CH10_KERNELS_H
#define CH10_KERNELS_H

#include "launch.h"

/* The packed kernels are written for blocks of these many threads. */
#define PAIR_THREADS 128   /* transpose_f64_pairs, transpose_u16_vec16 */
#define QUAD_THREADS 256   /* transpose_u8_quads                      */
#define ANY16_THREADS 256  /* transpose_u16_any                       */
#define ANY8_THREADS 256   /* transpose_u8_any                        */
#define STAGED16_THREADS 256   /* transpose_u16_staged (ST_THREADS in staged_index.h) */
#define STAGED8_THREADS 256    /* transpose_u8_staged                                 */
#define FUNNEL_BLOCK 256       /* transpose_u16_funnel, transpose_u8_funnel (FUNNEL_THREADS) */
#define SKINNY_THREADS 256     /* transpose_u16_skinny, transpose_u8_skinny (SK_THREADS) */
#define R4_THREADS 256         /* transpose_u16_rows4, transpose_u8_rows4                */
#define ONE64 64               /* transpose_u16_tile64, transpose_u8_tile64: 64 x 64  */
#define ONE64_ROWS 4           /* elements a tile, blocks of ONE64 x ONE64_ROWS       */
#define ONE64_THREADS (ONE64 * ONE64_ROWS)

/* 8-byte elements (double) */
const char *launch_f64_shared_tile(const void *in, void *out, int rows, int cols, dim3 block);
const char *launch_f64_padded_tile(const void *in, void *out, int rows, int cols, dim3 block);
const char *launch_f64_sector_aligned(const void *in, void *out, int rows, int cols, dim3 block);
const char *launch_f64_pairs(const void *in, void *out, int rows, int cols, dim3 block);

/* 2-byte elements (half, bfloat16, or any 16 bits) */
const char *launch_u16_tile(const void *in, void *out, int rows, int cols, dim3 block);
const char *launch_u16_tile64(const void *in, void *out, int rows, int cols, dim3 block);
const char *launch_u16_tile64w(const void *in, void *out, int rows, int cols, dim3 block);
const char *launch_u16_funnel(const void *in, void *out, int rows, int cols, dim3 block);
const char *launch_u16_skinny(const void *in, void *out, int rows, int cols, dim3 block);
const char *launch_u16_rows4(const void *in, void *out, int rows, int cols, dim3 block);
const char *launch_u16_vec16(const void *in, void *out, int rows, int cols, dim3 block);
const char *launch_u16_any(const void *in, void *out, int rows, int cols, dim3 block);
const char *launch_u16_staged(const void *in, void *out, int rows, int cols, dim3 block);

/* 1-byte elements (uint8) */
const char *launch_u8_tile(const void *in, void *out, int rows, int cols, dim3 block);
const char *launch_u8_tile64(const void *in, void *out, int rows, int cols, dim3 block);
const char *launch_u8_tile64w(const void *in, void *out, int rows, int cols, dim3 block);
const char *launch_u8_funnel(const void *in, void *out, int rows, int cols, dim3 block);
const char *launch_u8_skinny(const void *in, void *out, int rows, int cols, dim3 block);
const char *launch_u8_rows4(const void *in, void *out, int rows, int cols, dim3 block);
const char *launch_u8_quads(const void *in, void *out, int rows, int cols, dim3 block);
const char *launch_u8_any(const void *in, void *out, int rows, int cols, dim3 block);
const char *launch_u8_staged(const void *in, void *out, int rows, int cols, dim3 block);

/* The dispatchers: for each element size, the kernel for every shape (the
 * packed one where the sides allow it; kernels.cu says which otherwise). */
const char *launch_f64_dispatch(const void *in, void *out, int rows, int cols, dim3 block);
const char *launch_u16_dispatch(const void *in, void *out, int rows, int cols, dim3 block);
const char *launch_u8_dispatch(const void *in, void *out, int rows, int cols, dim3 block);

#endif
