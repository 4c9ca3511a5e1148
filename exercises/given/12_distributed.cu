/*
 * exercises/given/12_distributed.cu - the given half of exercise 12: the
 * launch, the table of kernels and main. Your part (the code between the
 * "your code" lines of exercises/12_distributed.cu) is compiled on its own
 * and linked with this file, so nothing in it can change what is here.
 *
 * One GPU plays OWNERS GPUs: the R x C input is split by rows into OWNERS
 * slabs and the C x R output by rows into OWNERS parts, as chapter 12
 * splits a matrix over GPUs (its split.h), and each slab is transposed
 * straight into the parts that own its columns. On one GPU every part is
 * local memory; in chapter 12 all but one are another GPU's.
 */
#include "12_distributed.h"

#include "harness.h"
#include "../../chapters/09_beyond/kernels.h"
#include "../../chapters/12_distributed/kernels.h"
#include "../../chapters/12_distributed/split.h"

#define OWNERS 3   /* three parts: sides that 3 does not divide split unevenly */

/* The parts of the output: owner h's rows, and where they start. */
static owner_rows parts_of(float *out, int rows, int cols)
{
    owner_rows d = { { 0 }, { 0 }, OWNERS };
    for (int h = 0; h <= OWNERS; h++)
        d.first[h] = split_start(cols, OWNERS, h);
    for (int h = 0; h < OWNERS; h++)
        d.out[h] = out + d.first[h] * (long)rows;
    return d;
}

/* Yours: slab g of OWNERS, in bands of at most 65535 tiles of rows. */
static const char *launch_yours(const float *in, float *out, int rows, int cols, dim3 block)
{
    owner_rows dst = parts_of(out, rows, cols);
    long band = 65535L * OWNER_TILE;
    unsigned tiles_x = (unsigned)((cols + OWNER_TILE - 1L) / OWNER_TILE);

    for (int g = 0; g < OWNERS; g++) {
        long row0 = split_start(rows, OWNERS, g), end = split_start(rows, OWNERS, g + 1);
        for (long r = row0; r < end; r += band) {
            int n = (int)(end - r < band ? end - r : band);
            dim3 grid(tiles_x, (unsigned)((n + OWNER_TILE - 1) / OWNER_TILE), 1);
            your_transpose_to_owners<<<grid, block>>>(in + r * (long)cols, n, cols, rows, r, dst);
            CHECK_LAUNCH();
        }
    }
    return NULL;
}

/* Chapter 12's peer_stores kernel, on the same slabs and parts. */
static const char *launch_chapter(const float *in, float *out, int rows, int cols, dim3 block)
{
    owner_rows parts = parts_of(out, rows, cols);
    dist_owners dst;
    (void)block;

    dst.gpus = OWNERS;
    for (int h = 0; h < OWNERS; h++)
        dst.out[h] = parts.out[h];
    for (int g = 0; g < OWNERS; g++) {
        long row0 = split_start(rows, OWNERS, g);
        const char *na = launch_transpose_to_owners(in + row0 * cols, split_count(rows, OWNERS, g),
                                                    cols, rows, row0, &dst, 0);
        if (na)
            return na;
    }
    return NULL;
}

/* Your kernel's line: the target, where to read up, the kernel it is
 * measured against, no rule, the speed shape (12288 x 12288: 604 MB in,
 * 604 MB out). Beside it chapter 12's kernel and chapter 9's transpose,
 * which splits nothing. */
static const tp_kernel kernels[] = {
    { .name = "your_transpose_to_owners", .launch = launch_yours, .op = TP_TRANSPOSE,
      .block = { OWNER_THREADS, 1, 1 }, .target = 1.15, .see = "chapter 12 (and chapter 9)",
      .relative_to = "dist_transpose_to_owners", .speed_rows = 12288, .speed_cols = 12288 },
    { "dist_transpose_to_owners", launch_chapter,   TP_TRANSPOSE, { DIST_TILE, DIST_ROWS, 1 } },
    { "transpose_any_shape",      launch_any_shape, TP_TRANSPOSE, { TILE_THREADS, 1, 1 } },
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Exercise 12: one pass, straight into the owners' rows",
                  kernels, TP_COUNT(kernels));
}
