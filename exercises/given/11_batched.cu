/*
 * exercises/given/11_batched.cu - the given half of exercise 11: the launch,
 * the table of kernels and main. Your part (the code between the "your
 * code" lines of exercises/11_batched.cu) is compiled on its own and linked
 * with this file, so nothing in it can change what is here.
 */
#include "11_batched.h"

#include "harness.h"
#include "../../chapters/11_batched/kernels.h"

/* Your kernel's line: the target, where to read up, the kernel it is
 * measured against, no rule, the speed shape (8192 x 32 x 64, depth last);
 * then the tensor launch, the permutation and not in place. */
static const tp_kernel kernels[] = {
    { "your_batched_transpose", NULL, TP_TRANSPOSE, { TILE, BLOCK_ROWS, 1 },
      2.0, "chapter 11", "transpose_per_matrix", NULL, 32, 64, NULL, 0,
      launch_yours, { 0, 2, 1 }, 0, 8192 },
    TP_KERNEL_TENSOR("transpose_per_matrix",   launch_per_matrix,   TILE, BLOCK_ROWS, 0, 2, 1, 0),
    TP_KERNEL_TENSOR("transpose_batched_tile", launch_batched_tile, TILE, BLOCK_ROWS, 0, 2, 1, 0),
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Exercise 11: a batch of tiny matrices in one launch",
                  kernels, TP_COUNT(kernels));
}
