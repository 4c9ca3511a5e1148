/*
 * grade.h - the verdict of the exercise grader (`make check`), in words a
 * learner can act on. The harness (harness.cu, --grade) runs the learner's
 * kernel on awkward shapes and times it; this file turns what it found
 * into one line. Plain C11, unit-tested in tests/test_host.c.
 */
#ifndef TP_GRADE_H
#define TP_GRADE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    const char *kernel;      /* the learner's kernel                          */
    const char *see;         /* where the idea is taught, e.g. "chapter 7"   */
    double target;           /* bandwidth target, a ratio to the reference    */
    const char *relative_to; /* the reference kernel; NULL: the copy          */
    const char *rule_broken; /* non-NULL: the exercise's rule, and how it is broken */
    int shapes_checked;      /* shapes that were validated                    */
    /* The first shape that came out wrong (failed_rows == 0: none did). */
    long failed_rows, failed_cols;
    const char *na;          /* non-NULL: the launch refused that shape, why   */
    size_t wrong, unwritten, elements;
    int wrong_late;          /* right on its first run, wrong after the timed runs */
    size_t outside;          /* bytes written outside the output (guard zones)    */
    long long first_outside; /* the first one's offset from the output's start    */
    size_t out_bytes;        /* the output's size                                  */
    char first_wrong[320];   /* "(r, c): expected ..., got ..."               */
    /* Timing, filled only when every shape was correct. */
    int timed;
    double ratio;            /* kernel GB/s over the reference's, same run    */
    long speed_rows, speed_cols;  /* the shape timed, when not the default (0) */
    /* Chapter 11's tensors: the depth of failed_ and speed_ shapes (0: a
     * matrix, the verdict says rows x cols). */
    long failed_depth, speed_depth;
} tp_grade;

/* Writes the verdict for g into buf (one line, no newline). Returns 1 if
 * the exercise passes: correct on every shape and ratio >= target. */
int tp_grade_verdict(const tp_grade *g, char *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif
