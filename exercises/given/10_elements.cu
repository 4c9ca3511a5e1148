/*
 * exercises/given/10_elements.cu - the given half of exercise 10: the launch,
 * the table of kernels and main. Your part (the code between the "your
 * code" lines of exercises/10_elements.cu) is compiled on its own and linked
 * with this file, so nothing in it can change what is here.
 */
#include "10_elements.h"

#include "harness.h"
#include "../../chapters/10_elements/kernels.h"

/* Even sides: one block per 64 x 64 tile. Odd sides: chapter 10's
 * one-element-per-thread tile. tp_grid gets the tile counts, so it alone
 * would let a matrix of more than 2^31 - 1 elements through (chapter 10's
 * kernels index in 64 bits and take it); tp_int_index refuses it, so
 * that int offsets are safe in your kernel. */
static const char *launch_yours(const void *in, void *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na;

    if (rows % 2 != 0 || cols % 2 != 0)
        return launch_u16_tile(in, out, rows, cols, dim3(TILE, BLOCK_ROWS, 1));
    na = tp_int_index(rows, cols);
    if (na == NULL)
        na = tp_grid(&grid, (cols + PAIR_TILE - 1) / PAIR_TILE,
                     (rows + PAIR_TILE - 1) / PAIR_TILE, 1, 1);
    if (na)
        return na;
    your_transpose_u16_pairs<<<grid, block>>>((const uint16_t *)in, (uint16_t *)out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

/* Your kernel's line: no float launch; the target, where to read up, the
 * kernel it is measured against, no rule, the default shape (8192 x 8192);
 * then the 2-byte launch and the element size. */
static const tp_kernel kernels[] = {
    { .name = "your_transpose_u16_pairs", .op = TP_TRANSPOSE, .block = { 32, PAIR_ROWS, 1 },
      .target = 1.1, .see = "chapter 10", .relative_to = "transpose_u16_tile",
      .launch_bytes = launch_yours, .elem_bytes = 2 },
    TP_KERNEL_BYTES("transpose_u16_tile",  launch_u16_tile,  TP_TRANSPOSE, TILE, BLOCK_ROWS, 2),
    TP_KERNEL_BYTES("transpose_u16_vec16", launch_u16_vec16, TP_TRANSPOSE, PAIR_THREADS, 1, 2),
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Exercise 10: 2-byte elements moved in pairs",
                  kernels, TP_COUNT(kernels));
}
