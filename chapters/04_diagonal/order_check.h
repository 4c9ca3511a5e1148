/*
 * chapters/04_diagonal/order_check.h - checks a block order on the CPU:
 * is it a bijection, and is it diagonal? Exercise 4's grader runs it on the
 * learner's order, tests/test_diagonal.cu on the chapter's.
 *
 * An order maps block number id (0 .. gx * gy - 1, the order in which the
 * GPU starts blocks, roughly) to the tile (x, y) of a gx x gy tile grid
 * that the block works on. It must be
 *   - a bijection on every grid shape: every tile taken by exactly one
 *     block, or tiles are never written and others twice;
 *   - diagonal: the first min(gx, gy) blocks, which start together, take
 *     tiles in different tile rows AND different tile columns, so they
 *     read and write different regions of both matrices. Launch order
 *     (x = id % gx, y = id / gx) fails this: its first blocks share row 0.
 */
#ifndef CH04_ORDER_CHECK_H
#define CH04_ORDER_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#include <cuda_runtime.h>

typedef int2 (*tile_order_fn)(int id, int gx, int gy);

/* NULL if `order` is a bijection on the gx x gy grid, else what is wrong
 * (in a static buffer). */
static inline const char *order_bijection_problem(tile_order_fn order, int gx, int gy)
{
    static char why[200];
    unsigned char *taken = (unsigned char *)calloc((size_t)gx * (size_t)gy, 1);
    const char *problem = NULL;
    int id;

    if (taken == NULL)
        return "out of host memory";
    for (id = 0; id < gx * gy && problem == NULL; id++) {
        int2 t = order(id, gx, gy);
        if (t.x < 0 || t.x >= gx || t.y < 0 || t.y >= gy) {
            snprintf(why, sizeof why, "on a %d x %d tile grid, block %d takes tile (%d, %d), "
                     "outside the grid", gx, gy, id, t.x, t.y);
            problem = why;
        } else if (taken[(size_t)t.y * gx + t.x]++) {
            snprintf(why, sizeof why, "on a %d x %d tile grid, block %d takes tile (%d, %d), "
                     "which another block already took", gx, gy, id, t.x, t.y);
            problem = why;
        }
    }
    free(taken);
    return problem;
}

/* NULL if the first min(gx, gy) blocks take distinct tile rows and
 * columns on the gx x gy grid, else what is wrong. */
static inline const char *order_spread_problem(tile_order_fn order, int gx, int gy)
{
    static char why[200];
    int n = gx < gy ? gx : gy, i, j;

    for (i = 0; i < n; i++) {
        int2 a = order(i, gx, gy);
        for (j = 0; j < i; j++) {
            int2 b = order(j, gx, gy);
            if (a.x == b.x || a.y == b.y) {
                snprintf(why, sizeof why, "on a %d x %d tile grid, blocks %d and %d start "
                         "together but take tiles (%d, %d) and (%d, %d), in the same tile %s",
                         gx, gy, j, i, b.x, b.y, a.x, a.y, a.y == b.y ? "row" : "column");
                return why;
            }
        }
    }
    return NULL;
}

/* Both checks on every grid from 1 x 1 to max_side x max_side. */
static inline const char *order_problem(tile_order_fn order, int max_side)
{
    int gx, gy;
    const char *p;
    for (gy = 1; gy <= max_side; gy++)
        for (gx = 1; gx <= max_side; gx++)
            if ((p = order_bijection_problem(order, gx, gy)) != NULL ||
                (p = order_spread_problem(order, gx, gy)) != NULL)
                return p;
    return NULL;
}

#endif
