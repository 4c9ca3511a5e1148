/*
 * launch.cu - launch.h: the checks, the calling thread's launch settings,
 * and the grids of the launch functions.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"   /* TP_EXIT_FAIL */
#include "launch.h"

/* One per thread (GCC's __thread): a library call on one thread never
 * changes another thread's stream or turns its checks soft. */
static __thread tp_launch_state state = { 0, 0, cudaSuccess, "" };

tp_launch_state *tp_launch_here(void)
{
    return &state;
}

void tp_launch_check(cudaError_t err, const char *call, const char *file, int line)
{
    if (err == cudaSuccess)
        return;
    if (state.soft) {
        if (state.error == cudaSuccess) {
            state.error = err;
            snprintf(state.where, sizeof state.where, "%s at %s:%d", call, file, line);
        }
        return;
    }
    fprintf(stderr, "CUDA error at %s:%d: %s\n  %s: %s\n", file, line, call,
            cudaGetErrorName(err), cudaGetErrorString(err));
    exit(TP_EXIT_FAIL);
}

const char *tp_int_index(long rows, long cols)
{
    if (rows > TP_INT_ELEMENTS / cols)
        return "indexes with 32-bit ints, so at most 2^31 - 1 elements (chapter 9's kernels "
               "index with 64 bits)";
    return NULL;
}

const char *tp_grid(dim3 *grid, long width, long height, long per_block_x, long per_block_y)
{
    static __thread char why[160];   /* one per thread: the library may run on several */
    long gx = (width + per_block_x - 1) / per_block_x;
    long gy = (height + per_block_y - 1) / per_block_y;
    const char *too_big = tp_int_index(width, height);

    if (too_big != NULL)
        return too_big;
    if (gx > 2147483647L || gy > 65535L) {
        snprintf(why, sizeof why, "needs a grid of %ld x %ld blocks; CUDA allows at most "
                 "2147483647 x 65535", gx, gy);
        return why;
    }
    *grid = dim3((unsigned)gx, (unsigned)gy, 1);
    return NULL;
}
