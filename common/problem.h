/*
 * problem.h - one transpose problem: a shape of up to 4 axes, a
 * permutation of those axes, and an element size.
 *
 * Every table row of the tutorial is one such problem: a copy, a 2-D
 * transpose, a batch of transposes, a 3-D or 4-D permutation, of 1- to
 * 16-byte elements. This file is the host-side model of it: checking a
 * problem (every error a code and a sentence a person can read), parsing
 * it from the command line, its strides, the index map, the simplest
 * equivalent problem, a CPU reference for any element size, and the
 * coordinates that name a wrong element's source.
 *
 * The convention. The input is row-major with dims[0] the slowest axis
 * and dims[rank - 1] the fastest (its elements are adjacent in memory).
 * Output axis i runs over input axis perm[i]:
 *
 *     output shape   out_dims[i] = dims[perm[i]]
 *     element        out[j0]...[j(rank-1)] = in[c0]...[c(rank-1)]
 *                    with c[perm[i]] = j[i]
 *
 * Examples:
 *     copy of R x C                   rank 2, dims {R, C},    perm {0, 1}
 *     2-D transpose of R x C          rank 2, dims {R, C},    perm {1, 0}
 *                                     (the output is C x R)
 *     batched transpose of B x R x C  rank 3, dims {B, R, C}, perm {0, 2, 1}
 *                                     (B matrices of C x R)
 *     reversal of every axis          rank 4, perm {3, 2, 1, 0}
 *
 * (This is chapter 11's convention, tp_reference_permute in validate.h,
 * extended to 1..4 axes and any element size.)
 *
 * Plain C11, no CUDA: tests/test_problem.c tests it without a GPU.
 */
#ifndef TP_PROBLEM_H
#define TP_PROBLEM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TP_MAX_RANK 4

/* Entries of dims and perm past rank are ignored. */
typedef struct {
    int rank;                      /* number of axes, 1 to TP_MAX_RANK        */
    int64_t dims[TP_MAX_RANK];     /* the input's shape, slowest axis first    */
    int perm[TP_MAX_RANK];         /* output axis i runs over input axis perm[i] */
    int elem_bytes;                /* 1, 2, 4, 8 or 16                         */
} tp_problem;

/* What a check or a parse found. A function that returns an error also
 * writes a sentence naming it into its msg buffer (of len bytes; msg may
 * be NULL), and leaves msg alone when it returns TP_OK. tp_status_text
 * gives a code's general meaning. */
typedef enum {
    TP_OK = 0,
    TP_ERR_NULL,         /* a null pointer                                  */
    TP_ERR_RANK,         /* rank outside 1..4, or a string with 5+ axes     */
    TP_ERR_DIM,          /* an axis of size < 1                             */
    TP_ERR_PERM,         /* perm is not a permutation of 0..rank-1          */
    TP_ERR_ELEM_BYTES,   /* element size not 1, 2, 4, 8 or 16               */
    TP_ERR_TOO_LARGE,    /* the bytes do not fit int64_t or size_t          */
    TP_ERR_OVERLAP,      /* input and output byte ranges overlap            */
    TP_ERR_SYNTAX        /* a string that is not a number or list of them   */
} tp_status;

/* The code's meaning in a few plain words ("perm is not a permutation"). */
const char *tp_status_text(tp_status s);

/* A problem from its parts: rank, dims[0..rank-1], perm[0..rank-1] and the
 * element size, every other entry zero (at most TP_MAX_RANK axes are
 * copied). Nothing is checked: tp_problem_check says whether it is valid. */
tp_problem tp_problem_make(int rank, const int64_t *dims, const int *perm, int elem_bytes);

/* ---- Checking --------------------------------------------------------------- */

/* Checks rank, element size, every axis, the permutation and the total
 * size, in that order, and returns the first error found. The total is
 * checked without overflowing: elements x elem_bytes must fit both
 * int64_t and size_t. Messages, for example:
 *     "perm {0,0,2} uses axis 0 twice and never axis 1"
 *     "axis 1 of 4 x 0 x 3 must be at least 1, got 0"
 *     "4294967296 x 4294967296 of 4-byte elements is too large: more than
 *      9223372036854775807 bytes" */
tp_status tp_problem_check(const tp_problem *p, char *msg, size_t len);

/* Checks only that perm[0..rank-1] holds each of 0..rank-1 once (rank in
 * 1..4), with the same message as tp_problem_check. */
tp_status tp_perm_check(const int *perm, int rank, char *msg, size_t len);

/* Checks the two buffers of a problem of `bytes` bytes: neither may be
 * NULL, and their byte ranges [in, in + bytes) and [out, out + bytes) may
 * not overlap (no in-place transpose: the reference and the kernels read
 * the input while writing the output). */
tp_status tp_buffers_check(const void *in, const void *out, size_t bytes, char *msg,
                           size_t len);

