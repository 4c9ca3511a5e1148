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
    /* Fewer row tiles than column tiles, more than two of 128 rows, every
     * side a multiple of 8: the widest tiles take it, and built with
     * BAND=0 (chapter 10's block_order.h) walk down columns of tiles. */
    { 264, 4104 },
    /* Four rows of an odd width: chapter 10's rows4 kernels, whose rows start
     * 0, 1, 2 or 3 bytes into a word, and whose last thread has part of a
     * 16-byte piece. */
    { 4, 4103 },
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

/* 4 axes: a single element, four primes, an axis of 1 first, second and
 * third (a permutation must step over it), sides one past a tile. */
const tp_shape4 tp_check_shapes4[] = {
    { { 1, 1, 1, 1 } }, { { 2, 3, 5, 7 } }, { { 3, 1, 65, 33 } }, { { 2, 17, 1, 129 } },
    { { 4, 33, 2, 31 } },
};
const int tp_check_shape4_count = (int)(sizeof tp_check_shapes4 / sizeof tp_check_shapes4[0]);

int tp_check_shape_at(int tensor, int s, int *rank, int64_t dims[TP_MAX_RANK])
{
    int a;

    if (s < 0 || s >= (tensor ? tp_check_shape3_count + tp_check_shape4_count
                              : tp_check_shape_count))
        return 0;
    if (!tensor) {
        *rank = 2;
        dims[0] = tp_check_shapes[s].rows;
        dims[1] = tp_check_shapes[s].cols;
    } else if (s < tp_check_shape3_count) {
        *rank = 3;
        dims[0] = tp_check_shapes3[s].depth;
        dims[1] = tp_check_shapes3[s].rows;
        dims[2] = tp_check_shapes3[s].cols;
    } else {
        *rank = 4;
        for (a = 0; a < 4; a++)
            dims[a] = tp_check_shapes4[s - tp_check_shape3_count].dims[a];
    }
    return 1;
}

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

/* "N", "RxC", "DxRxC" or "AxBxCxD" into opt->rank and opt->dims
 * (tp_parse_dims; "N" means N x N), each side at most MAX_SIDE. */
static int parse_size(const char *s, tp_options *opt, char *err, size_t err_len)
{
    int64_t d[TP_MAX_RANK] = { 0 };
    int rank, a;

    if (tp_parse_dims("--size", s, &rank, d, err, err_len) != TP_OK)
        return -1;
    if (rank == 1) {   /* --size N: a square matrix */
        rank = 2;
        d[1] = d[0];
    }
    for (a = 0; a < rank; a++)
        if (d[a] > MAX_SIDE) {
            snprintf(err, err_len, "--size axis %d is too large: '%lld' (at most %ld)", a,
                     (long long)d[a], MAX_SIDE);
            return -1;
        }
    opt->rank = rank;
    memcpy(opt->dims, d, sizeof d);
    opt->rows = (long)d[rank - 2];
    opt->cols = (long)d[rank - 1];
    return 0;
}

/* After parsing: the last two axes are rows and cols (--rows and --cols
 * may have changed them), depth the product of the others. */
static void finish_shape(tp_options *opt)
{
    int a;
    opt->dims[opt->rank - 2] = opt->rows;
    opt->dims[opt->rank - 1] = opt->cols;
    opt->depth = 1;
    for (a = 0; a < opt->rank - 2; a++)
        opt->depth *= (long)opt->dims[a];
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
    opt->rank = 2;
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
            if (parse_size(val, opt, err, err_len) != 0)
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
    finish_shape(opt);
    if ((size_t)opt->rows > TP_MAX_ELEMENTS / (size_t)opt->cols) {
        snprintf(err, err_len,
                 "%ld x %ld is too large: at most %zu elements (2^36) per matrix",
                 opt->rows, opt->cols, TP_MAX_ELEMENTS);
        return TP_EXIT_USAGE;
    }
    if ((size_t)opt->depth > TP_MAX_ELEMENTS / ((size_t)opt->rows * (size_t)opt->cols)) {
        char shape[96];
        snprintf(err, err_len, "%s is too large: at most %zu elements (2^36) per tensor",
                 tp_format_dims(opt->dims, opt->rank, shape, sizeof shape), TP_MAX_ELEMENTS);
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
        "  --size DxRxC       a tensor of D matrices of R x C, or AxBxCxD one of 4 axes\n"
        "                     (chapter 11 only)\n"
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

void tp_print_usage_tensor(FILE *f)
{
    fprintf(f,
        "tensor tables: --size RxC is 1 x R x C, the default 512 x 512 x 512\n"
        "  --size AxBxCxD     a tensor of 4 axes; a row of fewer axes takes a shape\n"
        "                     whose extra first axes are 1, a row of more axes any\n"
        "                     shape (leading 1s added)\n");
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
