/*
 * problem.c - one transpose problem: checks, parsing, strides, the index
 * map, simplification, the CPU reference, coordinates (see problem.h).
 */
#include "problem.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The most bytes a problem may have: both an int64_t and a size_t must
 * hold the count (size_t is the smaller on a 32-bit host). */
#define MAX_BYTES ((uint64_t)SIZE_MAX < (uint64_t)INT64_MAX ? (int64_t)SIZE_MAX : INT64_MAX)

/* Writes one message into msg, if the caller gave a buffer. */
static void say(char *msg, size_t len, const char *fmt, ...)
{
    va_list ap;
    if (msg == NULL || len == 0)
        return;
    va_start(ap, fmt);
    vsnprintf(msg, len, fmt, ap);
    va_end(ap);
}

/* Appends to buf at *pos, never past len (a long text is cut, not overrun). */
static void append(char *buf, size_t len, size_t *pos, const char *fmt, ...)
{
    va_list ap;
    int n;
    if (*pos >= len)
        return;
    va_start(ap, fmt);
    n = vsnprintf(buf + *pos, len - *pos, fmt, ap);
    va_end(ap);
    if (n > 0)
        *pos += (size_t)n;
}

/* "2 x 3 x 4" (problem.h) */
const char *tp_format_dims(const int64_t *dims, int rank, char *buf, size_t len)
{
    size_t pos = 0;
    int a;
    buf[0] = '\0';
    for (a = 0; a < rank; a++)
        append(buf, len, &pos, a ? " x %lld" : "%lld", (long long)dims[a]);
    return buf;
}

/* "{0,2,1}" */
static const char *format_perm(const int *perm, int rank, char *buf, size_t len)
{
    size_t pos = 0;
    int i;
    buf[0] = '\0';
    append(buf, len, &pos, "{");
    for (i = 0; i < rank; i++)
        append(buf, len, &pos, i ? ",%d" : "%d", perm[i]);
    append(buf, len, &pos, "}");
    return buf;
}

/* "(1, 0, 2)" */
static const char *format_coords(const char *prefix, const int64_t *c, int rank, char *buf,
                                 size_t len)
{
    size_t pos = 0;
    int a;
    buf[0] = '\0';
    append(buf, len, &pos, "%s(", prefix);
    for (a = 0; a < rank; a++)
        append(buf, len, &pos, a ? ", %lld" : "%lld", (long long)c[a]);
    append(buf, len, &pos, ")");
    return buf;
}

/* Linear index -> coordinates in a row-major shape, slowest axis first. */
static void unravel(int64_t index, const int64_t *dims, int rank, int64_t *coords)
{
    int a;
    for (a = rank - 1; a >= 0; a--) {
        coords[a] = index % dims[a];
        index /= dims[a];
    }
}

const char *tp_status_text(tp_status s)
{
    switch (s) {
    case TP_OK:             return "no error";
    case TP_ERR_NULL:       return "a null pointer";
    case TP_ERR_RANK:       return "the number of axes is not 1 to 4";
    case TP_ERR_DIM:        return "an axis is smaller than 1";
    case TP_ERR_PERM:       return "the permutation is not one";
    case TP_ERR_ELEM_BYTES: return "the element size is not 1, 2, 4, 8 or 16 bytes";
    case TP_ERR_TOO_LARGE:  return "the size is too large for a 64-bit byte count";
    case TP_ERR_OVERLAP:    return "the input and output overlap";
    case TP_ERR_SYNTAX:     return "not a whole number";
    }
    return "unknown status";
}

/* ---- Checking ------------------------------------------------------------------ */

/* What is wrong with a permutation whose entries are all in 0..rank-1,
 * as the end of a sentence ("uses axis 0 twice and never axis 1"), or
 * NULL if it is a permutation. */
