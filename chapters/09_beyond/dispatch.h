/*
 * chapters/09_beyond/dispatch.h - which kernel transpose_any_shape runs for
 * a shape: the decision on its own, in plain C, so that tests/test_dispatch.c
 * can check on the CPU that every branch is taken where it should be.
 * (That each kernel is correct on every shape class is checked on a GPU:
 * ./chapter9 --check on every shape of --list-shapes.)
 */
#ifndef CH09_DISPATCH_H
#define CH09_DISPATCH_H

#define SKINNY_MAX 64       /* transpose_skinny: a side of at most this  */
/* ... and wide matrices of at most this many rows, when rows % 8 != 0
 * (lever 5b). Measured (README.md, lever 5b): from about 146 rows on, the
 * sector-aligned tile in column order (lever 6) was as fast or faster. */
#define SKINNY_ROWS_MAX 128
/* ... but not tall matrices of more than this many columns whose rows are
 * not whole sectors (rows % 8 != 0): there the sector-aligned tile was
 * faster, by 10 to 25 points at 48, 60 and 64 columns on both GPUs; at 33
 * and 40 the H100 preferred it and the H200 did not, and at 20 both took
 * the skinny kernel (NOTES.md, "Tall and skinny: where lever 4 wins"). */
#define SKINNY_TALL_COLS_MAX 47
#define SECTOR_FLOATS 8     /* a 32-byte DRAM/L2 sector                   */

typedef enum {
    ANY_COPY,             /* copy_vec4: 1 x N or N x 1, same bytes in the same order */
    ANY_SKINNY,           /* transpose_skinny: a side of at most 64, or at most 128
                             rows when rows % 8 != 0 (lever 5)                     */
    ANY_SECTOR_ALIGNED,   /* transpose_sector_aligned: rows % 8 != 0 (lever 4)      */
    ANY_TILE64_VEC4,      /* transpose_tile64_vec4: 16-byte rows on both sides      */
    ANY_TILE64            /* transpose_tile64: output sectors whole, rows not 16 B  */
} any_shape_kernel;

/* aligned: both base pointers are 16-byte aligned (cudaMalloc's are). */
static inline any_shape_kernel any_shape_choice(int rows, int cols, int aligned)
{
    if ((rows == 1 || cols == 1) && aligned)
        return ANY_COPY;
    if (rows > SKINNY_MAX && cols > SKINNY_TALL_COLS_MAX && cols <= SKINNY_MAX &&
        rows % SECTOR_FLOATS != 0)
        return ANY_SECTOR_ALIGNED;
    if (rows <= SKINNY_MAX || cols <= SKINNY_MAX)
        return ANY_SKINNY;
    if (rows <= SKINNY_ROWS_MAX && rows <= cols && rows % SECTOR_FLOATS != 0)
        return ANY_SKINNY;
    if (rows % SECTOR_FLOATS != 0)
        return ANY_SECTOR_ALIGNED;
    if (cols % 4 == 0 && rows % 4 == 0 && aligned)
        return ANY_TILE64_VEC4;
    return ANY_TILE64;
}

/* Lever 6: the order of the tiles. Blocks that run at the same time should
 * write long runs of the output, and read long runs of the input. Walking
 * the tiles along rows, one wave of blocks covers (wave / tiles per row)
 * rows of tiles: every output row gets a piece that many tiles long.
 * Walking down columns, every input row gets a piece (wave / tiles per
 * column) tiles long, and whole output rows are written. The shorter run
 * belongs to the side with more tiles, so walk down columns when a row
 * has more tiles than a column, i.e. rows <= cols (squares too: measured
 * as fast or faster, README.md). */
static inline int any_shape_tiles_down(int rows, int cols)
{
    return rows <= cols;
}

#endif
