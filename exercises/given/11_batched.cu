/*
 * exercises/given/11_batched.cu - the given half of exercise 11: the launch,
 * the table of kernels and main. Your part (the code between the "your
 * code" lines of exercises/11_batched.cu) is compiled on its own and linked
 * with this file, so nothing in it can change what is here.
 */
#include "11_batched.h"

#include "harness.h"
#include "../../chapters/tile.h"
#include "../../chapters/11_batched/kernels.h"

/* Matrices of at most PIECE_FLOATS floats: one block per chunk of k whole
 * matrices, k as many as fit. Larger matrices: chapter 11's one tile per
 * block, which wastes little on them. */
static const char *launch_yours(const float *in, float *out, long batch, long rows, long cols,
                                const int perm[3], dim3 block)
{
    long floats = rows * cols, k, chunks;

    if (perm[0] != 0 || perm[1] != 2 || perm[2] != 1)
        return "transposes the matrices of a batch, permutation (0, 2, 1) only";
    if (floats > PIECE_FLOATS)
        return launch_batched_tile(in, out, batch, rows, cols, perm, dim3(TILE, BLOCK_ROWS, 1));
    k = PIECE_FLOATS / floats;
    chunks = (batch + k - 1) / k;
    if (chunks > 2147483647L)
        return "needs more chunks than a 1-D grid holds (2^31 - 1)";
    your_batched_transpose<<<(unsigned)chunks, block>>>(in, out, batch, (int)rows, (int)cols,
                                                        (int)k);
    CHECK_LAUNCH();
    return NULL;
}

/* Your kernel's line: the target, where to read up, the kernel it is
 * measured against, no rule, the speed shape (200000 x 12 x 20, depth
 * last); then the tensor launch, the permutation and not in place. Beside
 * it chapter 11's batched tile, and the same tile through chapter 11's
 * kernel for every permutation. (Chapter 11's one launch per matrix,
 * transpose_per_matrix, is left out: at the 3.2 us a launch chapter 11
 * measured, 200000 launches take about 0.64 s, for every timed run.) */
static const tp_kernel kernels[] = {
    { .name = "your_batched_transpose", .op = TP_TRANSPOSE, .block = { CHUNK_THREADS, 1, 1 },
      .target = 1.5, .see = "chapter 11 (and chapter 9, lever 5)",
      .relative_to = "transpose_batched_tile", .speed_rows = 12, .speed_cols = 20,
      .launch_tensor = launch_yours, .perm = { 0, 2, 1 }, .in_place = 0,
      .speed_depth = 200000 },
    TP_KERNEL_TENSOR("transpose_batched_tile", launch_batched_tile, TILE, BLOCK_ROWS, 0, 2, 1, 0),
    TP_KERNEL_TENSOR("permute_tiled_021", launch_permute_tiled, TILE, BLOCK_ROWS, 0, 2, 1, 0),
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Exercise 11: many tiny matrices, whole matrices per block",
                  kernels, TP_COUNT(kernels));
}