static const char *perm_trouble(const int *perm, int rank, char *buf, size_t len)
{
    static const char *const times[] = { "", "once", "twice", "three times", "four times" };
    int count[TP_MAX_RANK] = { 0 }, i, twice = -1, never = -1;

    for (i = 0; i < rank; i++)
        count[perm[i]]++;
    for (i = rank - 1; i >= 0; i--) {   /* backwards: the first of each is kept */
        if (count[i] > 1) twice = i;
        if (count[i] == 0) never = i;
    }
    if (twice < 0)
        return NULL;   /* rank entries, none used twice: each used once */
    snprintf(buf, len, "uses axis %d %s and never axis %d", twice, times[count[twice]], never);
    return buf;
}

/* The end of a sentence about an axis number that does not exist. */
static const char *no_such_axis(int axis, int rank, char *buf, size_t len)
{
    if (rank == 1)
        snprintf(buf, len, "names axis %d, but a rank-1 problem has only axis 0", axis);
    else
        snprintf(buf, len, "names axis %d, but a rank-%d problem has axes 0 to %d", axis, rank,
                 rank - 1);
    return buf;
}

tp_status tp_perm_check(const int *perm, int rank, char *msg, size_t len)
{
    char shown[64], tail[128];
    int i;

    if (perm == NULL) {
        say(msg, len, "perm is a null pointer");
        return TP_ERR_NULL;
    }
    if (rank < 1 || rank > TP_MAX_RANK) {
        say(msg, len, "rank %d: a problem has 1 to %d axes", rank, TP_MAX_RANK);
        return TP_ERR_RANK;
    }
    format_perm(perm, rank, shown, sizeof shown);
    for (i = 0; i < rank; i++)
        if (perm[i] < 0 || perm[i] >= rank) {
            say(msg, len, "perm %s %s", shown, no_such_axis(perm[i], rank, tail, sizeof tail));
            return TP_ERR_PERM;
        }
    if (perm_trouble(perm, rank, tail, sizeof tail) != NULL) {
        say(msg, len, "perm %s %s", shown, tail);
        return TP_ERR_PERM;
    }
    return TP_OK;
}

tp_problem tp_problem_make(int rank, const int64_t *dims, const int *perm, int elem_bytes)
{
    tp_problem p;
    int a;
    memset(&p, 0, sizeof p);
    p.rank = rank;
    p.elem_bytes = elem_bytes;
    for (a = 0; a < rank && a < TP_MAX_RANK; a++) {
        p.dims[a] = dims[a];
        p.perm[a] = perm[a];
    }
    return p;
}

tp_status tp_problem_check(const tp_problem *p, char *msg, size_t len)
{
    char shape[128];
    int64_t n = 1;
    tp_status s;
    int a;

    if (p == NULL) {
        say(msg, len, "the problem is a null pointer");
        return TP_ERR_NULL;
    }
    if (p->rank < 1 || p->rank > TP_MAX_RANK) {
        say(msg, len, "rank %d: a problem has 1 to %d axes", p->rank, TP_MAX_RANK);
        return TP_ERR_RANK;
    }
    if (!(p->elem_bytes == 1 || p->elem_bytes == 2 || p->elem_bytes == 4 || p->elem_bytes == 8 ||
          p->elem_bytes == 16)) {
        say(msg, len, "element size %d bytes: must be 1, 2, 4, 8 or 16", p->elem_bytes);
        return TP_ERR_ELEM_BYTES;
    }
    tp_format_dims(p->dims, p->rank, shape, sizeof shape);
    for (a = 0; a < p->rank; a++)
        if (p->dims[a] < 1) {
            say(msg, len, "axis %d of %s must be at least 1, got %lld", a, shape,
                (long long)p->dims[a]);
            return TP_ERR_DIM;
        }
    s = tp_perm_check(p->perm, p->rank, msg, len);
    if (s != TP_OK)
        return s;
    /* Divide before multiplying, so the check itself never overflows. */
    for (a = 0; a < p->rank; a++) {
        if (n > MAX_BYTES / p->dims[a])
            break;
        n *= p->dims[a];
    }
    if (a < p->rank || n > MAX_BYTES / p->elem_bytes) {
        say(msg, len, "%s of %d-byte elements is too large: more than %lld bytes", shape,
            p->elem_bytes, (long long)MAX_BYTES);
        return TP_ERR_TOO_LARGE;
    }
    return TP_OK;
}

tp_status tp_problem_set_shape(tp_problem *p, const int64_t *dims, int shape_rank, char *msg,
                               size_t len)
{
    int extra = shape_rank - p->rank, a;
    char shape[128];

    if (p->rank < 1 || p->rank > TP_MAX_RANK || shape_rank < 1 || shape_rank > TP_MAX_RANK) {
        say(msg, len, "rank %d on a shape of %d axes: each has 1 to %d", p->rank, shape_rank,
            TP_MAX_RANK);
        return TP_ERR_RANK;
    }
    for (a = 0; a < extra; a++)
        if (dims[a] != 1) {
            say(msg, len, "needs a shape of %d ax%s (more only if the extra first ones are "
                "1), not %s", p->rank, p->rank == 1 ? "is" : "es",
                tp_format_dims(dims, shape_rank, shape, sizeof shape));
            return TP_ERR_RANK;
        }
    for (a = 0; a < p->rank; a++)   /* axis a of the problem is axis a + extra of the shape */
        p->dims[a] = a + extra >= 0 ? dims[a + extra] : 1;
    return TP_OK;
}

tp_status tp_buffers_check(const void *in, const void *out, size_t bytes, char *msg, size_t len)
{
    uintptr_t a = (uintptr_t)in, b = (uintptr_t)out;

    if (in == NULL || out == NULL) {
        say(msg, len, "the %s is a null pointer", in == NULL ? "input" : "output");
        return TP_ERR_NULL;
    }
    /* [a, a + bytes) and [b, b + bytes) overlap when the later one starts
     * less than `bytes` after the earlier one (no sum that could wrap). */
    if (a == b && bytes > 0) {
        say(msg, len, "the input and output are the same %zu bytes (no in-place transpose)",
            bytes);
        return TP_ERR_OVERLAP;
    }
    if ((a < b ? b - a : a - b) < bytes) {
        say(msg, len, "the input and output overlap: the output starts %zu bytes %s the input, "
            "and each holds %zu bytes (no in-place transpose)",
            (size_t)(a < b ? b - a : a - b), a < b ? "after" : "before", bytes);
        return TP_ERR_OVERLAP;
    }
    return TP_OK;
}

/* ---- Parsing ------------------------------------------------------------------------ */

/* One number of a list: the n characters at s, a whole number from min
 * to max, with cli.c's words when it is not. `which` names it ("axis 1");
 * too_small and too_large are the codes for a number outside min..max. */
static tp_status parse_number(const char *what, const char *which, const char *s, size_t n,
                              long long min, long long max, tp_status too_small,
                              tp_status too_large, long long *out, char *msg, size_t len)
{
    char *end = NULL;
    long long v;

    if (n == 0) {
        say(msg, len, "%s %s needs a value", what, which);
        return TP_ERR_SYNTAX;
    }
    errno = 0;
    v = strtoll(s, &end, 10);   /* base 10 never reads past an 'x' or a ',' */
    if (end == s || end != s + n || isspace((unsigned char)s[0])) {
        say(msg, len, "%s %s must be a whole number, got '%.*s'", what, which, (int)n, s);
        return TP_ERR_SYNTAX;
    }
    if ((errno == ERANGE && v > 0) || v > max) {
        say(msg, len, "%s %s is too large: '%.*s' (at most %lld)", what, which, (int)n, s, max);
        return too_large;
    }
    if (v < min) {   /* strtoll gives LLONG_MIN for a number below it */
        say(msg, len, "%s %s must be at least %lld, got '%.*s'", what, which, min, (int)n, s);
        return too_small;
    }
    *out = v;
    return TP_OK;
}

