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

static long long nearest_source(long long src, long long near, long long n)
{
    return nearest_source_in(src, near, n, (long long)TP_DISTINCT_VALUES);
}

const char *tp_describe_value(float v, long in_rows, long in_cols, long long near, char *buf,
                              size_t len)
{
    long long n = (long long)in_rows * in_cols;
    long long src = tp_source_of(v);

    if (bits_of(v) == TP_POISON_BITS)
        snprintf(buf, len, "never written");
    else if (isnan(v))
        snprintf(buf, len, "NaN");
    else if (src < 0 || src >= n)
        snprintf(buf, len, "not from the input");
    else {
        src = nearest_source(src, near, n);
        snprintf(buf, len, "input (%lld, %lld)%s", src / in_cols, src % in_cols,
                 n > (long long)TP_DISTINCT_VALUES ? ", or another holding the same value" : "");
    }
    return buf;
}

const char *tp_format_mismatch(char *buf, size_t len, size_t i, const float *got,
                               const float *ref, long in_rows, long in_cols, tp_op op)
{
    long out_cols = op == TP_COPY ? in_cols : in_rows;
    long r = (long)(i / (size_t)out_cols), c = (long)(i % (size_t)out_cols);
    /* the input element that belongs here: (r, c) of a copy, (c, r) of a transpose */
    long long source = op == TP_COPY ? (long long)i : (long long)c * in_cols + r;
    char want[96], have[96];
    snprintf(buf, len, "(%ld, %ld): expected %.9g [%s], got %.9g [%s]", r, c,
             ref[i], tp_describe_value(ref[i], in_rows, in_cols, source, want, sizeof want),
             got[i], tp_describe_value(got[i], in_rows, in_cols, source, have, sizeof have));
    return buf;
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
    /* The output's shape: the input's for a copy, swapped for a transpose. */
    long out_rows = op == TP_COPY ? in_rows : in_cols;
    long out_cols = op == TP_COPY ? in_cols : in_rows;
    char line[320];
    int k;

    if (chk->mismatches == 0)
        return;
    for (k = 0; k < chk->reported; k++)
        fprintf(f, "    %s\n", tp_format_mismatch(line, sizeof line, chk->first[k], got, ref,
                                                  in_rows, in_cols, op));
    fprintf(f, "    %zu of %zu elements wrong (%zu never written) in the %ld x %ld output\n",
            chk->mismatches, (size_t)out_rows * (size_t)out_cols, chk->unwritten, out_rows,
            out_cols);
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
    for (i = 0; i < n; i++) {
        uint64_t g = load_bits(got, i, elem_bytes);
        if (g == load_bits(ref, i, elem_bytes))
            continue;
        if (res.reported < TP_MAX_REPORTED)
            res.first[res.reported++] = i;
        res.mismatches++;
        if (g == poison)
            res.unwritten++;
    }
    return res;
}

const char *tp_describe_bits(uint64_t bits, int elem_bytes, long in_rows, long in_cols,
                             long long near, char *buf, size_t len)
{
    long long n = (long long)in_rows * in_cols, P = period_of(elem_bytes);
    long long src = tp_source_of_bits(bits, elem_bytes);
    double d;

    if (elem_bytes == 4)
        return tp_describe_value(float_of((uint32_t)bits), in_rows, in_cols, near, buf, len);
    memcpy(&d, &bits, 8);
    if (bits == poison_bits(elem_bytes))
        snprintf(buf, len, "never written");
    else if (elem_bytes == 8 && isnan(d))
        snprintf(buf, len, "NaN");
    else if (src < 0 || src >= n)
        snprintf(buf, len, "not from the input");
    else {
        if (P > 0)
            src = nearest_source_in(src, near, n, P);
        snprintf(buf, len, "input (%lld, %lld)%s", src / in_cols, src % in_cols,
                 P > 0 && n > P ? ", or another holding the same value" : "");
    }
    return buf;
}

/* An element's bits as the report prints them: a double as its value, a
 * 1- or 2-byte element in hex (it may be half, bfloat16 or anything). */
static const char *show_bits(uint64_t bits, int elem_bytes, char *buf, size_t len)
{
    double d;
    if (elem_bytes == 8) {
        memcpy(&d, &bits, 8);
        snprintf(buf, len, "%.17g", d);
    } else {
        snprintf(buf, len, "0x%0*llx", 2 * elem_bytes, (unsigned long long)bits);
    }
    return buf;
}

