/*
 * validate.c - distinct inputs, the CPU reference, the exact comparison.
 */
#include "validate.h"

#include <math.h>
#include <string.h>

/* 2^24 = 16777216 is the last integer before float32 starts skipping
 * integers; its bit pattern is 0x4B800000. */
#define EXACT_LIMIT ((size_t)1 << 24)
#define EXACT_LIMIT_BITS 0x4B800000u
#define LARGEST_FINITE_BITS 0x7F7FFFFFu

static uint32_t bits_of(float v)     { uint32_t b; memcpy(&b, &v, 4); return b; }
static float    float_of(uint32_t b) { float v;    memcpy(&v, &b, 4); return v; }

float tp_input_value(size_t i)
{
    i %= TP_DISTINCT_VALUES;
    if (i <= EXACT_LIMIT)
        return (float)i;
    /* Past 2^24 step through the bit patterns one by one: each step is the
     * next larger float, so values stay distinct and increasing. */
    return float_of(EXACT_LIMIT_BITS + (uint32_t)(i - EXACT_LIMIT));
}

long long tp_source_of(float v)
{
    uint32_t b = bits_of(v);

    if (b <= EXACT_LIMIT_BITS) {   /* 0.0f up to 2^24, and the positive floats in between */
        if (v != floorf(v))
            return -1;             /* a fraction: no input element holds it */
        return (long long)v;
    }
    if (b <= LARGEST_FINITE_BITS)
        return (long long)EXACT_LIMIT + (long long)(b - EXACT_LIMIT_BITS);
    return -1;                     /* infinity, NaN, or negative */
}

void tp_fill_input(float *in, long rows, long cols)
{
    size_t n = (size_t)rows * (size_t)cols, i;
    for (i = 0; i < n; i++)
        in[i] = tp_input_value(i);
}

void tp_reference(const float *in, float *ref, long rows, long cols, tp_op op)
{
    long r, c, r0, c0;

    if (op == TP_COPY) {
        memcpy(ref, in, (size_t)rows * (size_t)cols * sizeof(float));
        return;
    }
    /* out is cols x rows: out(c, r) = in(r, c). Done in 64 x 64 blocks so
     * the CPU's caches make the reference fast on large matrices. */
    for (r0 = 0; r0 < rows; r0 += 64)
        for (c0 = 0; c0 < cols; c0 += 64)
            for (r = r0; r < rows && r < r0 + 64; r++)
                for (c = c0; c < cols && c < c0 + 64; c++)
                    ref[(size_t)c * rows + r] = in[(size_t)r * cols + c];
}

/* Of the input elements holding the value whose first source is src
 * (src, src + P, src + 2P, ... below n), the one nearest to `near`. */
static long long nearest_source_in(long long src, long long near, long long n, long long P)
{
    long long k, last;

    if (near <= src || n <= P)
        return src;
    k = (near - src + P / 2) / P;      /* the repeat nearest to near */
    last = (n - 1 - src) / P;          /* the last repeat inside the input */
    return src + (k < last ? k : last) * P;
}

/* The float32 functions are the byte functions with 4-byte elements. */
const char *tp_describe_value(float v, long in_rows, long in_cols, long long near, char *buf,
                              size_t len)
{
    return tp_describe_bits(bits_of(v), 4, in_rows, in_cols, near, buf, len);
}

const char *tp_format_mismatch(char *buf, size_t len, size_t i, const float *got,
                               const float *ref, long in_rows, long in_cols, tp_op op)
{
    return tp_format_mismatch_bytes(buf, len, i, got, ref, in_rows, in_cols, op, 4);
}

tp_check_result tp_compare(const float *got, const float *ref, size_t n)
{
    tp_check_result res;
    size_t i;

    memset(&res, 0, sizeof res);
    for (i = 0; i < n; i++) {
        uint32_t g = bits_of(got[i]);
        if (g == bits_of(ref[i]))
            continue;
        if (res.reported < TP_MAX_REPORTED)
            res.first[res.reported++] = i;
        res.mismatches++;
        if (g == TP_POISON_BITS)
            res.unwritten++;
    }
    return res;
}

void tp_print_mismatches(FILE *f, const tp_check_result *chk, const float *got,
                         const float *ref, long in_rows, long in_cols, tp_op op)
{
    tp_print_mismatches_bytes(f, chk, got, ref, in_rows, in_cols, op, 4);
}