/* How many pieces the separators in `seps` cut s into. */
static int count_pieces(const char *s, const char *seps)
{
    int n = 1;
    for (; *s; s++)
        n += strchr(seps, *s) != NULL;
    return n;
}

/* The r pieces of s (count_pieces) as numbers from min to max, into out;
 * piece k is named "<label> k" in messages ("axis 1", "entry 2"). */
static tp_status parse_pieces(const char *what, const char *s, const char *seps, int r,
                              const char *label, long long min, long long max,
                              tp_status too_small, tp_status too_large, long long *out,
                              char *msg, size_t len)
{
    int k;
    for (k = 0; k < r; k++) {
        size_t piece = strcspn(s, seps);
        char which[24];
        tp_status st;
        snprintf(which, sizeof which, "%s %d", label, k);
        st = parse_number(what, which, s, piece, min, max, too_small, too_large, &out[k], msg,
                          len);
        if (st != TP_OK)
            return st;
        s += piece + 1;   /* past the separator (past the end only when k == r - 1) */
    }
    return TP_OK;
}

tp_status tp_parse_dims(const char *what, const char *s, int *rank, int64_t dims[TP_MAX_RANK],
                        char *msg, size_t len)
{
    int64_t d[TP_MAX_RANK], n = 1;
    long long v[TP_MAX_RANK];
    int k, r;
    tp_status st;

    if (s == NULL || *s == '\0') {
        say(msg, len, "%s needs a value such as 8192x8192", what);
        return TP_ERR_SYNTAX;
    }
    r = count_pieces(s, "xX");
    if (r > TP_MAX_RANK) {
        say(msg, len, "%s '%s' has %d axes; at most %d (AxBxCxD)", what, s, r, TP_MAX_RANK);
        return TP_ERR_RANK;
    }
    st = parse_pieces(what, s, "xX", r, "axis", 1, INT64_MAX, TP_ERR_DIM, TP_ERR_TOO_LARGE, v,
                      msg, len);
    if (st != TP_OK)
        return st;
    for (k = 0; k < r; k++)
        d[k] = v[k];
    for (k = 0; k < r; k++) {
        if (n > INT64_MAX / d[k]) {
            char shape[128];
            say(msg, len, "%s %s is too large: more than %lld elements", what,
                tp_format_dims(d, r, shape, sizeof shape), (long long)INT64_MAX);
            return TP_ERR_TOO_LARGE;
        }
        n *= d[k];
    }
    *rank = r;
    memcpy(dims, d, (size_t)r * sizeof d[0]);
    return TP_OK;
}

tp_status tp_parse_perm(const char *what, const char *s, int rank, int perm[TP_MAX_RANK],
                        char *msg, size_t len)
{
    const char *start = s;
    int p[TP_MAX_RANK], k, r;
    long long v[TP_MAX_RANK];
    char tail[128];
    tp_status st;

    if (s == NULL || *s == '\0') {
        say(msg, len, "%s needs a value such as 1,0 or 0,2,1", what);
        return TP_ERR_SYNTAX;
    }
    if (rank < 1 || rank > TP_MAX_RANK) {
        say(msg, len, "rank %d: a problem has 1 to %d axes", rank, TP_MAX_RANK);
        return TP_ERR_RANK;
    }
    r = count_pieces(s, ",");
    if (r != rank) {
        say(msg, len, "%s '%s' names %d ax%s, but the shape has %d", what, s, r,
            r == 1 ? "is" : "es", rank);
        return TP_ERR_PERM;
    }
    st = parse_pieces(what, s, ",", r, "entry", 0, rank - 1, TP_ERR_PERM, TP_ERR_PERM, v, msg, len);
    if (st != TP_OK)
        return st;
    for (k = 0; k < r; k++)
        p[k] = (int)v[k];
    if (perm_trouble(p, rank, tail, sizeof tail) != NULL) {
        say(msg, len, "%s '%s' %s", what, start, tail);
        return TP_ERR_PERM;
    }
    memcpy(perm, p, (size_t)rank * sizeof p[0]);
    return TP_OK;
}

