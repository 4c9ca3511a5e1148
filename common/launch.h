/*
 * launch.h - what a kernel file needs around its launches: the checks
 * after each CUDA call and launch, and the stream its launches go to.
 *
 *     kernel<<<grid, block, 0, TP_STREAM>>>(...);
 *     CHECK_LAUNCH();
 *
 * In the chapters (and everything the harness runs) a failed check prints
 * the call, file:line and CUDA's error, and exits with TP_EXIT_FAIL; the
 * stream is 0, the default one. The transpose library (lib/transpose.h)
 * runs the same kernel code with both changed for the length of one of
 * its calls, on the calling thread only: TP_STREAM is the caller's stream,
 * and a failed check exits nothing: the first failure is kept
 * (tp_launch_here()->error) for the library to return as an error code.
 * Also here: tp_grid and tp_int_index, the grid a launch function asks
 * for and its "n/a" when CUDA or 32-bit indexing cannot take it.
 */
#ifndef TP_LAUNCH_H
#define TP_LAUNCH_H

#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The calling thread's launch settings (launch.cu); the chapters never
 * change them. soft: 1 while a library call runs. */
typedef struct {
    cudaStream_t stream;   /* where TP_STREAM launches go            */
    int soft;              /* 1: keep a failure instead of exiting   */
    cudaError_t error;     /* the first failure kept, or cudaSuccess */
    char where[200];       /* its call and file:line                 */
} tp_launch_state;

tp_launch_state *tp_launch_here(void);

/* The grid that covers width x height elements when each block covers
 * per_block_x x per_block_y of them (rounded up, so edges get a block).
 * Returns NULL and sets *grid; or returns the reason for the table's "n/a":
 * CUDA does not allow that grid (gridDim.y at most 65535), or width x
 * height is more than 2^31 - 1 elements, which a kernel indexing with int
 * cannot address. (Chapter 9's kernels index with 64 bits and number
 * their tiles along x: they pass the tile count as the width.) */
const char *tp_grid(dim3 *grid, long width, long height, long per_block_x, long per_block_y);

/* NULL if a rows x cols matrix can be indexed with ints (at most 2^31 - 1
 * elements), else the reason for the table's "n/a". tp_grid() asks it. */
const char *tp_int_index(long rows, long cols);

/* Checks one CUDA call's result (see above). */
void tp_launch_check(cudaError_t err, const char *call, const char *file, int line);

#ifdef __cplusplus
}
#endif

#define TP_STREAM (tp_launch_here()->stream)

/* Checks a CUDA call: on failure prints the call, file:line, the error's
 * name and message to stderr and exits with TP_EXIT_FAIL (in a library
 * call: keeps them, see above). */
#define CHECK_CUDA(call) tp_launch_check((call), #call, __FILE__, __LINE__)

/* Put right after every kernel launch: a launch with a bad configuration
 * fails silently unless somebody asks. */
#define CHECK_LAUNCH() CHECK_CUDA(cudaGetLastError())

#endif
