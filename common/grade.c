/*
 * grade.c - one line per exercise: PASS, or FAIL and what to do about it.
 */
#include "grade.h"

#include <stdio.h>
#include <string.h>

/* "86% of copy" against the copy, "2.60x transpose_naive_row" against a
 * kernel; a target against the copy is just "75%". */
static void speed(char *buf, size_t len, double ratio, const char *relative_to, int is_target)
{
    if (relative_to == NULL)
        snprintf(buf, len, "%.0f%%%s", 100.0 * ratio, is_target ? "" : " of copy");
    else
        snprintf(buf, len, "%.2fx %s", ratio, relative_to);
}

/* "R x C", or "D x R x C" for a tensor. */
static const char *shape_text(char *buf, size_t len, long depth, long rows, long cols)
{
    if (depth > 0)
        snprintf(buf, len, "%ld x %ld x %ld", depth, rows, cols);
    else
        snprintf(buf, len, "%ld x %ld", rows, cols);
    return buf;
}

int tp_grade_verdict(const tp_grade *g, char *buf, size_t len)
{
    char speed_now[128], speed_target[96], shape[80];

    shape_text(shape, sizeof shape, g->failed_depth, g->failed_rows, g->failed_cols);

    if (g->failed_rows > 0 && g->na != NULL) {
        snprintf(buf, len, "FAIL  %s: it does not run on a %s input: %s", g->kernel,
                 shape, g->na);
        return 0;
    }
    if (g->failed_rows > 0 && g->outside > 0) {
        long long past = g->first_outside - (long long)g->out_bytes + 1;
        snprintf(buf, len, "FAIL  %s: for a %s input, it wrote %zu bytes outside the output%s, "
                 "the nearest %lld bytes %s: check the bounds of every store", g->kernel,
                 shape, g->outside, g->wrong_late ? " in its timed runs" : "",
                 g->first_outside < 0 ? -g->first_outside : past,
                 g->first_outside < 0 ? "before its start" : "past its end");
        return 0;
    }
    if (g->failed_rows > 0 && g->wrong_late) {
        snprintf(buf, len, "FAIL  %s: right on its first run on a %s input, but wrong after "
                 "the timed runs: %s (%zu of %zu elements wrong, %zu never written): does "
                 "your kernel depend on what an earlier run left behind?", g->kernel, shape,
                 g->first_wrong, g->wrong, g->elements, g->unwritten);
        return 0;
    }
    if (g->failed_rows > 0 && g->unwritten == g->elements) {
        snprintf(buf, len, "FAIL  %s: for a %s input, no output element was written: "
                 "is the kernel body still the TODO?", g->kernel, shape);
        return 0;
    }
    if (g->failed_rows > 0 && g->unwritten == g->wrong) {
        snprintf(buf, len, "FAIL  %s: for a %s input, %zu of %zu output elements were "
                 "never written, first %s: does the grid cover the whole output, and do the "
                 "bounds checks let every element through?", g->kernel, shape,
                 g->unwritten, g->elements, g->first_wrong);
        return 0;
    }
    if (g->failed_rows > 0) {
        snprintf(buf, len, "FAIL  %s: wrong for a %s input: %s (%zu of %zu elements "
                 "wrong, %zu never written)", g->kernel, shape,
                 g->first_wrong, g->wrong, g->elements, g->unwritten);
        return 0;
    }
    if (g->rule_broken != NULL) {
        snprintf(buf, len, "FAIL  %s: correct, but not what the exercise asks: %s: see %s",
                 g->kernel, g->rule_broken, g->see);
        return 0;
    }
    if (!g->timed) {
        snprintf(buf, len, "FAIL  %s: correct on %d shapes, but it was not timed",
                 g->kernel, g->shapes_checked);
        return 0;
    }
    speed(speed_now, sizeof speed_now, g->ratio, g->relative_to, 0);
    if (g->speed_rows > 0) {   /* a speed shape of the exercise's own: say it */
        size_t used = strlen(speed_now);
        snprintf(speed_now + used, sizeof speed_now - used, " at %s",
                 shape_text(shape, sizeof shape, g->speed_depth, g->speed_rows, g->speed_cols));
    }
    speed(speed_target, sizeof speed_target, g->target, g->relative_to, 1);
    if (g->ratio < g->target) {
        snprintf(buf, len, "FAIL  %s: correct, but %s; target %s: see %s",
                 g->kernel, speed_now, speed_target, g->see);
        return 0;
    }
    snprintf(buf, len, "PASS  %s: correct on %d shapes, %s (target %s)",
             g->kernel, g->shapes_checked, speed_now, speed_target);
    return 1;
}
