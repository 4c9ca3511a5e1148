/*
 * test_dispatch.c - chapter 9's dispatcher picks the kernel each shape
 * class should get (chapters/09_beyond/dispatch.h, the very function
 * launch_any_shape calls). No GPU needed: that each kernel is also right
 * on these shapes is checked on a GPU by ./chapter9 --check, whose shape
 * list holds the same classes.
 *
 * Prints one line per case, "PASS  name" or "FAIL  name: why", which
 * tests/run.sh counts. Exit status 1 if any case failed.
 */
#include <stdio.h>

#include "../chapters/09_beyond/dispatch.h"

static const char *names[] = { "copy_vec4", "transpose_skinny", "transpose_sector_aligned",
                               "transpose_tile64_vec4", "transpose_tile64" };
static int failures, taken[5];

static void expect(const char *what, int rows, int cols, int aligned, any_shape_kernel want)
{
    any_shape_kernel got = any_shape_choice(rows, cols, aligned);
    taken[got]++;
    if (got == want) {
        printf("PASS  dispatch: %s %d x %d -> %s\n", what, rows, cols, names[want]);
    } else {
        printf("FAIL  dispatch: %s %d x %d: got %s, want %s\n", what, rows, cols, names[got],
               names[want]);
        failures++;
    }
}

/* Lever 6: the tile order. */
static void expect_down(const char *what, int rows, int cols, int want)
{
    static const char *order[] = { "along rows", "down columns" };
    int got = any_shape_tiles_down(rows, cols);
    if (got == want) {
        printf("PASS  tile order: %s %d x %d -> %s\n", what, rows, cols, order[want]);
    } else {
        printf("FAIL  tile order: %s %d x %d: got %s, want %s\n", what, rows, cols, order[got],
               order[want]);
        failures++;
    }
}

int main(void)
{
    int k;
    expect("row vector", 1, 67108864, 1, ANY_COPY);
    expect("column vector", 67108864, 1, 1, ANY_COPY);
    expect("unaligned vector (no float4)", 1, 4097, 0, ANY_SKINNY);
    expect("skinny, k x N", 3, 1000003, 1, ANY_SKINNY);
    expect("skinny, N x k", 1000000, 3, 1, ANY_SKINNY);
    expect("skinny at the limit", 64, 262144, 1, ANY_SKINNY);
    expect("tall, 60 columns, rows % 8 != 0 (sector-aligned measured faster)", 1558987, 60, 1,
           ANY_SECTOR_ALIGNED);
    expect("tall, 48 columns, rows % 8 != 0", 1200001, 48, 1, ANY_SECTOR_ALIGNED);
    expect("tall, 64 columns, rows % 8 != 0", 1000003, 64, 1, ANY_SECTOR_ALIGNED);
    expect("tall, 47 columns: skinny", 1200001, 47, 1, ANY_SKINNY);
    expect("tall, 40 columns: skinny (the H200 preferred it)", 1500007, 40, 1, ANY_SKINNY);
    expect("tall, 60 columns, rows % 8 == 0: skinny (not measured otherwise)", 1558984, 60, 1,
           ANY_SKINNY);
    expect("wide, 60 rows: skinny", 60, 1558987, 1, ANY_SKINNY);
    expect("small, 60 x 50: skinny", 60, 50, 1, ANY_SKINNY);
    expect("65 rows, rows % 8 != 0: the wide rule", 65, 262144, 1, ANY_SKINNY);
    expect("wide, 100 rows (lever 5b)", 100, 1000000, 1, ANY_SKINNY);
    expect("wide, at the row limit", 127, 100000, 1, ANY_SKINNY);
    expect("wide, just past the row limit", 129, 100000, 1, ANY_SECTOR_ALIGNED);
    expect("wide, 190 rows (column-order tiles measured faster)", 190, 1860076, 1,
           ANY_SECTOR_ALIGNED);
    expect("tall, 190 columns (skinny measured slower)", 1860076, 190, 1, ANY_SECTOR_ALIGNED);
    expect("tall, 65 columns", 262144, 65, 1, ANY_TILE64);
    expect("300 x 200: few rows, but not wide", 300, 200, 1, ANY_SECTOR_ALIGNED);
    expect("rows and cols % 4, small", 17, 84, 1, ANY_SKINNY);
    expect("rows % 4, small", 84, 17, 1, ANY_SKINNY);
    expect("both % 4, small", 68, 36, 1, ANY_SKINNY);
    expect("square, multiple of 8", 8192, 8192, 1, ANY_TILE64_VEC4);
    expect("rows % 8 != 0", 8191, 5003, 1, ANY_SECTOR_ALIGNED);
    expect("rows % 8 == 4", 4100, 4096, 1, ANY_SECTOR_ALIGNED);
    expect("rows % 8 == 0, cols % 4 != 0", 4096, 4098, 1, ANY_TILE64);
    expect("rows % 8 == 0, cols % 4 == 0, unaligned", 4096, 4096, 0, ANY_TILE64);
    expect("wide, 96 rows", 96, 1398100, 1, ANY_TILE64_VEC4);
    /* The shapes tests/run.sh checks on a GPU, one per branch and order. */
    expect("GPU check: scalar tile, down columns", 1032, 3001, 1, ANY_TILE64);
    expect_down("GPU check: scalar tile, down columns", 1032, 3001, 1);
    expect("GPU check: scalar tile, along rows", 3000, 1030, 1, ANY_TILE64);
    expect_down("GPU check: along rows", 3000, 1030, 0);
    expect("GPU check: 16-byte tile, few rows", 136, 5000, 1, ANY_TILE64_VEC4);
    expect_down("GPU check: 16-byte tile, down columns", 136, 5000, 1);
    expect("GPU check: past the skinny limit", 129, 70001, 1, ANY_SECTOR_ALIGNED);
    expect("GPU check: at the skinny limit", 127, 70001, 1, ANY_SKINNY);
    expect_down("wide: tiles down columns", 1243, 201103, 1);
    expect_down("square: tiles down columns", 8192, 8192, 1);
    expect_down("tall: tiles along rows", 85616, 2879, 0);
    expect_down("one more row than columns: along rows", 4097, 4096, 0);
    for (k = 0; k < 5; k++)
        if (taken[k] == 0) {
            printf("FAIL  dispatch: no case takes %s\n", names[k]);
            failures++;
        }
    if (failures == 0)
        printf("PASS  dispatch: every branch taken by some case\n");
    return failures ? 1 : 0;
}
