/*
 * grade.c - one line per exercise: PASS, or FAIL and what to do about it.
 */
#include "grade.h"

#include <stdio.h>

int tp_grade_verdict(const tp_grade *g, char *buf, size_t len)
{
    if (g->failed_rows > 0 && g->na != NULL) {
        snprintf(buf, len, "FAIL  %s: it does not run on a %ld x %ld input: %s", g->kernel,
                 g->failed_rows, g->failed_cols, g->na);
        return 0;
    }
    if (g->failed_rows > 0 && g->unwritten == g->elements) {
        snprintf(buf, len, "FAIL  %s: for a %ld x %ld input, no output element was written: "
                 "is the kernel body still the TODO?", g->kernel, g->failed_rows, g->failed_cols);
        return 0;
    }
    if (g->failed_rows > 0 && g->unwritten == g->wrong) {
        snprintf(buf, len, "FAIL  %s: for a %ld x %ld input, %zu of %zu output elements were "
                 "never written, first %s: does the grid cover the whole output, and do the "
                 "bounds checks let every element through?", g->kernel, g->failed_rows,
                 g->failed_cols, g->unwritten, g->elements, g->first_wrong);
        return 0;
    }
    if (g->failed_rows > 0) {
        snprintf(buf, len, "FAIL  %s: wrong for a %ld x %ld input: %s (%zu of %zu elements "
                 "wrong, %zu never written)", g->kernel, g->failed_rows, g->failed_cols,
                 g->first_wrong, g->wrong, g->elements, g->unwritten);
        return 0;
    }
    if (!g->timed) {
        snprintf(buf, len, "FAIL  %s: correct on %d shapes, but it was not timed",
                 g->kernel, g->shapes_checked);
        return 0;
    }
    if (g->ratio < g->target) {
        snprintf(buf, len, "FAIL  %s: correct, but %.0f%% of copy; target %.0f%%: see %s",
                 g->kernel, 100.0 * g->ratio, 100.0 * g->target, g->see);
        return 0;
    }
    snprintf(buf, len, "PASS  %s: correct on %d shapes, %.0f%% of copy (target %.0f%%)",
             g->kernel, g->shapes_checked, 100.0 * g->ratio, 100.0 * g->target);
    return 1;
}
