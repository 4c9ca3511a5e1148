/*
 * A shortcut tried on exercise 5: a #define in the learner's part that
 * replaced the given main's tp_run() by a wrapper printing a PASS line
 * under --grade. The learner's part is now compiled on its own, so the
 * macro reaches nothing, and the block left at chapter 2's 32 x 8 is timed
 * against itself.
 * Expect: correct, but
 */
#include <stdio.h>

#define tp_run(argc, argv, title, kernels, count) \
    (printf("PASS  your_block_for_naive_row: correct on 10 shapes, 9.99x\n"), 0)

const dim3 your_block(32, 8);
