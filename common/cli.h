/*
 * cli.h - the one command line shared by every chapter, exercise and test.
 *
 *   --rows R --cols C   matrix of R rows and C columns (any size >= 1)
 *   --size RxC          the same in one flag (--size N means N x N)
 *   --size DxRxC        a tensor of D matrices of R x C (chapter 11 only;
 *                       the 2-D chapters refuse a depth above 1)
 *   --size AxBxCxD      a tensor of 4 axes (chapter 11 only; the 2-D
 *                       chapters refuse it)
 *   --reps N            timed repeats per kernel (the median is reported)
 *   --device N          which GPU to use
 *   --kernel NAME       run only the kernels whose name contains NAME
 *                       (a comma-separated list: any of them)
 *   --csv               print machine-readable CSV rows instead of the table
 *   --check             validate only, no timing; the exit status says pass/fail
 *   --grade             grade the exercise kernels (what `make check` runs)
 *   --list-shapes       print the awkward shapes --check uses (no GPU needed)
 *   --small             with --check or --list-shapes: only the list's small shapes
 *   --help              print this usage
 *
 * Plain C11 with no CUDA in it, so tests/test_host.c can test it on a
 * machine without a GPU.
 */
#ifndef TP_CLI_H
#define TP_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "problem.h"   /* TP_MAX_RANK, tp_parse_dims */

#ifdef __cplusplus
extern "C" {
#endif

/* Exit codes used by every program in the tutorial. */
enum {
    TP_EXIT_OK = 0,      /* everything ran and every kernel was correct   */
    TP_EXIT_FAIL = 1,    /* a kernel gave a wrong answer or CUDA failed    */
    TP_EXIT_USAGE = 2,   /* bad command line: nothing was run              */
    TP_EXIT_NO_GPU = 3   /* no usable CUDA GPU on this machine             */
};

/* A side is at most INT_MAX (launch functions take int rows and cols), a
 * matrix at most 2^36 elements (256 GiB of float32, more than any GPU
 * holds): what really limits a shape is the GPU's free memory, which the
 * harness checks (two matrices must fit) with a one-line error.
 * Kernels that index with 32-bit ints (chapters 1 to 8, the exercises)
 * take at most TP_INT_ELEMENTS; tp_grid() says "n/a" above that. */
#define TP_MAX_ELEMENTS ((size_t)1 << 36)
#define TP_INT_ELEMENTS 2147483647L   /* INT_MAX: row * cols + col fits an int */

#define TP_DEFAULT_ROWS 8192
#define TP_DEFAULT_COLS 8192
#define TP_DEFAULT_DEPTH3 512   /* a tensor table's default: 512 x 512 x 512 */
#define TP_DEFAULT_REPS 30
#define TP_MAX_REPS 100000

typedef struct {
    long rows, cols;   /* matrix shape: the input is rows x cols            */
    int size_given;    /* 1 if the user chose the shape, 0 for the default  */
    int reps;          /* timed repeats per kernel                          */
    int device;        /* CUDA device ordinal                               */
    int csv;           /* 1: CSV rows instead of the table                  */
    int check;         /* 1: validate only, no timing                       */
    int grade;         /* 1: grade the exercise's kernels (make check)      */
    int help;          /* 1: --help was given                               */
    int list_shapes;   /* 1: --list-shapes was given                        */
    int small;         /* 1: only the small shapes of the list              */
    const char *kernel_filter; /* NULL, or a substring of kernel names      */
    long depth;        /* --size DxRxC: D (chapter 11's tensors); else 1;
                          --size AxBxCxD: A * B                          */
    /* The shape in full, slowest axis first: rank 2 (rows x cols) unless
     * --size gave 3 or 4 axes. --size N is rank 2, N x N. rows and cols
     * above are always its last two axes. */
    int rank;
    int64_t dims[TP_MAX_RANK];
} tp_options;

/* Parses argv into *opt. Returns 0 on success; on bad input returns
 * TP_EXIT_USAGE and writes one line (no trailing newline) into err. */
int tp_parse_args(int argc, char **argv, tp_options *opt,
                  char *err, size_t err_len);

/* The awkward shapes every kernel must get right: single elements, a
 * single row and column, primes, sides that are no multiple of any tile
 * and are or are not multiples of 4, a large non-square one. One list for
 * everything that checks kernels: --check with no --size, the grader,
 * tests/run.sh and the sanitizer run read it through --list-shapes. */
typedef struct { long rows, cols; } tp_shape;
extern const tp_shape tp_check_shapes[];
extern const int tp_check_shape_count;
#define TP_SMALL_SHAPE_ELEMENTS 4096

/* The same list for chapter 11's tensors of depth x rows x cols. */
typedef struct { long depth, rows, cols; } tp_shape3;
extern const tp_shape3 tp_check_shapes3[];
extern const int tp_check_shape3_count;   /* --small: at most this many elements */

/* The shapes of 4 axes that only problem rows of rank 4 take whole (a
 * row of rank 3 takes one whose first axis is 1): single elements, primes,
 * axes of 1 between others, sides just past a tile. --check of a tensor
 * table runs them after tp_check_shapes3. */
typedef struct { long dims[4]; } tp_shape4;
extern const tp_shape4 tp_check_shapes4[];
extern const int tp_check_shape4_count;

/* Shape s (from 0) of the awkward-shape list of a 2-D table (tensor 0:
 * tp_check_shapes) or of a tensor table (tensor 1: tp_check_shapes3, then
 * tp_check_shapes4), into *rank and dims. Returns 0 past the list's end. */
int tp_check_shape_at(int tensor, int s, int *rank, int64_t dims[TP_MAX_RANK]);

/* --kernel NAME[,NAME...]: 1 if a row called `name` is selected, that is,
 * if no filter was given or the name contains one of its comma-separated
 * parts. */
int tp_kernel_selected(const tp_options *opt, const char *name);

/* Prints the usage text for program `prog`. */
void tp_print_usage(FILE *f, const char *prog);

/* The lines a tensor table (chapter 11) adds to the usage text. */
void tp_print_usage_tensor(FILE *f);

/* Halves the larger side of rows x cols until two matrices of float32 fit
 * in `bytes_free` (with `bytes_extra` set aside). Returns 1 if it had to
 * shrink, 0 if it already fit, -1 if even 1 x 1 does not fit. */
int tp_shrink_to_fit(long *rows, long *cols, size_t bytes_free, size_t bytes_extra);

/* 1 if two rows x cols float32 matrices plus bytes_extra fit in bytes_free. */
int tp_fits(long rows, long cols, size_t bytes_free, size_t bytes_extra);

/* The same two for elements of elem_bytes bytes (the two above: 4). */
int tp_fits_elems(long rows, long cols, int elem_bytes, size_t bytes_free, size_t bytes_extra);
int tp_shrink_to_fit_elems(long *rows, long *cols, int elem_bytes, size_t bytes_free,
                           size_t bytes_extra);

#ifdef __cplusplus
}
#endif

#endif
