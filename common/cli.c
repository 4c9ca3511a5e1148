/*
 * cli.c - parse the command line every program shares (see cli.h).
 *
 * Every mistake gets one line that says what was wrong and what is
 * allowed; nothing falls back silently to a default.
 */
#include "cli.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

const tp_shape tp_check_shapes[] = {
    { 1, 1 }, { 1, 4097 }, { 4097, 1 }, { 17, 83 }, { 17, 84 }, { 84, 17 }, { 68, 36 },
    { 100, 300 }, { 257, 4099 }, { 1024, 1024 }, { 8191, 5003 },
};
const int tp_check_shape_count = (int)(sizeof tp_check_shapes / sizeof tp_check_shapes[0]);

/* Chapter 11's tensors, depth x rows x cols: single elements, a single
 * row, a single column, primes, sides just past a tile, square matrices
 * (the in-place kernel takes only those) with partial tiles, and many tiny
 * matrices. */
const tp_shape3 tp_check_shapes3[] = {
    { 1, 1, 1 }, { 3, 17, 83 }, { 2, 33, 65 }, { 1, 1, 4097 }, { 5, 4097, 1 },
    { 7, 1, 5 }, { 2, 33, 40 }, { 3, 20, 20 }, { 64, 4, 4 }, { 4, 68, 68 }, { 3, 100, 100 }, { 1000, 17, 5 }, { 64, 32, 64 },
    { 9, 31, 257 }, { 1, 1025, 1025 }, { 33, 129, 67 },
    /* Squares whose last tile is partial, alone and in a batch: a store one
     * row past a tile lands past the buffer (the guard zones see it) or in
     * the next matrix (the check sees it). */
    { 1, 33, 33 }, { 2, 70, 70 },
};
const int tp_check_shape3_count = (int)(sizeof tp_check_shapes3 / sizeof tp_check_shapes3[0]);

/* Launch functions take the sides as ints. */
#define MAX_SIDE ((long)INT_MAX)

/* Reads a whole decimal number from s into *out. 0 on success; on failure
 * writes why into err ("must be a whole number", ...). */
static int parse_long(const char *what, const char *s, long min, long max,
                      long *out, char *err, size_t err_len)
{
    char *end = NULL;
    long v;

    if (s == NULL || *s == '\0') {
        snprintf(err, err_len, "%s needs a value", what);
        return -1;
    }
    errno = 0;
    v = strtol(s, &end, 10);
    if (end == s || *end != '\0') {
        snprintf(err, err_len, "%s must be a whole number, got '%s'", what, s);
        return -1;
    }
    if (errno == ERANGE || v > max) {
        snprintf(err, err_len, "%s is too large: '%s' (at most %ld)", what, s, max);
        return -1;
    }
    if (v < min) {
        snprintf(err, err_len, "%s must be at least %ld, got '%s'", what, min, s);
        return -1;
    }
    *out = v;
    return 0;
}

/* "RxC" (or "N" for N x N) into rows and cols. */
static int parse_size(const char *s, long *depth, long *rows, long *cols, char *err,
                      size_t err_len)
{
    char buf[64];
    const char *x = s ? strpbrk(s, "xX") : NULL;
    const char *x2 = x ? strpbrk(x + 1, "xX") : NULL;

    if (s == NULL || *s == '\0') {
        snprintf(err, err_len, "--size needs a value such as 8192x8192");
        return -1;
    }
    *depth = 1;
    if (x == NULL)
        return parse_long("--size", s, 1, MAX_SIDE, rows, err, err_len) == 0
                   ? (*cols = *rows, 0) : -1;
    if ((size_t)(x - s) >= sizeof buf || (x2 != NULL && (size_t)(x2 - x) >= sizeof buf)) {
        snprintf(err, err_len, "--size '%s' is not of the form RxC or DxRxC", s);
        return -1;
    }
    if (x2 != NULL) {   /* DxRxC: a tensor of D matrices of R x C (chapter 11) */
        memcpy(buf, s, (size_t)(x - s));
        buf[x - s] = '\0';
        if (parse_long("--size depth", buf, 1, MAX_SIDE, depth, err, err_len) != 0)
            return -1;
        s = x + 1;
        x = x2;
    }
    memcpy(buf, s, (size_t)(x - s));
    buf[x - s] = '\0';
    if (parse_long("--size rows", buf, 1, MAX_SIDE, rows, err, err_len) != 0)
        return -1;
    return parse_long("--size cols", x + 1, 1, MAX_SIDE, cols, err, err_len);
}