/* Gives problem *p (its rank set) the shape dims[0..shape_rank-1]: the
 * shape itself when the ranks match; with leading axes of 1 added when the
 * shape has fewer axes (2 x 3 for rank 3 is 1 x 2 x 3); with its leading
 * axes dropped when it has more, which must then be 1 (1 x 2 x 3 for rank 2
 * is 2 x 3). Only p->dims changes. Returns TP_OK; TP_ERR_RANK for a rank
 * or shape_rank outside 1..4, or a leading axis to drop that is not 1:
 *     "needs a shape of 3 axes (more only if the extra first ones are 1),
 *      not 2 x 3 x 5 x 7" */
tp_status tp_problem_set_shape(tp_problem *p, const int64_t *dims, int shape_rank, char *msg,
                               size_t len);

/* ---- Parsing --------------------------------------------------------------------
 *
 * `what` names the flag in messages ("--size"); the words match the
 * command line's (cli.c): "needs a value", "must be a whole number",
 * "must be at least 1", "is too large". */

/* "N", "RxC", "BxRxC" or "AxBxCxD" ('x' or 'X'), slowest axis first, into
 * *rank and dims. A single number is rank 1 (N elements in a row): the
 * command line's --size N, which means N x N, is the caller's choice.
 * Each number is a whole number of at least 1, with no spaces around it;
 * their product must fit int64_t (TP_ERR_TOO_LARGE otherwise). */
tp_status tp_parse_dims(const char *what, const char *s, int *rank, int64_t dims[TP_MAX_RANK],
                        char *msg, size_t len);

/* A permutation of `rank` axes written as comma-separated axis numbers,
 * output axis first: "1,0" is a 2-D transpose, "0,2,1" a batched one.
 * No spaces ("1, 0" is refused). It must name each of 0..rank-1 once. */
tp_status tp_parse_perm(const char *what, const char *s, int rank, int perm[TP_MAX_RANK],
                        char *msg, size_t len);

/* ---- Shape arithmetic -------------------------------------------------------------
 * These take a problem that passed tp_problem_check. */

int64_t tp_problem_elements(const tp_problem *p);
int64_t tp_problem_bytes(const tp_problem *p);

/* The output's shape: out_dims[i] = dims[perm[i]]. */
void tp_problem_out_dims(const tp_problem *p, int64_t out_dims[TP_MAX_RANK]);

/* Row-major strides in elements: in_stride[a] is the step between
 * neighbours along input axis a in the input, out_stride[i] the step along
 * output axis i in the output. The last axis has stride 1. */
void tp_problem_strides(const tp_problem *p, int64_t in_stride[TP_MAX_RANK],
                        int64_t out_stride[TP_MAX_RANK]);

/* The linear input index of the element that belongs at linear output
 * index out_index (0 <= out_index < elements). */
int64_t tp_problem_source(const tp_problem *p, int64_t out_index);

/* "2 x 3 x 4": `rank` sides joined by " x " into buf (cut, never
 * overrun, when buf is short); returns buf. */
const char *tp_format_dims(const int64_t *dims, int rank, char *buf, size_t len);

/* "2 x 3 x 4, perm {0,2,1}, 4-byte elements" into buf; returns buf. */
const char *tp_problem_format(const tp_problem *p, char *buf, size_t len);

/* ---- Simplification ---------------------------------------------------------------
 *
 * The smallest problem that moves the same bytes to the same places:
 *   - axes of size 1 are dropped (they change no address);
 *   - input axes a and a + 1 that are also neighbours, in that order, in
 *     the output (perm[i] == a, perm[i + 1] == a + 1) become one axis of
 *     dims[a] * dims[a + 1] elements.
 * So perm {0,1,3,2} of 2x3x4x5 is perm {0,2,1} of 6x4x5 (a batch of 6
 * transposes of 4 x 5), any identity is a copy of rank 1, 1x5x7 with perm
 * {2,0,1} is a 2-D transpose of 5 x 7, and {3,2,1,0} of 2x3x4x5 stays as
 * it is. Only rank, dims and perm change; entries past rank are zero. */
tp_problem tp_problem_simplify(const tp_problem *p);

/* 1 if, after simplification, the input's fastest axis is also the
 * output's fastest axis: every run of dims[rank - 1] contiguous input
 * elements lands contiguous in the output, and a kernel can move whole
 * rows with wide loads and stores (a copy, or a permutation of rows).
 * 0 if the fastest axis changes, which needs a tiled transpose. */
int tp_problem_keeps_last_axis(const tp_problem *p);