/* ---- Shape arithmetic ------------------------------------------------------------- */

int64_t tp_problem_elements(const tp_problem *p)
{
    int64_t n = 1;
    int a;
    for (a = 0; a < p->rank; a++)
        n *= p->dims[a];
    return n;
}

int64_t tp_problem_bytes(const tp_problem *p)
{
    return tp_problem_elements(p) * p->elem_bytes;
}

void tp_problem_out_dims(const tp_problem *p, int64_t out_dims[TP_MAX_RANK])
{
    int i;
    for (i = 0; i < p->rank; i++)
        out_dims[i] = p->dims[p->perm[i]];
}

void tp_problem_strides(const tp_problem *p, int64_t in_stride[TP_MAX_RANK],
                        int64_t out_stride[TP_MAX_RANK])
{
    int64_t out_dims[TP_MAX_RANK];
    int a, r = p->rank;

    tp_problem_out_dims(p, out_dims);
    in_stride[r - 1] = out_stride[r - 1] = 1;
    for (a = r - 2; a >= 0; a--) {
        in_stride[a] = in_stride[a + 1] * p->dims[a + 1];
        out_stride[a] = out_stride[a + 1] * out_dims[a + 1];
    }
}

int64_t tp_problem_source(const tp_problem *p, int64_t out_index)
{
    int64_t out_dims[TP_MAX_RANK], j[TP_MAX_RANK], in_stride[TP_MAX_RANK],
            out_stride[TP_MAX_RANK], from = 0;
    int i;

    tp_problem_out_dims(p, out_dims);
    tp_problem_strides(p, in_stride, out_stride);
    unravel(out_index, out_dims, p->rank, j);
    for (i = 0; i < p->rank; i++)   /* output coordinate j[i] is input coordinate perm[i] */
        from += j[i] * in_stride[p->perm[i]];
    return from;
}

const char *tp_problem_format(const tp_problem *p, char *buf, size_t len)
{
    char shape[128], perm[64];
    snprintf(buf, len, "%s, perm %s, %d-byte elements",
             tp_format_dims(p->dims, p->rank, shape, sizeof shape),
             format_perm(p->perm, p->rank, perm, sizeof perm), p->elem_bytes);
    return buf;
}

/* ---- Simplification --------------------------------------------------------------- */

tp_problem tp_problem_simplify(const tp_problem *p)
{
    tp_problem q;
    int64_t d[TP_MAX_RANK];
    int kept[TP_MAX_RANK], perm[TP_MAX_RANK], starts[TP_MAX_RANK], group[TP_MAX_RANK];
    int r = 0, n = 0, g = -1, a, i;

    memset(&q, 0, sizeof q);
    q.elem_bytes = p->elem_bytes;

    /* 1. Drop the axes of size 1, renumbering the others in order. */
    for (a = 0; a < p->rank; a++)
        if (p->dims[a] > 1) {
            kept[a] = r;
            d[r++] = p->dims[a];
        } else {
            kept[a] = -1;
        }
    for (i = 0; i < p->rank; i++)
        if (kept[p->perm[i]] >= 0)
            perm[n++] = kept[p->perm[i]];
    if (r == 0) {   /* one element: a copy of it */
        q.rank = 1;
        q.dims[0] = 1;
        q.perm[0] = 0;
        return q;
    }

    /* 2. Input axis a joins axis a - 1 when the output has them side by
     * side in that order: then a group's axes stay contiguous and in
     * order in both, and the group is one axis of their product. */
    for (a = 0; a < r; a++)
        starts[a] = 1;
    for (i = 0; i + 1 < r; i++)
        if (perm[i + 1] == perm[i] + 1)
            starts[perm[i + 1]] = 0;
    for (a = 0; a < r; a++) {
        if (starts[a])
            q.dims[++g] = 1;
        group[a] = g;
        q.dims[g] *= d[a];
    }
    q.rank = g + 1;
    /* In the output each group appears as a run that starts with its first
     * axis, so keeping the starts keeps one entry per group, in order. */
    n = 0;
    for (i = 0; i < r; i++)
        if (starts[perm[i]])
            q.perm[n++] = group[perm[i]];
    return q;
}