int tp_kernel_selected(const tp_options *opt, const char *name)
{
    const char *part = opt->kernel_filter;
    char one[128];

    if (part == NULL)
        return 1;
    while (*part != '\0') {
        size_t len = strcspn(part, ",");
        snprintf(one, sizeof one, "%.*s", (int)(len < sizeof one ? len : sizeof one - 1), part);
        if (len > 0 && strstr(name, one) != NULL)
            return 1;
        part += len + (part[len] == ',');
    }
    return 0;
}

/* Accepts both "--flag value" and "--flag=value". Returns the value, or
 * NULL when the flag is the last word and has none. */
static const char *flag_value(int argc, char **argv, int *i, const char *eq)
{
    if (eq != NULL)
        return eq + 1;
    if (*i + 1 >= argc)
        return NULL;
    *i += 1;
    return argv[*i];
}

int tp_parse_args(int argc, char **argv, tp_options *opt, char *err, size_t err_len)
{
    int rows_given = 0, cols_given = 0;
    int i;

    memset(opt, 0, sizeof *opt);
    opt->rows = TP_DEFAULT_ROWS;
    opt->cols = TP_DEFAULT_COLS;
    opt->reps = TP_DEFAULT_REPS;
    opt->depth = 1;
    err[0] = '\0';

    for (i = 1; i < argc; i++) {
        const char *arg = argv[i];
        const char *eq = strchr(arg, '=');
        size_t name_len = eq ? (size_t)(eq - arg) : strlen(arg);
        const char *val;
        long v;

#define IS(flag) (name_len == strlen(flag) && strncmp(arg, flag, name_len) == 0)
        if (IS("--help") || IS("-h")) {
            opt->help = 1;
        } else if (IS("--csv") && !eq) {
            opt->csv = 1;
        } else if (IS("--check") && !eq) {
            opt->check = 1;
        } else if (IS("--grade") && !eq) {
            opt->grade = 1;
        } else if (IS("--list-shapes") && !eq) {
            opt->list_shapes = 1;
        } else if (IS("--small") && !eq) {
            opt->small = 1;
        } else if (IS("--rows") || IS("--cols") || IS("--reps") || IS("--device")) {
            char flag[16];
            snprintf(flag, sizeof flag, "%.*s", (int)name_len, arg);
            val = flag_value(argc, argv, &i, eq);
            if (val == NULL) {
                snprintf(err, err_len, "%s needs a value", flag);
                return TP_EXIT_USAGE;
            }
            if (IS("--rows") || IS("--cols")) {
                if (parse_long(flag, val, 1, MAX_SIDE, &v, err, err_len) != 0)
                    return TP_EXIT_USAGE;
                if (IS("--rows")) { opt->rows = v; rows_given = 1; }
                else              { opt->cols = v; cols_given = 1; }
            } else if (IS("--reps")) {
                if (parse_long(flag, val, 1, TP_MAX_REPS, &v, err, err_len) != 0)
                    return TP_EXIT_USAGE;
                opt->reps = (int)v;
            } else {
                if (parse_long(flag, val, 0, INT_MAX, &v, err, err_len) != 0)
                    return TP_EXIT_USAGE;
                opt->device = (int)v;
            }
        } else if (IS("--size")) {
            val = flag_value(argc, argv, &i, eq);
            if (parse_size(val, &opt->depth, &opt->rows, &opt->cols, err, err_len) != 0)
                return TP_EXIT_USAGE;
            rows_given = cols_given = 1;
        } else if (IS("--kernel")) {
            val = flag_value(argc, argv, &i, eq);
            if (val == NULL || *val == '\0') {
                snprintf(err, err_len, "--kernel needs a kernel name (or part of one)");
                return TP_EXIT_USAGE;
            }
            opt->kernel_filter = val;
        } else {
            snprintf(err, err_len, "unknown option '%s' (try --help)", arg);
            return TP_EXIT_USAGE;
        }
#undef IS
    }

    if (rows_given != cols_given) {
        snprintf(err, err_len, "give both --rows and --cols (or --size RxC)");
        return TP_EXIT_USAGE;
    }
    if ((size_t)opt->rows > TP_MAX_ELEMENTS / (size_t)opt->cols) {
        snprintf(err, err_len,
                 "%ld x %ld is too large: at most %zu elements (2^36) per matrix",
                 opt->rows, opt->cols, TP_MAX_ELEMENTS);
        return TP_EXIT_USAGE;
    }
    if ((size_t)opt->depth > TP_MAX_ELEMENTS / ((size_t)opt->rows * (size_t)opt->cols)) {
        snprintf(err, err_len,
                 "%ld x %ld x %ld is too large: at most %zu elements (2^36) per tensor",
                 opt->depth, opt->rows, opt->cols, TP_MAX_ELEMENTS);
        return TP_EXIT_USAGE;
    }
    if (opt->small && ((!opt->check && !opt->list_shapes) || rows_given)) {
        snprintf(err, err_len, "--small goes with --check or --list-shapes, and no --size "
                 "(it picks shapes of the list)");
        return TP_EXIT_USAGE;
    }
    opt->size_given = rows_given;
    return TP_EXIT_OK;
}

