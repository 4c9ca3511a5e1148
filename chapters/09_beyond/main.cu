/*
 * Chapter 9: beyond - a transpose as fast as a copy, on every shape.
 * (run 3 table: final rows + temporary exploration rows)
 */
#include "../08_shuffle/kernels.cuh"   /* chapter 7's transpose_padded_tile too */
#include "kernels.cuh"
#include "explore.cuh"

/* Chapters 7 and 8 cover the matrix with a 2D grid, and gridDim.y cannot
 * reach the 2^21 tile rows of a 2^26 x 1 matrix. A single column is stored
 * exactly like a single row, so they transpose it as 1 x N, which their
 * grids can cover: the same bytes, their own kernels. */
static inline void launch_ch7_padded_tile(const float *in, float *out, int rows, int cols, dim3 b)
{
    if (cols == 1)
        launch_padded_tile(in, out, 1, rows, b);
    else
        launch_padded_tile(in, out, rows, cols, b);
}

static inline void launch_ch8_shuffle(const float *in, float *out, int rows, int cols, dim3 b)
{
    if (cols == 1)
        launch_shuffle(in, out, 1, rows, b);
    else
        launch_shuffle(in, out, rows, cols, b);
}

static const tp_kernel kernels[] = {
    { "copy_vec4",                launch_copy_vec4,             TP_COPY,      { TILE_THREADS, 1, 1 } },
    { "explore_copy_tile_ilp",    launch_explore_copy_tile_ilp, TP_COPY,      { TILE, BLOCK_ROWS, 1 } },
    { "explore_copy_occ4",        launch_explore_copy_occ4,     TP_COPY,      { TILE_THREADS, 1, 1 } },
    { "cublas_sgeam",             launch_cublas_sgeam,          TP_TRANSPOSE, { 1, 1, 1 } },
    { "transpose_padded_tile",    launch_ch7_padded_tile,       TP_TRANSPOSE, { TILE, BLOCK_ROWS, 1 } },
    { "transpose_shuffle",        launch_ch8_shuffle,           TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_tile64",         launch_tile64,                TP_TRANSPOSE, { TILE_THREADS, 1, 1 } },
    { "transpose_tile64_vec4",    launch_tile64_vec4,           TP_TRANSPOSE, { TILE_THREADS, 1, 1 } },
    { "explore_vec4_occ6",        launch_explore_vec4_occ6,     TP_TRANSPOSE, { TILE_THREADS, 1, 1 } },
    { "explore_vec4_occ4",        launch_explore_vec4_occ4,     TP_TRANSPOSE, { TILE_THREADS, 1, 1 } },
    { "transpose_persistent",     launch_persistent,            TP_TRANSPOSE, { TILE_THREADS, 1, 1 } },
    { "transpose_sector_aligned", launch_sector_aligned,        TP_TRANSPOSE, { TILE_THREADS, 1, 1 } },
    { "explore_aligned_occ4",     launch_explore_aligned_occ4,  TP_TRANSPOSE, { TILE_THREADS, 1, 1 } },
    { "transpose_any_shape",      launch_any_shape,             TP_TRANSPOSE, { TILE_THREADS, 1, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Chapter 9: beyond - a transpose as fast as a copy, on every shape",
                  kernels, TP_COUNT(kernels));
}
