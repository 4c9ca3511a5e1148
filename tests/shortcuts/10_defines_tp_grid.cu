/*
 * A shortcut tried on exercise 10 (and 3, 6, 8, 9 and 11): a #define in the
 * learner's part that turned the given launch's tp_grid() into a launch of
 * the chapter's own kernel, with the learner's kernel left empty. The
 * learner's part is now compiled on its own: the macro reaches nothing,
 * and the empty kernel writes nothing.
 * Expect: no output element was written
 */
#define tp_grid(grid, w, h, px, py) \
    (launch_u16_vec16(in, out, rows, cols, block), "launched")

__global__ void your_transpose_u16_pairs(const uint16_t *__restrict__ in,
                                         uint16_t *__restrict__ out, int rows, int cols)
{
}
