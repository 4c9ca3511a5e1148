/*
 * test_diagonal.cu - checks chapter 4's diagonal block-to-tile mapping on
 * the CPU (no GPU needed, no CUDA call is made).
 *
 * diagonal_tile() is __host__ __device__, so this test runs the very code
 * the kernels run. A mapping that is not a bijection would leave some tiles
 * of the matrix unwritten and write others twice, and only on some grid
 * shapes: the classic short form is right on square grids only. So every
 * grid from 1x1 to 64x64 is checked, and some large and lopsided ones.
 *
 * Prints one line per test, "PASS  name" or "FAIL  name: why", which
 * tests/run.sh counts. Exit status 1 if any test failed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../chapters/04_diagonal/diagonal_tile.h"

#define UNIT_PREFIX "diagonal"
#include "unit.h"   /* EXPECT, run(), failures */

static char problem[256];   /* what is_bijection() found wrong */

typedef int2 (*tile_map)(int bx, int by, int gx, int gy);

/* 1 if `map` sends the blocks of a gx x gy grid to every tile exactly once;
 * otherwise 0, with the first problem written into `problem`. Every tile in
 * range and no tile twice is enough: there are as many blocks as tiles. */
static int is_bijection(tile_map map, int gx, int gy)
{
    unsigned char *taken = (unsigned char *)calloc((size_t)gx * (size_t)gy, 1);
    int bx, by, ok = 1;

    if (taken == NULL) {
        snprintf(problem, sizeof problem, "out of memory for a %d x %d grid", gx, gy);
        return 0;
    }
    for (by = 0; by < gy && ok; by++) {
        for (bx = 0; bx < gx && ok; bx++) {
            int2 t = map(bx, by, gx, gy);
            if (t.x < 0 || t.x >= gx || t.y < 0 || t.y >= gy) {
                snprintf(problem, sizeof problem, "grid %d x %d: block (%d, %d) -> tile (%d, %d), "
                         "outside the grid", gx, gy, bx, by, t.x, t.y);
                ok = 0;
            } else if (taken[(size_t)t.y * gx + t.x]++) {
                snprintf(problem, sizeof problem, "grid %d x %d: block (%d, %d) -> tile (%d, %d), "
                         "which another block already took", gx, gy, bx, by, t.x, t.y);
                ok = 0;
            }
        }
    }
    free(taken);
    return ok;
}

static int2 diagonal(int bx, int by, int gx, int gy) { return diagonal_tile(bx, by, gx, gy); }

/* The short form of the classic articles, right on square grids only. */
static int2 square_only(int bx, int by, int gx, int gy)
{
    (void)gy;
    return make_int2((bx + by) % gx, bx);
}

static int test_small_grids(void)
{
    int gx, gy;
    for (gy = 1; gy <= 64; gy++)
        for (gx = 1; gx <= 64; gx++)
            EXPECT(is_bijection(diagonal, gx, gy), "%s", problem);
    return 1;
}

/* Long single rows and columns, primes, and the grids the chapter's
 * kernels get for the shapes of tests/run.sh and the default size (32x8
 * blocks; the row kernels cover the input, the column kernels the output). */
static int test_large_grids(void)
{
    static const int grid[][2] = {
        { 1 << 20, 1 }, { 1, 65535 }, { 65535, 3 }, { 3, 65535 }, { 2, 65535 },
        { 1021, 1031 }, { 1031, 1021 }, { 4096, 2048 }, { 2048, 4096 }, { 1000, 1000 },
        { 256, 1024 },  /* 8192 x 8192                                  */
        { 157, 1024 },  /* 8191 x 5003, row kernels                     */
        { 256, 626 },   /* 8191 x 5003, column kernels                  */
        { 129, 33 },    /* 257 x 4099, row kernels                      */
        { 9, 513 },     /* 257 x 4099, column kernels                   */
        { 1, 513 },     /* 4097 x 1, row kernels (and 1 x 4097, column) */
        { 129, 1 },     /* 1 x 4097, row kernels (and 4097 x 1, column) */
    };
    size_t i;
    for (i = 0; i < sizeof grid / sizeof grid[0]; i++)
        EXPECT(is_bijection(diagonal, grid[i][0], grid[i][1]), "%s", problem);
    return 1;
}

/* The point of the mapping: the first min(gx, gy) blocks in launch order
 * (the ones that start together) take tiles in different tile rows AND
 * different tile columns. Launch order itself fails this: its first
 * blocks all lie in tile row 0. */
static int test_first_blocks_spread(void)
{
    int gx, gy;
    for (gy = 2; gy <= 64; gy++) {
        for (gx = 2; gx <= 64; gx++) {
            int n = gx < gy ? gx : gy, i, j;
            for (i = 0; i < n; i++) {
                int2 a = diagonal_tile(i % gx, i / gx, gx, gy);
                for (j = 0; j < i; j++) {
                    int2 b = diagonal_tile(j % gx, j / gx, gx, gy);
                    EXPECT(a.x != b.x && a.y != b.y, "grid %d x %d: blocks %d and %d of the "
                           "launch order share tile row or column: (%d, %d) and (%d, %d)",
                           gx, gy, j, i, b.x, b.y, a.x, a.y);
                }
            }
        }
    }
    return 1;
}

/* On a square grid the mapping is the classic one, which is not the
 * identity: otherwise the diagonal kernels would test nothing. */
static int test_square_is_classic_not_identity(void)
{
    int g, bx, by;
    for (g = 2; g <= 64; g++) {
        int moved = 0;
        for (by = 0; by < g; by++) {
            for (bx = 0; bx < g; bx++) {
                int2 t = diagonal_tile(bx, by, g, g);
                int2 c = square_only(bx, by, g, g);
                EXPECT(t.x == c.x && t.y == c.y, "grid %d x %d: block (%d, %d) -> (%d, %d), "
                       "the classic mapping gives (%d, %d)", g, g, bx, by, t.x, t.y, c.x, c.y);
                moved += t.x != bx || t.y != by;
            }
        }
        EXPECT(moved > 0, "grid %d x %d: every block keeps its own tile", g, g);
    }
    return 1;
}

/* The checker must be able to say no: the square-only form leaves tiles
 * out on rectangular grids, both wide and tall. */
static int test_checker_catches_square_only(void)
{
    EXPECT(is_bijection(square_only, 8, 8), "square-only form rejected on 8 x 8: %s", problem);
    EXPECT(!is_bijection(square_only, 3, 2), "square-only form accepted on 3 x 2");
    EXPECT(strstr(problem, "outside the grid"), "3 x 2: unexpected reason: %s", problem);
    EXPECT(!is_bijection(square_only, 2, 3), "square-only form accepted on 2 x 3");
    EXPECT(strstr(problem, "already took"), "2 x 3: unexpected reason: %s", problem);
    return 1;
}

int main(void)
{
    run("bijection on every grid 1x1 to 64x64", test_small_grids);
    run("bijection on large and lopsided grids", test_large_grids);
    run("first blocks take distinct tile rows and columns", test_first_blocks_spread);
    run("classic diagonal on square grids, not the identity", test_square_is_classic_not_identity);
    run("checker rejects the square-only form on 3x2 and 2x3", test_checker_catches_square_only);
    return failures ? 1 : 0;
}
