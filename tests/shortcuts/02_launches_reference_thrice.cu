/*
 * A shortcut tried on exercise 2: a #define in the learner's part that
 * rewrote the table's reference row so that it ran the reference kernel
 * three times, making a slow kernel look 3x faster. The learner's part is
 * now compiled on its own, so the macro reaches nothing, and the slow
 * kernel (output side strided: transpose_naive_row's pattern) is timed
 * against the real reference.
 * Expect: correct, but
 */
#define launch_naive_row(in, out, rows, cols, block) \
    (launch_naive_row(in, out, rows, cols, block), launch_naive_row(in, out, rows, cols, block), \
     launch_naive_row(in, out, rows, cols, block))

__global__ void your_transpose_1d(const float *in, float *out, int rows, int cols)
{
    long i = (long)blockIdx.x * blockDim.x + threadIdx.x;   /* numbers the input */

    if (i < (long)rows * cols)
        out[(i % cols) * rows + i / cols] = in[i];
}