/* ---- Other element sizes ------------------------------------------------------ */

#define EXACT_DOUBLE_LIMIT ((long long)1 << 53)   /* doubles hold every integer up to here */

int tp_elem_bytes_ok(int elem_bytes)
{
    return elem_bytes == 1 || elem_bytes == 2 || elem_bytes == 4 || elem_bytes == 8;
}

const char *tp_elem_name(int elem_bytes)
{
    switch (elem_bytes) {
    case 1:  return "uint8";
    case 2:  return "16-bit";
    case 8:  return "float64";
    default: return "float32";
    }
}

/* The repeat period of the values, 0 when every element is distinct. */
static long long period_of(int elem_bytes)
{
    switch (elem_bytes) {
    case 1:  return TP_PERIOD_8;
    case 2:  return TP_PERIOD_16;
    case 4:  return (long long)TP_DISTINCT_VALUES;
    default: return 0;
    }
}

static uint64_t poison_bits(int elem_bytes)
{
    return elem_bytes == 8 ? ~(uint64_t)0 : (((uint64_t)1 << (8 * elem_bytes)) - 1);
}

uint64_t tp_input_bits(size_t i, int elem_bytes)
{
    double d;
    uint64_t b;

    switch (elem_bytes) {
    case 1:  return (uint64_t)(i % TP_PERIOD_8);
    case 2:  return (uint64_t)(i % TP_PERIOD_16);
    case 4:  return bits_of(tp_input_value(i));
    default:
        d = (double)i;
        memcpy(&b, &d, 8);
        return b;
    }
}

long long tp_source_of_bits(uint64_t bits, int elem_bytes)
{
    double d;

    switch (elem_bytes) {
    case 1:  return bits < TP_PERIOD_8 ? (long long)bits : -1;
    case 2:  return bits < TP_PERIOD_16 ? (long long)bits : -1;
    case 4:  return tp_source_of(float_of((uint32_t)bits));
    default:
        memcpy(&d, &bits, 8);
        if (!(d >= 0.0 && d < (double)EXACT_DOUBLE_LIMIT) || d != floor(d))
            return -1;   /* NaN, negative, a fraction, or too large */
        return (long long)d;
    }
}

/* Element i of an array of elem_bytes-byte elements, as bits. */
static uint64_t load_bits(const void *a, size_t i, int elem_bytes)
{
    uint64_t b = 0;
    memcpy(&b, (const unsigned char *)a + i * (size_t)elem_bytes, (size_t)elem_bytes);
    return b;   /* the low bytes on a little-endian host, as on the GPU */
}

void tp_fill_input_bytes(void *in, long rows, long cols, int elem_bytes)
{
    size_t n = (size_t)rows * (size_t)cols, i;
    unsigned char *p = (unsigned char *)in;

    if (elem_bytes == 4) {
        tp_fill_input((float *)in, rows, cols);
        return;
    }
    for (i = 0; i < n; i++) {
        uint64_t b = tp_input_bits(i, elem_bytes);
        memcpy(p + i * (size_t)elem_bytes, &b, (size_t)elem_bytes);
    }
}

void tp_reference_bytes(const void *in, void *ref, long rows, long cols, tp_op op,
                        int elem_bytes)
{
    const unsigned char *src = (const unsigned char *)in;
    unsigned char *dst = (unsigned char *)ref;
    size_t e = (size_t)elem_bytes;
    long r, c, r0, c0;

    if (elem_bytes == 4) {
        tp_reference((const float *)in, (float *)ref, rows, cols, op);
        return;
    }
    if (op == TP_COPY) {
        memcpy(ref, in, (size_t)rows * (size_t)cols * e);
        return;
    }
    for (r0 = 0; r0 < rows; r0 += 64)
        for (c0 = 0; c0 < cols; c0 += 64)
            for (r = r0; r < rows && r < r0 + 64; r++)
                for (c = c0; c < cols && c < c0 + 64; c++)
                    memcpy(dst + ((size_t)c * rows + r) * e, src + ((size_t)r * cols + c) * e, e);
}

