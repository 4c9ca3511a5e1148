/*
 * exercises/given/04_band_check.h - exercise 4's rule, checked on the CPU:
 * is a block order a band order? The given half runs it on your order;
 * tests/test_exercises.cu runs it on the solution's and on orders that
 * must fail (no GPU needed).
 *
 * An order maps block number id (0 .. gx * gy - 1, the order in which the
 * GPU starts blocks, roughly) to the tile (x, y) of a gx x gy tile grid
 * that the block works on. The tile rows are cut into bands of BAND rows
 * from the top: rows 0 .. BAND - 1, then BAND .. 2 BAND - 1, and so on;
 * the last band has fewer rows when gy is not a multiple of BAND. The
 * order must be
 *   - a bijection on every grid shape (chapter 4's order_check.h);
 *   - band by band: the tiles of one band are taken by consecutive
 *     blocks, so the blocks that start together work in one band;
 *   - column by column inside a band: the tiles of one tile column of a
 *     band are taken by consecutive blocks too.
 * Launch order (x = id % gx, y = id / gx) keeps the bands but not the
 * columns; chapter 4's diagonal order keeps neither.
 */
#ifndef EX04_BAND_CHECK_H
#define EX04_BAND_CHECK_H

#include <stdio.h>
#include <stdlib.h>

#include "04_diagonal.h"                              /* BAND                         */
#include "../../chapters/04_diagonal/order_check.h"   /* tile_order_fn, the bijection */

/* NULL if the tiles (x, y), x0 <= x < x1 and y0 <= y < y1, are taken by
 * consecutive blocks (id_of[y * gx + x] is the block that takes (x, y)),
 * else what is wrong, naming the set as `what`. */
static inline const char *band_run_problem(const int *id_of, int gx, int gy, int x0, int x1,
                                           int y0, int y1, const char *what)
{
    static char why[240];
    int lo = gx * gy, hi = -1, x, y;

    for (y = y0; y < y1; y++)
        for (x = x0; x < x1; x++) {
            int id = id_of[(size_t)y * gx + x];
            lo = id < lo ? id : lo;
            hi = id > hi ? id : hi;
        }
    if (hi - lo + 1 == (x1 - x0) * (y1 - y0))
        return NULL;
    snprintf(why, sizeof why, "on a %d x %d tile grid, the %d tiles of %s are taken by blocks "
             "%d to %d, not by %d consecutive blocks", gx, gy, (x1 - x0) * (y1 - y0), what, lo,
             hi, (x1 - x0) * (y1 - y0));
    return why;
}

/* NULL if `order`, already known to be a bijection on the gx x gy grid,
 * goes band by band and column by column inside each band. */
static inline const char *band_order_problem_on(tile_order_fn order, int gx, int gy)
{
    static char what[80];
    int *id_of = (int *)malloc((size_t)gx * (size_t)gy * sizeof *id_of);
    const char *problem = NULL;
    int id, y0, x;

    if (id_of == NULL)
        return "out of host memory";
    for (id = 0; id < gx * gy; id++) {
        int2 t = order(id, gx, gy);
        id_of[(size_t)t.y * gx + t.x] = id;
    }
    for (y0 = 0; y0 < gy && problem == NULL; y0 += BAND) {
        int y1 = y0 + BAND < gy ? y0 + BAND : gy;
        snprintf(what, sizeof what, "band %d (tile rows %d to %d)", y0 / BAND, y0, y1 - 1);
        problem = band_run_problem(id_of, gx, gy, 0, gx, y0, y1, what);
        for (x = 0; x < gx && problem == NULL; x++) {
            snprintf(what, sizeof what, "tile column %d of band %d (tile rows %d to %d)", x,
                     y0 / BAND, y0, y1 - 1);
            problem = band_run_problem(id_of, gx, gy, x, x + 1, y0, y1, what);
        }
    }
    free(id_of);
    return problem;
}

/* The rule on every grid from 1 x 1 to max_side x max_side: a bijection
 * first (an order that is not one cannot be checked for runs), then the
 * bands and their columns. */
static inline const char *band_order_problem(tile_order_fn order, int max_side)
{
    int gx, gy;
    const char *p;
    for (gy = 1; gy <= max_side; gy++)
        for (gx = 1; gx <= max_side; gx++)
            if ((p = order_bijection_problem(order, gx, gy)) != NULL ||
                (p = band_order_problem_on(order, gx, gy)) != NULL)
                return p;
    return NULL;
}

#endif
