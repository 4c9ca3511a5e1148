/*
 * Chapter 11: batches, 3-D permutations, in place.
 *
 * Chapters 1 to 10 transposed one matrix. Real programs transpose many
 * small matrices at once (the heads of an attention layer), permute the
 * axes of a 3-D tensor (NCHW to NHWC and the like), or have no room for a
 * second copy. The input is a d0 x d1 x d2 float32 tensor, d2 the fastest
 * axis; every row permutes its axes (0, 2, 1 is a batch of transposes):
 *
 *   transpose_per_matrix       chapter 7's tile, one launch per matrix (0, 2, 1)
 *   transpose_batched_tile     the same tiles, all matrices in one launch (0, 2, 1)
 *   transpose_in_place_square  (0, 2, 1) in one buffer, tile pairs swapped
 *   transpose_in_place_tile64  the same with 64 x 64 tiles (chapter 9's lever 1)
 *   permute_tiled_021          one tile kernel for every permutation that
 *   permute_tiled_120          moves the fastest axis, strides as arguments
 *   permute_tiled_201
 *   permute_tiled_210
 *   permute_rows_102           the one that keeps it: whole rows reordered
 *   permute_tile64_021         the tiled permutations with chapter 9's
 *   permute_tile64_120         levers 1 and 2: a 64 x 64 tile for 256
 *   permute_tile64_201         threads, float4s where the rows allow
 *   permute_tile64_210
 *   permute_nd_<type>_<perm>   one design for every permutation of 1 to 4
 *                              axes and every element size (permute_nd.h):
 *                              a copy, whole rows, or a tile, as
 *                              tp_problem_plan decides from the fastest axis.
 *                              4-axis rows: attention's [B, S, H, D] ->
 *                              [B, H, S, D] (0213), NCHW -> NHWC (0231),
 *                              NHWC -> NCHW (0312); on a 3-axis --size they
 *                              see a leading axis of 1.
 *
 * Build and run:   make chapter11 && ./chapter11                 (512 x 512 x 512)
 *                  ./chapter11 --size 1024x256x256 --kernel transpose
 *                  ./chapter11 --size 4096x32x64 --kernel transpose_
 *                  ./chapter11 --size 1x16384x16384 --kernel transpose_
 *                  ./chapter11 --check --size 3x17x83      (validate only; see --help)
 * --size DxRxC is a tensor of D matrices of R x C; --size RxC means 1 x R x C.
 * Look for: how close the tiled permutations come to the copy ceiling, and
 * whether the one that keeps the fastest axis is closer; how far the
 * per-matrix launches fall behind for many tiny matrices; what the in-place
 * transpose costs beside the out-of-place one. README.md explains.
 */
#include "../tile.h"
#include "kernels.h"
#include "permute_nd.h"

/* A permute_nd row: element size, rank, permutation. */
#define ND_ROW(name, bytes, rank, p0, p1, p2, p3) \
    TP_KERNEL_PROBLEM(name, launch_permute_nd, ND_THREADS, 1, bytes, rank, p0, p1, p2, p3)

static const tp_kernel kernels[] = {
    TP_KERNEL_TENSOR("transpose_per_matrix",      launch_per_matrix,      TILE, BLOCK_ROWS, 0, 2, 1, 0),
    TP_KERNEL_TENSOR("transpose_batched_tile",    launch_batched_tile,    TILE, BLOCK_ROWS, 0, 2, 1, 0),
    TP_KERNEL_TENSOR("transpose_in_place_square", launch_in_place_square, TILE, BLOCK_ROWS, 0, 2, 1, 1),
    TP_KERNEL_TENSOR("transpose_in_place_tile64", launch_in_place_tile64, TILE64_THREADS, 1, 0, 2, 1, 1),
    TP_KERNEL_TENSOR("permute_tiled_021",         launch_permute_tiled,   TILE, BLOCK_ROWS, 0, 2, 1, 0),
    TP_KERNEL_TENSOR("permute_rows_102",          launch_permute_rows,    ROW_THREADS, 1,   1, 0, 2, 0),
    TP_KERNEL_TENSOR("permute_tiled_120",         launch_permute_tiled,   TILE, BLOCK_ROWS, 1, 2, 0, 0),
    TP_KERNEL_TENSOR("permute_tiled_201",         launch_permute_tiled,   TILE, BLOCK_ROWS, 2, 0, 1, 0),
    TP_KERNEL_TENSOR("permute_tiled_210",         launch_permute_tiled,   TILE, BLOCK_ROWS, 2, 1, 0, 0),
    TP_KERNEL_TENSOR("permute_tile64_021",        launch_permute_tile64,  TILE64_THREADS, 1, 0, 2, 1, 0),
    TP_KERNEL_TENSOR("permute_tile64_120",        launch_permute_tile64,  TILE64_THREADS, 1, 1, 2, 0, 0),
    TP_KERNEL_TENSOR("permute_tile64_201",        launch_permute_tile64,  TILE64_THREADS, 1, 2, 0, 1, 0),
    TP_KERNEL_TENSOR("permute_tile64_210",        launch_permute_tile64,  TILE64_THREADS, 1, 2, 1, 0, 0),
    ND_ROW("permute_nd_f64_021",  8, 3, 0, 2, 1, 0),
    ND_ROW("permute_nd_f32_021",  4, 3, 0, 2, 1, 0),
    ND_ROW("permute_nd_f32_102",  4, 3, 1, 0, 2, 0),
    ND_ROW("permute_nd_f32_210",  4, 3, 2, 1, 0, 0),
    ND_ROW("permute_nd_u16_021",  2, 3, 0, 2, 1, 0),
    ND_ROW("permute_nd_u16_0213", 2, 4, 0, 2, 1, 3),
    ND_ROW("permute_nd_u16_0231", 2, 4, 0, 2, 3, 1),
    ND_ROW("permute_nd_u16_0312", 2, 4, 0, 3, 1, 2),
    ND_ROW("permute_nd_u8_021",   1, 3, 0, 2, 1, 0),
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Chapter 11: batches, 3-D permutations, in place",
                  kernels, TP_COUNT(kernels));
}
