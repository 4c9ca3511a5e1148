/*
 * transpose.h - the tutorial's fastest transposes, for your own code.
 *
 * One static library, libtranspose.a (`make lib`), with the kernels that
 * chapters 9, 10 and 11 build and measure, and the dispatchers that pick
 * one for each shape:
 *
 *     #include "transpose.h"
 *     ...
 *     int64_t dims[3] = { 64, 1024, 512 };          // the input's shape
 *     int perm[3] = { 0, 2, 1 };                     // output axis i = input axis perm[i]
 *     transpose_status s = transpose_permute(d_in, d_out, 3, dims, perm, 2, stream);
 *     if (s != TRANSPOSE_OK)
 *         fprintf(stderr, "%s\n", transpose_last_error());
 *
 *     nvcc -O2 my_program.c -Ilib libtranspose.a -o my_program
 *
 * Conventions: tensors are row-major (the last axis is the fastest), as
 * in C, PyTorch and NumPy; output axis i runs over input axis perm[i], as
 * in PyTorch's x.permute(perm).contiguous(). `in` and `out` are GPU memory
 * (cudaMalloc or managed), aligned to the element size, and must not
 * overlap: no call works in place. A call launches its kernel on `stream`
 * (a cudaStream_t; NULL is the default stream) and returns without waiting
 * for it, like a kernel launch; nothing is allocated, nothing printed, and
 * nothing exits. Every failure is a returned code, with a sentence for a
 * person from transpose_last_error(). The header needs no CUDA header: a
 * stream is passed as a pointer (cudaStream_t is one).
 *
 * Element sizes: 1, 2, 4, 8 and 16 bytes (any type of that size: the
 * library moves bytes). Ranks: 1 to TRANSPOSE_MAX_RANK axes, each of at
 * least 1 element, with 64-bit sizes.
 */
#ifndef TRANSPOSE_H
#define TRANSPOSE_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TRANSPOSE_MAX_RANK 4

typedef enum {
    TRANSPOSE_OK = 0,
    TRANSPOSE_ERR_NULL,          /* in, out, dims or perm is NULL                   */
    TRANSPOSE_ERR_RANK,          /* rank outside 1..TRANSPOSE_MAX_RANK              */
    TRANSPOSE_ERR_DIM,           /* an axis of fewer than 1 element                 */
    TRANSPOSE_ERR_PERM,          /* perm is not a permutation of 0..rank-1          */
    TRANSPOSE_ERR_ELEM_BYTES,    /* element size not 1, 2, 4, 8 or 16               */
    TRANSPOSE_ERR_TOO_LARGE,     /* the tensor's bytes overflow 64 bits or memory   */
    TRANSPOSE_ERR_OVERLAP,       /* the input and output byte ranges overlap        */
    TRANSPOSE_ERR_ALIGN,         /* a buffer not aligned to the element size        */
    TRANSPOSE_ERR_NOT_DEVICE,    /* a buffer that is not GPU memory                 */
    TRANSPOSE_ERR_UNSUPPORTED,   /* a shape no kernel takes (the message says why)  */
    TRANSPOSE_ERR_CUDA           /* CUDA failed (the message names the error)       */
} transpose_status;

/* out = in with its axes permuted: in has shape dims[0] x ... x
 * dims[rank-1]; out has shape dims[perm[0]] x ... x dims[perm[rank-1]]. */
transpose_status transpose_permute(const void *in, void *out, int rank, const int64_t *dims,
                                   const int *perm, int elem_bytes, void *stream);

/* The 2-D transpose: in is rows x cols, out is cols x rows
 * (transpose_permute with dims { rows, cols } and perm { 1, 0 }). */
transpose_status transpose_2d(const void *in, void *out, int64_t rows, int64_t cols,
                              int elem_bytes, void *stream);

/* The code's name, e.g. "TRANSPOSE_ERR_PERM" ("unknown status" if none). */
const char *transpose_status_name(transpose_status s);

/* A sentence on this thread's last failed call, e.g. "perm uses axis 0
 * twice"; "" before any failure. Valid until the thread's next call. */
const char *transpose_last_error(void);

#ifdef __cplusplus
}
#endif

#endif
