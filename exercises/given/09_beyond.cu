/*
 * exercises/given/09_beyond.cu - the given half of exercise 9: the launch,
 * the table of kernels and main. Your part (the code between the "your
 * code" lines of exercises/09_beyond.cu) is compiled on its own and linked
 * with this file, so nothing in it can change what is here.
 */
#include "09_beyond.h"

#include "harness.h"
#include "../../chapters/02_naive/kernels.h"
#include "../../chapters/07_padded_tile/kernels.h"
#include "../../chapters/09_beyond/kernels.h"

/* Matrices of at most FEW_ROWS rows: chunks of w columns, w a multiple of
 * 32 with rows * w about PIECE_FLOATS, and a piece of rows x pitch floats
 * (piece_pitch, given/09_beyond.h). Every other shape: chapter 7. */
static const char *launch_yours(const float *in, float *out, int rows, int cols, dim3 block)
{
    int w, pitch;
    size_t bytes;
    dim3 grid;
    const char *na;

    if (rows > FEW_ROWS)
        return launch_padded_tile(in, out, rows, cols, dim3(TILE, BLOCK_ROWS, 1));
    w = (PIECE_FLOATS / rows) / 32 * 32;
    pitch = piece_pitch(rows, w);
    bytes = (size_t)rows * pitch * sizeof(float);
    na = tp_grid(&grid, (cols + w - 1) / w, 1, 1, 1);
    if (na)
        return na;
    your_transpose_few_rows<<<grid, block, bytes>>>(in, out, rows, cols, w, pitch);
    CHECK_LAUNCH();
    return NULL;
}

/* Your kernel's line ends with: the target, where to read up, the kernel
 * it is measured against, no rule, and the shape it is timed on. */
static const tp_kernel kernels[] = {
    { .name = "your_transpose_few_rows", .launch = launch_yours, .op = TP_TRANSPOSE,
      .block = { TILE_THREADS, 1, 1 }, .target = 1.5, .see = "chapter 9, lever 5",
      .relative_to = "transpose_naive_row", .speed_rows = 3, .speed_cols = 16777216 },
    { "transpose_naive_row",    launch_naive_row,    TP_TRANSPOSE, { 32, 8, 1 } },
    { "transpose_padded_tile",  launch_padded_tile,  TP_TRANSPOSE, { TILE, BLOCK_ROWS, 1 } },
    { "transpose_any_shape",    launch_any_shape,    TP_TRANSPOSE, { TILE_THREADS, 1, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Exercise 9: a k x N transpose for k <= 32 (coordinates to points)",
                  kernels, TP_COUNT(kernels));
}