/* ---- The plan: which kernel, on which axes ------------------------------------------
 *
 * One rule picks the kernel for any problem, from what the permutation
 * does to the input's fastest axis (after simplification):
 *   TP_PLAN_COPY  the identity: one contiguous copy of every element;
 *   TP_PLAN_ROWS  the fastest axis stays the fastest: whole rows of
 *                 row_len contiguous elements, moved as they are, each to
 *                 its place (a copy of rows; no tile);
 *   TP_PLAN_TILE  the fastest axis moves: a tile whose columns run along
 *                 the input's fastest axis (contiguous in the input) and
 *                 whose rows run along the input axis that becomes the
 *                 output's fastest (contiguous in the output), so both
 *                 sides are read and written in runs.
 * Every other axis (at most 3 for ROWS, 2 for TILE) only moves the row or
 * the tile: z[k] with its extent and its strides on both sides.
 * A TILE side shorter than TP_PLAN_SHORT elements would leave most of a
 * tile empty and make every run that short, so it continues into the next
 * axis on its contiguous side, where that axis is not the tile's other
 * side: the tile's rows (the output's fastest axis) into the output's next
 * axis, its columns (the input's fastest) into the input's next axis. A
 * split side's extent is then the product of the two; its element r runs
 * over the fast axis (r % lo) first, then the slow one (r / lo). */
#define TP_PLAN_SHORT 32
typedef enum { TP_PLAN_COPY = 0, TP_PLAN_ROWS, TP_PLAN_TILE } tp_plan_kind;

typedef struct {
    tp_plan_kind kind;
    int elem_bytes;
    int64_t elements;              /* of the whole problem                          */
    int64_t row_len;               /* ROWS: elements per row; COPY: all of them     */
    int64_t n_rows, n_cols;        /* TILE: extents along the output's and the
                                      input's fastest axes                          */
    int64_t in_row;                /* TILE: input stride along the tile's rows      */
    int64_t out_col;               /* TILE: output stride along the tile's columns  */
    int64_t rows_lo, in_row_hi;    /* TILE, rows split over two axes: the fast
                                      one's extent and the slow one's input stride
                                      (rows_lo 0: not split; in_row is the fast
                                      one's stride)                                */
    int64_t cols_lo, out_col_hi;   /* TILE, columns split: the same, output side    */
    int nz;                        /* the other axes, slowest first                  */
    int64_t z_dims[TP_MAX_RANK], z_in[TP_MAX_RANK], z_out[TP_MAX_RANK];
} tp_plan;

/* The plan of a valid problem (tp_problem_check), simplified first. In
 * element strides: input element (z, r, c) of a TILE plan is at
 * sum z_in + tp_plan_row_in(r) + c, and goes to
 * sum z_out + tp_plan_col_out(c) + r (r * in_row and c * out_col where
 * no side is split); row z of a ROWS plan goes from sum z_in to
 * sum z_out. */
tp_plan tp_problem_plan(const tp_problem *p);

/* TILE: the input offset of the tile's row r, and the output offset of
 * its column c (the kernels use nd_index.h's copies of these). */
static inline int64_t tp_plan_row_in(const tp_plan *plan, int64_t r)
{
    if (plan->rows_lo == 0)
        return r * plan->in_row;
    return r / plan->rows_lo * plan->in_row_hi + r % plan->rows_lo * plan->in_row;
}
static inline int64_t tp_plan_col_out(const tp_plan *plan, int64_t c)
{
    if (plan->cols_lo == 0)
        return c * plan->out_col;
    return c / plan->cols_lo * plan->out_col_hi + c % plan->cols_lo * plan->out_col;
}

/* "tile 500 x 700 (rows x cols), 1 other axis" and the like; returns buf. */
const char *tp_plan_format(const tp_plan *plan, char *buf, size_t len);

/* ---- The CPU reference ------------------------------------------------------------- */

/* out = the permutation of in, elem_bytes bytes per element, for any
 * valid problem. Walks the output in order; in and out must not overlap
 * (tp_buffers_check). */
void tp_problem_reference(const tp_problem *p, const void *in, void *out);

/* ---- Naming an element by its coordinates ------------------------------------------
 *
 * A wrong output value decodes to the linear input index it came from
 * (tp_source_of_bits in validate.h); these turn that index into the
 * coordinates a person can look up. */

/* The coordinates of linear input index in_index in the input's shape,
 * slowest axis first. Returns 0, or -1 (coords untouched) if the index is
 * outside the input. */
int tp_problem_input_coords(const tp_problem *p, int64_t in_index, int64_t coords[TP_MAX_RANK]);

/* "input (i, j, k)" for linear input index in_index, with as many numbers
 * as the problem has axes, or "not from the input" if the index is
 * outside it. Returns buf. */
const char *tp_problem_format_input(const tp_problem *p, int64_t in_index, char *buf,
                                    size_t len);

/* "(j0, j1, j2)": the output coordinates of linear output index
 * out_index (outside the output: "not in the output"). Returns buf. */
const char *tp_problem_format_output(const tp_problem *p, int64_t out_index, char *buf,
                                     size_t len);

#ifdef __cplusplus
}
#endif

#endif
