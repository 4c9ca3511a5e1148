/*
 * validate.h - the CPU reference and the exact check of a kernel's output.
 *
 * A transpose moves bits and computes nothing, so the check is exact: every
 * element, bit for bit. To make a wrong answer visible:
 *   - every input element holds a distinct value, and the value tells where
 *     it came from (tp_source_of), so a mismatch can say "got the element
 *     of input (4, 7)" instead of printing two anonymous numbers;
 *   - the output is filled with TP_POISON_BITS (a NaN) before each run, so an
 *     element the kernel never wrote is caught and named.
 *
 * Plain C11, no CUDA: tests/test_host.c tests it without a GPU.
 */
#ifndef TP_VALIDATE_H
#define TP_VALIDATE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "problem.h"   /* tp_problem: the N-D check names elements by its axes */

#ifdef __cplusplus
extern "C" {
#endif

/* What a kernel does: copy (out has the input's shape) or transpose
 * (out is cols x rows). */
typedef enum { TP_COPY = 0, TP_TRANSPOSE = 1 } tp_op;

/* Every output byte is set to 0xFF before a run: the float with bits
 * 0xFFFFFFFF is a NaN that no input element ever holds. */
#define TP_POISON_BYTE 0xFF
#define TP_POISON_BITS 0xFFFFFFFFu

/* The input value at linear index i (row * cols + col). Up to 2^24 it is
 * the float i itself, so small matrices are easy to read; above that the
 * bit patterns keep counting upwards, which keeps every value distinct up
 * to TP_DISTINCT_VALUES elements (every finite float >= 0 that is a whole
 * number). Larger matrices (e.g. 40000 x 40000) repeat the sequence:
 * element i holds the value of i mod TP_DISTINCT_VALUES. The check stays
 * exact, bit for bit; only the name of a wrong value's source becomes "the
 * nearest element holding it" (see tp_describe_value). */
float tp_input_value(size_t i);
#define TP_DISTINCT_VALUES ((size_t)889192448)   /* 2^24 + 1 + (0x7F7FFFFF - 0x4B800000) */

/* The inverse of tp_input_value: the smallest linear input index that
 * holds v (below TP_DISTINCT_VALUES), or -1 if no input element holds v
 * (poison, NaN, garbage). */
long long tp_source_of(float v);

/* Fills a rows x cols input with tp_input_value. */
void tp_fill_input(float *in, long rows, long cols);

/* The CPU reference: what a correct kernel writes into ref. */
void tp_reference(const float *in, float *ref, long rows, long cols, tp_op op);

/* At most this many wrong elements are named in a report. */
#define TP_MAX_REPORTED 5

/* What one comparison found: the counts, and where the first wrong
 * elements are, so that a report never has to scan the output again. */
typedef struct {
    size_t mismatches;  /* elements that differ from the reference          */
    size_t unwritten;   /* of those, elements still holding the poison      */
    int reported;       /* how many of first[] are filled                   */
    size_t first[TP_MAX_REPORTED];  /* output indices of the first mismatches */
    /* Bytes written outside the output: the harness surrounds it with
     * guard zones of TP_GUARD_BYTES, filled with TP_GUARD_BYTE, and checks
     * them with the output (tp_check_guards). first_outside is the first
     * such byte's offset from the output's first byte: negative before
     * the output, at least its size after it. */
    size_t outside;
    long long first_outside;
} tp_check_result;

/* The guard zones around every output buffer: 64 KB before and after it
 * (a store one row past a 16384-wide matrix lands inside), filled with a
 * byte that is neither the poison nor a likely input byte pattern. */
#define TP_GUARD_BYTES (64 * 1024)
#define TP_GUARD_BYTE 0xA5

/* Checks the two guard zones of an output of out_bytes bytes: `before`
 * and `after` hold TP_GUARD_BYTES bytes each, copied back from the GPU.
 * Adds what it finds to chk->outside and chk->first_outside (and counts
 * each such output as one more mismatch, so that nothing reads it as
 * correct). Returns the number of bytes that changed. */
size_t tp_check_guards(tp_check_result *chk, const unsigned char *before,
                       const unsigned char *after, size_t out_bytes);

/* Compares got with ref (n elements) bit for bit, every element, once. */
tp_check_result tp_compare(const float *got, const float *ref, size_t n);

/* Prints what tp_compare found, one line per wrong element it kept:
 *   (row, col): expected <value> [input (r, c)], got <value> [what it is]
 * then a summary line with the counts. in_rows x in_cols is the input's
 * shape; op says whether the output has that shape or its transpose. */
void tp_print_mismatches(FILE *f, const tp_check_result *chk, const float *got,
                         const float *ref, long in_rows, long in_cols, tp_op op);

/* Formats the mismatch at output index i as one such line into buf.
 * Returns buf. */
const char *tp_format_mismatch(char *buf, size_t len, size_t i, const float *got,
                               const float *ref, long in_rows, long in_cols, tp_op op);

/* Describes the value v in words: "input (r, c)", "never written (poison)",
 * "NaN", or "not from the input". Writes into buf and returns it. When the
 * input is larger than TP_DISTINCT_VALUES, several elements hold v; the
 * one named is the one nearest to linear input index `near` (pass the
 * index the element should have come from; -1 for none). */
const char *tp_describe_value(float v, long in_rows, long in_cols, long long near, char *buf,
                              size_t len);

/* ---- Other element sizes (chapter 10) ----------------------------------------
 *
 * The same check for elements of 1, 2, 4 or 8 bytes, on raw bytes: every
 * element is compared bit for bit, and the input's bits still say where
 * they came from. Element size 4 is exactly the float32 functions above.
 * Input element i holds (tp_input_bits):
 *   8 bytes: the double i, exact and distinct up to 2^53 elements;
 *   4 bytes: tp_input_value(i), as above;
 *   2 bytes: i mod 65521, 1 byte: i mod 251. Two or one bytes cannot be
 *            distinct in a large matrix, so the values repeat with a prime
 *            period (a power-of-two shape never lines the repeats up along
 *            its rows or columns), and a wrong value is named by the input
 *            element nearest to where it should have come from. No input
 *            element is 0xFFFF or 0xFF, so the poison (all bytes 0xFF)
 *            always means "never written". */
#define TP_PERIOD_16 65521u   /* the largest prime below 2^16 */
#define TP_PERIOD_8 251u      /* the largest prime below 2^8  */

/* 1 if a kernel table may use this element size (1, 2, 4 or 8 bytes). */
int tp_elem_bytes_ok(int elem_bytes);

/* What the table calls elements of this size: "uint8", "16-bit", "float32",
 * "float64". */
const char *tp_elem_name(int elem_bytes);

/* The raw bits of input element i, in the low elem_bytes bytes. */
uint64_t tp_input_bits(size_t i, int elem_bytes);

/* The smallest linear input index whose element has these bits, or -1 if
 * none has (poison, NaN, a fraction, ...). */
long long tp_source_of_bits(uint64_t bits, int elem_bytes);

/* The _bytes versions of the functions above: the matrices are arrays of
 * elem_bytes-byte elements, n or rows x cols of them. */
void tp_fill_input_bytes(void *in, long rows, long cols, int elem_bytes);
void tp_reference_bytes(const void *in, void *ref, long rows, long cols, tp_op op,
                        int elem_bytes);
tp_check_result tp_compare_bytes(const void *got, const void *ref, size_t n, int elem_bytes);
void tp_print_mismatches_bytes(FILE *f, const tp_check_result *chk, const void *got,
                               const void *ref, long in_rows, long in_cols, tp_op op,
                               int elem_bytes);
const char *tp_format_mismatch_bytes(char *buf, size_t len, size_t i, const void *got,
                                     const void *ref, long in_rows, long in_cols, tp_op op,
                                     int elem_bytes);

/* Describes an element's bits like tp_describe_value: "input (r, c)" (the
 * holder nearest to linear input index `near` when several hold them),
 * "never written", "NaN" or "not from the input". */
const char *tp_describe_bits(uint64_t bits, int elem_bytes, long in_rows, long in_cols,
                             long long near, char *buf, size_t len);

/* ---- 3-D permutations (chapter 11's lesson) ---------------------------------
 *
 * A tensor of d[0] x d[1] x d[2] float32 elements, row-major (d[2] is the
 * fastest axis), filled like a matrix: element (i0, i1, i2) holds
 * tp_input_value((i0 * d[1] + i1) * d[2] + i2). A permutation p says which
 * input axis each output axis runs over: the output has shape
 * d[p[0]] x d[p[1]] x d[p[2]], and out[j0][j1][j2] = in[i0][i1][i2] where
 * j_k = i_{p[k]}. (0, 2, 1) transposes every matrix of a batch; (0, 1, 2)
 * copies. A 2-D transpose is (0, 2, 1) with d[0] = 1. The harness checks
 * every rank with tp_problem_reference (problem.h), the same map for 1 to
 * 4 axes; these three are the readable 3-D version the lesson shows, and
 * tests/test_permute.cu checks the two agree. */

/* 1 if p holds 0, 1 and 2, each once. */
int tp_perm_ok(const int p[3]);

/* The output's shape: e[k] = d[p[k]]. */
void tp_permute_shape(const long d[3], const int p[3], long e[3]);

/* The CPU reference of permutation p. */
void tp_reference_permute(const float *in, float *ref, const long d[3], const int p[3]);

/* ---- Problems of 1 to 4 axes, any element size (chapter 11) -------------------
 *
 * The check of a tp_problem (problem.h) of 1-, 2-, 4- or 8-byte elements
 * (16 bytes are not checked here): its input is filled like a matrix
 * (tp_fill_input_bytes; linear input element i holds tp_input_bits(i)),
 * the output is compared bit for bit with tp_problem_reference by
 * tp_compare_bytes (which needs no shape), and a wrong element is named by
 * its coordinates on both sides:
 *   (j0, j1, j2): expected <value> [input (i0, i1, i2)], got <value> [...]
 * A value is printed as float32 (%.9g) or float64 for 4 and 8 bytes, in
 * hex for 1 and 2. A matrix is the problem of rank 2 with perm (0, 1) (a
 * copy) or (1, 0) (a transpose): the 2-D functions above print through
 * these. */

/* A rows x cols matrix as a problem: rank 2, perm (0, 1) for a copy,
 * (1, 0) for a transpose. */
tp_problem tp_matrix_problem(long rows, long cols, tp_op op, int elem_bytes);

/* "input (i0, i1, ...)" (the holder nearest to linear input index `near`
 * when several hold these bits), "never written", "NaN" or "not from the
 * input". Returns buf. */
const char *tp_describe_bits_nd(uint64_t bits, const tp_problem *p, long long near, char *buf,
                                size_t len);

/* The mismatch at linear output index i as the line above. Returns buf. */
const char *tp_format_mismatch_nd(char *buf, size_t len, size_t i, const void *got,
                                  const void *ref, const tp_problem *p);

/* One such line per wrong element chk kept, then the counts:
 *   "N of M elements wrong (U never written) in the A x B x C output" */
void tp_print_mismatches_nd(FILE *f, const tp_check_result *chk, const void *got,
                            const void *ref, const tp_problem *p);

#ifdef __cplusplus
}
#endif

#endif