const char *tp_format_mismatch_bytes(char *buf, size_t len, size_t i, const void *got,
                                     const void *ref, long in_rows, long in_cols, tp_op op,
                                     int elem_bytes)
{
    long out_cols = op == TP_COPY ? in_cols : in_rows;
    long r = (long)(i / (size_t)out_cols), c = (long)(i % (size_t)out_cols);
    long long source = op == TP_COPY ? (long long)i : (long long)c * in_cols + r;
    uint64_t want = load_bits(ref, i, elem_bytes), have = load_bits(got, i, elem_bytes);
    char want_v[32], have_v[32], want_s[96], have_s[96];

    if (elem_bytes == 4)
        return tp_format_mismatch(buf, len, i, (const float *)got, (const float *)ref, in_rows,
                                  in_cols, op);
    snprintf(buf, len, "(%ld, %ld): expected %s [%s], got %s [%s]", r, c,
             show_bits(want, elem_bytes, want_v, sizeof want_v),
             tp_describe_bits(want, elem_bytes, in_rows, in_cols, source, want_s, sizeof want_s),
             show_bits(have, elem_bytes, have_v, sizeof have_v),
             tp_describe_bits(have, elem_bytes, in_rows, in_cols, source, have_s, sizeof have_s));
    return buf;
}

void tp_print_mismatches_bytes(FILE *f, const tp_check_result *chk, const void *got,
                               const void *ref, long in_rows, long in_cols, tp_op op,
                               int elem_bytes)
{
    long out_rows = op == TP_COPY ? in_rows : in_cols;
    long out_cols = op == TP_COPY ? in_cols : in_rows;
    char line[320];
    int k;

    if (elem_bytes == 4) {
        tp_print_mismatches(f, chk, (const float *)got, (const float *)ref, in_rows, in_cols, op);
        return;
    }
    if (chk->mismatches == 0)
        return;
    for (k = 0; k < chk->reported; k++)
        fprintf(f, "    %s\n", tp_format_mismatch_bytes(line, sizeof line, chk->first[k], got,
                                                         ref, in_rows, in_cols, op, elem_bytes));
    fprintf(f, "    %zu of %zu elements wrong (%zu never written) in the %ld x %ld output\n",
            chk->mismatches, (size_t)out_rows * (size_t)out_cols, chk->unwritten, out_rows,
            out_cols);
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

const char *tp_describe_value3(float v, const long d[3], long long near, char *buf, size_t len)
{
    long long n = (long long)d[0] * d[1] * d[2];
    long long src = tp_source_of(v);

    if (bits_of(v) == TP_POISON_BITS)
        snprintf(buf, len, "never written");
    else if (isnan(v))
        snprintf(buf, len, "NaN");
    else if (src < 0 || src >= n)
        snprintf(buf, len, "not from the input");
    else {
        src = nearest_source(src, near, n);
        snprintf(buf, len, "input (%lld, %lld, %lld)%s", src / (d[1] * d[2]),
                 src / d[2] % d[1], src % d[2],
                 n > (long long)TP_DISTINCT_VALUES ? ", or another holding the same value" : "");
    }
    return buf;
}

const char *tp_format_mismatch3(char *buf, size_t len, size_t i, const float *got,
                                const float *ref, const long d[3], const int p[3])
{
    long e[3], j[3], src[3];
    long long source;
    char want[96], have[96];
    int k;

    tp_permute_shape(d, p, e);
    j[2] = (long)(i % (size_t)e[2]);
    j[1] = (long)(i / (size_t)e[2] % (size_t)e[1]);
    j[0] = (long)(i / (size_t)e[2] / (size_t)e[1]);
    for (k = 0; k < 3; k++)   /* output index j[k] runs over input axis p[k] */
        src[p[k]] = j[k];
    source = ((long long)src[0] * d[1] + src[1]) * d[2] + src[2];
    snprintf(buf, len, "(%ld, %ld, %ld): expected %.9g [%s], got %.9g [%s]", j[0], j[1], j[2],
             ref[i], tp_describe_value3(ref[i], d, source, want, sizeof want),
             got[i], tp_describe_value3(got[i], d, source, have, sizeof have));
    return buf;
}

void tp_print_mismatches3(FILE *f, const tp_check_result *chk, const float *got,
                          const float *ref, const long d[3], const int p[3])
{
    long e[3];
    char line[320];
    int k;

    if (chk->mismatches == 0)
        return;
    tp_permute_shape(d, p, e);
    for (k = 0; k < chk->reported; k++)
        fprintf(f, "    %s\n", tp_format_mismatch3(line, sizeof line, chk->first[k], got, ref,
                                                    d, p));
    fprintf(f, "    %zu of %zu elements wrong (%zu never written) in the %ld x %ld x %ld "
            "output\n", chk->mismatches, (size_t)e[0] * (size_t)e[1] * (size_t)e[2],
            chk->unwritten, e[0], e[1], e[2]);
}
