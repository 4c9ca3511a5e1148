/*
 * exercises/given/05_thin_blocks.cu - the given half of exercise 5: the launch,
 * the table of kernels and main. Your part (the code between the "your
 * code" lines of exercises/05_thin_blocks.cu) is compiled on its own and linked
 * with this file, so nothing in it can change what is here.
 */
#include "05_thin_blocks.h"

#include "harness.h"
#include "../../chapters/02_naive/kernels.h"

/* Your line ends with: the target, where to read up, and the row it is
 * measured against (the same kernel at 32 x 8). Its block is yours: main
 * puts it in. */
static tp_kernel kernels[] = {
    { "your_block_for_naive_row", launch_naive_row, TP_TRANSPOSE, { 0, 0, 0 },
      1.5, "chapter 5", "transpose_naive_row" },
    { "transpose_naive_row", launch_naive_row, TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_naive_col", launch_naive_col, TP_TRANSPOSE, { 8, 32, 1 } },
};

int main(int argc, char **argv)
{
    unsigned threads = your_block.x * your_block.y * your_block.z;

    if (your_block.z != 1 || threads < 32 || threads > 1024 || threads % 32 != 0) {
        fprintf(stderr, "%s: your block is %u x %u x %u; it must be x by y by 1, with x * y "
                "from 32 to 1024 and a multiple of 32\n", argv[0], your_block.x, your_block.y,
                your_block.z);
        return TP_EXIT_USAGE;
    }
    kernels[0].block = your_block;
    return tp_run(argc, argv, "Exercise 5: a block shape for the row-read transpose",
                  kernels, TP_COUNT(kernels));
}