int tp_problem_keeps_last_axis(const tp_problem *p)
{
    tp_problem q = tp_problem_simplify(p);
    return q.perm[q.rank - 1] == q.rank - 1;
}

/* ---- The plan ---------------------------------------------------------------------- */

tp_plan tp_problem_plan(const tp_problem *p)
{
    tp_problem q = tp_problem_simplify(p);
    int64_t in_stride[TP_MAX_RANK], out_stride[TP_MAX_RANK], to_out[TP_MAX_RANK] = { 0 };
    int last = q.rank - 1, rows_axis = q.perm[last], rows_hi = -1, cols_hi = -1, k, a;
    tp_plan plan;

    memset(&plan, 0, sizeof plan);
    plan.elem_bytes = q.elem_bytes;
    plan.elements = tp_problem_elements(&q);
    tp_problem_strides(&q, in_stride, out_stride);
    for (k = 0; k < q.rank; k++)   /* output axis k runs over input axis perm[k] */
        to_out[q.perm[k]] = out_stride[k];
    if (q.rank == 1) {             /* simplification leaves rank 1 only for a copy */
        plan.kind = TP_PLAN_COPY;
        plan.row_len = plan.elements;
        return plan;
    }
    if (rows_axis == last) {
        plan.kind = TP_PLAN_ROWS;
        plan.row_len = q.dims[last];
    } else {
        plan.kind = TP_PLAN_TILE;
        plan.n_rows = q.dims[rows_axis];
        plan.n_cols = q.dims[last];
        plan.in_row = in_stride[rows_axis];
        plan.out_col = to_out[last];
        /* A short side continues into the next axis on its contiguous
         * side (problem.h): the output's next axis for the rows, the
         * input's next for the columns, never the tile's other side. */
        if (q.rank >= 3 && q.dims[rows_axis] < TP_PLAN_SHORT && q.perm[last - 1] != last) {
            rows_hi = q.perm[last - 1];
            plan.rows_lo = q.dims[rows_axis];
            plan.in_row_hi = in_stride[rows_hi];
            plan.n_rows *= q.dims[rows_hi];
        }
        if (q.rank >= 3 && q.dims[last] < TP_PLAN_SHORT && last - 1 != rows_axis &&
            last - 1 != rows_hi) {
            cols_hi = last - 1;
            plan.cols_lo = q.dims[last];
            plan.out_col_hi = to_out[cols_hi];
            plan.n_cols *= q.dims[cols_hi];
        }
    }
    for (a = 0; a < last; a++) {
        if (plan.kind == TP_PLAN_TILE && (a == rows_axis || a == rows_hi || a == cols_hi))
            continue;
        plan.z_dims[plan.nz] = q.dims[a];
        plan.z_in[plan.nz] = in_stride[a];
        plan.z_out[plan.nz] = to_out[a];
        plan.nz++;
    }
    return plan;
}