size_t tp_check_guards(tp_check_result *chk, const unsigned char *before,
                       const unsigned char *after, size_t out_bytes)
{
    size_t changed = 0, i;
    long long first = 0;

    for (i = 0; i < TP_GUARD_BYTES; i++)   /* nearest the output first */
        if (before[TP_GUARD_BYTES - 1 - i] != TP_GUARD_BYTE && changed++ == 0)
            first = -1 - (long long)i;
    for (i = 0; i < TP_GUARD_BYTES; i++)
        if (after[i] != TP_GUARD_BYTE && changed++ == 0)
            first = (long long)(out_bytes + i);
    if (changed > 0 && chk->outside == 0) {
        chk->first_outside = first;
        chk->mismatches++;
    }
    chk->outside += changed;
    return changed;
}

tp_check_result tp_compare_bytes(const void *got, const void *ref, size_t n, int elem_bytes)
{
    tp_check_result res;
    uint64_t poison = poison_bits(elem_bytes);
    size_t i;

    if (elem_bytes == 4)
        return tp_compare((const float *)got, (const float *)ref, n);
    memset(&res, 0, sizeof res);
    for (i = 0; i < n;) {   /* equal blocks skipped with memcmp, then element by element */
        size_t j, end = n - i < 4096 ? n : i + 4096, e = (size_t)elem_bytes;
        if (memcmp((const char *)got + i * e, (const char *)ref + i * e, (end - i) * e) == 0) {
            i = end;
            continue;
        }
        for (j = i; j < end; j++) {
            uint64_t g = load_bits(got, j, elem_bytes);
            if (g == load_bits(ref, j, elem_bytes))
                continue;
            if (res.reported < TP_MAX_REPORTED)
                res.first[res.reported++] = j;
            res.mismatches++;
            if (g == poison)
                res.unwritten++;
        }
        i = end;
    }
    return res;
}

/* The 2-D reports are the N-D ones (below) of tp_matrix_problem. */
tp_problem tp_matrix_problem(long rows, long cols, tp_op op, int elem_bytes)
{
    const int64_t dims[2] = { rows, cols };
    const int copy[2] = { 0, 1 }, transpose[2] = { 1, 0 };
    return tp_problem_make(2, dims, op == TP_COPY ? copy : transpose, elem_bytes);
}

const char *tp_describe_bits(uint64_t bits, int elem_bytes, long in_rows, long in_cols,
                             long long near, char *buf, size_t len)
{
    tp_problem p = tp_matrix_problem(in_rows, in_cols, TP_COPY, elem_bytes);
    return tp_describe_bits_nd(bits, &p, near, buf, len);
}

const char *tp_format_mismatch_bytes(char *buf, size_t len, size_t i, const void *got,
                                     const void *ref, long in_rows, long in_cols, tp_op op,
                                     int elem_bytes)
{
    tp_problem p = tp_matrix_problem(in_rows, in_cols, op, elem_bytes);
    return tp_format_mismatch_nd(buf, len, i, got, ref, &p);
}

void tp_print_mismatches_bytes(FILE *f, const tp_check_result *chk, const void *got,
                               const void *ref, long in_rows, long in_cols, tp_op op,
                               int elem_bytes)
{
    tp_problem p = tp_matrix_problem(in_rows, in_cols, op, elem_bytes);
    tp_print_mismatches_nd(f, chk, got, ref, &p);
}

/* ---- 3-D permutations (chapter 11) ---------------------------------------- */

int tp_perm_ok(const int p[3])
{
    return p[0] >= 0 && p[0] < 3 && p[1] >= 0 && p[1] < 3 && p[2] >= 0 && p[2] < 3 &&
           p[0] != p[1] && p[0] != p[2] && p[1] != p[2];
}

void tp_permute_shape(const long d[3], const int p[3], long e[3])
{
    int k;
    for (k = 0; k < 3; k++)
        e[k] = d[p[k]];
}

/* Walks the input in order and writes each element where the permutation
 * sends it: output axis k runs over input axis p[k], so input axis a moves
 * with the output stride of the k where p[k] == a. */
