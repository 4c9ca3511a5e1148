/*
 * A shortcut tried on exercises 3, 6, 8, 9, 10 and 11: a #define in the
 * learner's part that turned the given launch's tp_grid() into a launch of
 * the chapter's own kernel, with the learner's kernel left empty. The
 * learner's part is now compiled on its own: the macro reaches nothing,
 * and the empty kernel writes nothing.
 * Expect: no output element was written
 */
#define tp_grid(grid, w, h, px, py) \
    (launch_unroll4_col(in, out, rows, cols, block), "launched")

__global__ void your_transpose_unroll8_col(const float *in, float *out, int rows, int cols)
{
}
