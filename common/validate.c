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
static long long nearest_source(long long src, long long near, long long n)
{
    const long long P = (long long)TP_DISTINCT_VALUES;
    long long k, last;

    if (near <= src || n <= P)
        return src;
    k = (near - src + P / 2) / P;      /* the repeat nearest to near */
    last = (n - 1 - src) / P;          /* the last repeat inside the input */
    return src + (k < last ? k : last) * P;
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