void tp_reference_permute(const float *in, float *ref, const long d[3], const int p[3])
{
    long e[3], ostride_out[3], ostride[3];
    long i0, i1, i2;
    int k;

    tp_permute_shape(d, p, e);
    ostride_out[2] = 1;
    ostride_out[1] = e[2];
    ostride_out[0] = e[1] * e[2];
    for (k = 0; k < 3; k++)
        ostride[p[k]] = ostride_out[k];
    for (i0 = 0; i0 < d[0]; i0++)
        for (i1 = 0; i1 < d[1]; i1++)
            for (i2 = 0; i2 < d[2]; i2++)
                ref[i0 * ostride[0] + i1 * ostride[1] + i2 * ostride[2]] =
                    in[(i0 * d[1] + i1) * d[2] + i2];
}

/* ---- Problems of 1 to 4 axes ------------------------------------------------ */

/* The linear input index that holds these bits (the one nearest to `near`
 * when the values repeat), or -1 with *word saying what they are instead. */
static long long decode_bits(uint64_t bits, int elem_bytes, long long n, long long near,
                             const char **word)
{
    long long period = period_of(elem_bytes), src = tp_source_of_bits(bits, elem_bytes);
    double d;

    memcpy(&d, &bits, 8);
    if (bits == poison_bits(elem_bytes))
        *word = "never written";
    else if ((elem_bytes == 4 && isnan(float_of((uint32_t)bits))) ||
             (elem_bytes == 8 && isnan(d)))
        *word = "NaN";
    else if (src < 0 || src >= n)
        *word = "not from the input";
    else
        return period > 0 ? nearest_source_in(src, near, n, period) : src;
    return -1;
}

const char *tp_describe_bits_nd(uint64_t bits, const tp_problem *p, long long near, char *buf,
                                size_t len)
{
    long long n = tp_problem_elements(p), period = period_of(p->elem_bytes);
    const char *word = NULL;
    long long src = decode_bits(bits, p->elem_bytes, n, near, &word);
    char at[128];

    if (src < 0)
        snprintf(buf, len, "%s", word);
    else
        snprintf(buf, len, "%s%s", tp_problem_format_input(p, src, at, sizeof at),
                 period > 0 && n > period ? ", or another holding the same value" : "");
    return buf;
}

/* An element's bits as the report prints them: float32 and float64 as
 * their values, a 1- or 2-byte element in hex (it may be half, bfloat16
 * or anything). */
static const char *show_bits(uint64_t bits, int elem_bytes, char *buf, size_t len)
{
    double d;
    memcpy(&d, &bits, 8);
    if (elem_bytes == 4)
        snprintf(buf, len, "%.9g", float_of((uint32_t)bits));
    else if (elem_bytes == 8)
        snprintf(buf, len, "%.17g", d);
    else
        snprintf(buf, len, "0x%0*llx", 2 * elem_bytes, (unsigned long long)bits);
    return buf;
}

const char *tp_format_mismatch_nd(char *buf, size_t len, size_t i, const void *got,
                                  const void *ref, const tp_problem *p)
{
    /* the input element that belongs at output index i */
    long long source = tp_problem_source(p, (int64_t)i);
    uint64_t want = load_bits(ref, i, p->elem_bytes), have = load_bits(got, i, p->elem_bytes);
    char at[96], want_v[32], have_v[32], want_s[128], have_s[128];

    snprintf(buf, len, "%s: expected %s [%s], got %s [%s]",
             tp_problem_format_output(p, (int64_t)i, at, sizeof at),
             show_bits(want, p->elem_bytes, want_v, sizeof want_v),
             tp_describe_bits_nd(want, p, source, want_s, sizeof want_s),
             show_bits(have, p->elem_bytes, have_v, sizeof have_v),
             tp_describe_bits_nd(have, p, source, have_s, sizeof have_s));
    return buf;
}

void tp_print_mismatches_nd(FILE *f, const tp_check_result *chk, const void *got,
                            const void *ref, const tp_problem *p)
{
    int64_t out_dims[TP_MAX_RANK];
    char line[400], shape[96];
    int k;

    if (chk->mismatches == 0)
        return;
    for (k = 0; k < chk->reported; k++)
        fprintf(f, "    %s\n", tp_format_mismatch_nd(line, sizeof line, chk->first[k], got, ref,
                                                     p));
    tp_problem_out_dims(p, out_dims);
    fprintf(f, "    %zu of %zu elements wrong (%zu never written) in the %s output\n",
            chk->mismatches, (size_t)tp_problem_elements(p), chk->unwritten,
            tp_format_dims(out_dims, p->rank, shape, sizeof shape));
}