void tp_print_usage(FILE *f, const char *prog)
{
    fprintf(f,
        "usage: %s [options]\n"
        "  --rows R --cols C  input matrix of R rows and C columns (default %dx%d)\n"
        "  --size RxC         the same in one flag; --size N means N x N\n"
        "  --size DxRxC       a tensor of D matrices of R x C (chapter 11 only)\n"
        "  --reps N           timed repeats per kernel, median reported (default %d)\n"
        "  --device N         CUDA device to use (default 0)\n"
        "  --kernel NAME      run only kernels whose name contains NAME (NAME,NAME,...: any)\n"
        "  --csv              print CSV rows instead of the table\n"
        "  --check            validate every kernel, no timing; exit 0 only if all pass\n"
        "                     (with no --size: on every shape of --list-shapes)\n"
        "  --small            with --check or --list-shapes: only the listed shapes of at\n"
        "                     most %d elements (for slow tools such as compute-sanitizer)\n"
        "  --grade            grade an exercise: correctness on awkward shapes, then speed\n"
        "  --list-shapes      print the awkward shapes, one RxC per line\n"
        "  --help             print this text\n"
        "exit status: 0 ok, 1 a kernel failed or CUDA error, 2 bad command line, 3 no GPU\n",
        prog, TP_DEFAULT_ROWS, TP_DEFAULT_COLS, TP_DEFAULT_REPS, TP_SMALL_SHAPE_ELEMENTS);
}

int tp_fits(long rows, long cols, size_t bytes_free, size_t bytes_extra)
{
    return tp_fits_elems(rows, cols, (int)sizeof(float), bytes_free, bytes_extra);
}

int tp_fits_elems(long rows, long cols, int elem_bytes, size_t bytes_free, size_t bytes_extra)
{
    size_t one = (size_t)rows * (size_t)cols * (size_t)elem_bytes;
    return bytes_extra <= bytes_free && one <= (bytes_free - bytes_extra) / 2;
}

int tp_shrink_to_fit(long *rows, long *cols, size_t bytes_free, size_t bytes_extra)
{
    return tp_shrink_to_fit_elems(rows, cols, (int)sizeof(float), bytes_free, bytes_extra);
}

int tp_shrink_to_fit_elems(long *rows, long *cols, int elem_bytes, size_t bytes_free,
                           size_t bytes_extra)
{
    int shrunk = 0;
    while (!tp_fits_elems(*rows, *cols, elem_bytes, bytes_free, bytes_extra)) {
        if (*rows == 1 && *cols == 1)
            return -1;
        if (*rows >= *cols) *rows = (*rows + 1) / 2;
        else                *cols = (*cols + 1) / 2;
        shrunk = 1;
    }
    return shrunk;
}
