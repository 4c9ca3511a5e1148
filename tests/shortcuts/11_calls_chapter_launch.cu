/*
 * A shortcut tried on exercise 11 (a learner reading the grader's code):
 * the launch, which is the learner's, calls chapter 11's own launch
 * function, and the learner's kernel stays empty. Before the learner's
 * part was checked on its own, this passed at 835x.
 * Expect: your code calls launch_batched_tile, chapter 11's own launch function
 */
#include "../chapters/11_batched/kernels.h"

__global__ void your_batched_transpose(const float *__restrict__ in, float *__restrict__ out,
                                       int rows, int cols, unsigned tiles_x,
                                       unsigned tiles_per_matrix)
{
}

const char *launch_yours(const float *in, float *out, long batch, long rows, long cols,
                         const int perm[3], dim3 block)
{
    return launch_batched_tile(in, out, batch, rows, cols, perm, block);
}