const char *tp_plan_format(const tp_plan *plan, char *buf, size_t len)
{
    const char *others = plan->nz == 1 ? "other axis" : "other axes";
    if (plan->kind == TP_PLAN_COPY)
        snprintf(buf, len, "copy of %lld elements", (long long)plan->row_len);
    else if (plan->kind == TP_PLAN_ROWS)
        snprintf(buf, len, "rows of %lld elements, %d %s", (long long)plan->row_len, plan->nz,
                 others);
    else
        snprintf(buf, len, "tile %lld x %lld (rows x cols%s%s), %d %s", (long long)plan->n_rows,
                 (long long)plan->n_cols, plan->rows_lo ? ", rows over 2 axes" : "",
                 plan->cols_lo ? ", columns over 2 axes" : "", plan->nz, others);
    return buf;
}

/* ---- The CPU reference ------------------------------------------------------------- */

void tp_problem_reference(const tp_problem *p, const void *in, void *out)
{
    const unsigned char *src = (const unsigned char *)in;
    unsigned char *dst = (unsigned char *)out;
    size_t e = (size_t)p->elem_bytes;
    int64_t out_dims[TP_MAX_RANK], in_stride[TP_MAX_RANK], out_stride[TP_MAX_RANK];
    int64_t step[TP_MAX_RANK], j[TP_MAX_RANK] = { 0 };
    int64_t n = tp_problem_elements(p), o, from = 0;
    int i, r = p->rank;

    tp_problem_out_dims(p, out_dims);
    tp_problem_strides(p, in_stride, out_stride);
    for (i = 0; i < r; i++)   /* one step along output axis i is this many input elements */
        step[i] = in_stride[p->perm[i]];
    /* j counts the output coordinates like an odometer, last axis fastest;
     * `from` is the input index of output element j, kept up to date. The
     * last axis is one run of `inner` elements, `istep` apart in the input,
     * copied with the element size known to the compiler (a memcpy per
     * element took 9 s for 2 x 10^8 bytes). */
    if (r < 1 || n == 0)
        return;
    const int64_t inner = out_dims[r - 1], istep = step[r - 1];
    for (o = 0; o < n; o += inner) {
        unsigned char *d = dst + (size_t)o * e;
        const unsigned char *s0 = src + (size_t)from * e;
        int64_t k;
#define TP_RUN(E)                                                                         \
    for (k = 0; k < inner; k++)                                                           \
        memcpy(d + (size_t)k * (E), s0 + (size_t)(k * istep) * (E), (E));
        switch (e) {
        case 1: TP_RUN(1) break;
        case 2: TP_RUN(2) break;
        case 4: TP_RUN(4) break;
        case 8: TP_RUN(8) break;
        default: TP_RUN(16) break;
        }
#undef TP_RUN
        for (i = r - 2; i >= 0; i--) {
            j[i]++;
            from += step[i];
            if (j[i] < out_dims[i])
                break;
            from -= step[i] * out_dims[i];   /* wrap this wheel, carry to the next */
            j[i] = 0;
        }
    }
}

/* ---- Coordinates ------------------------------------------------------------------- */

int tp_problem_input_coords(const tp_problem *p, int64_t in_index, int64_t coords[TP_MAX_RANK])
{
    if (in_index < 0 || in_index >= tp_problem_elements(p))
        return -1;
    unravel(in_index, p->dims, p->rank, coords);
    return 0;
}

const char *tp_problem_format_input(const tp_problem *p, int64_t in_index, char *buf,
                                    size_t len)
{
    int64_t c[TP_MAX_RANK];
    if (tp_problem_input_coords(p, in_index, c) != 0) {
        snprintf(buf, len, "not from the input");
        return buf;
    }
    return format_coords("input ", c, p->rank, buf, len);
}

const char *tp_problem_format_output(const tp_problem *p, int64_t out_index, char *buf,
                                     size_t len)
{
    int64_t out_dims[TP_MAX_RANK], j[TP_MAX_RANK];
    if (out_index < 0 || out_index >= tp_problem_elements(p)) {
        snprintf(buf, len, "not in the output");
        return buf;
    }
    tp_problem_out_dims(p, out_dims);
    unravel(out_index, out_dims, p->rank, j);
    return format_coords("", j, p->rank, buf, len);
}
