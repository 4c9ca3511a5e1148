/*
 * test_problem.c - unit tests of common/problem.c, the model of one
 * transpose problem (no GPU needed): every error with its words, parsing
 * --size and --perm strings, strides and the index map, simplification,
 * the CPU reference for every element size, and naming an element by its
 * coordinates. Random cases come from a fixed starting value, so a failure repeats.
 *
 * Prints one line per test, "PASS  problem: name" or "FAIL  problem: name:
 * why", which tests/run.sh counts. Exit status 1 if any test failed.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "problem.h"
#include "validate.h"

#define UNIT_PREFIX "problem"
#include "unit.h"   /* EXPECT, run(), failures */

static const int sizes[5] = { 1, 2, 4, 8, 16 };


/* Rank, element size, and every entry up to the rank (and zeros past it,
 * which tp_problem_simplify promises) are equal. */
static int same(const tp_problem *a, const tp_problem *b)
{
    int k;
    if (a->rank != b->rank || a->elem_bytes != b->elem_bytes)
        return 0;
    for (k = 0; k < TP_MAX_RANK; k++)
        if (a->dims[k] != b->dims[k] || a->perm[k] != b->perm[k])
            return 0;
    return 1;
}

static const char *show(const tp_problem *p)
{
    static char buf[4][160];
    static int k;
    k = (k + 1) % 4;   /* a few at once in one message */
    return tp_problem_format(p, buf[k], sizeof buf[k]);
}

/* Element k of a test input: bytes that differ from every other element
 * (byte 0 is k mod 256) and from each other inside the element, so a
 * reference that moved part of an element, or the wrong one, shows. */
static void fill_distinct(unsigned char *in, int64_t n, int e)
{
    int64_t k;
    int b;
    for (k = 0; k < n; k++)
        for (b = 0; b < e; b++)
            in[k * e + b] = (unsigned char)(k + 31 * b + 7 * (k >> 8));
}

/* ---- errors --------------------------------------------------------------------- */

static int test_status_texts(void)
{
    int s, t;
    for (s = TP_OK; s <= TP_ERR_SYNTAX; s++) {
        const char *a = tp_status_text((tp_status)s);
        EXPECT(a != NULL && strlen(a) > 3, "status %d has no text", s);
        EXPECT(strcmp(a, "unknown status") != 0, "status %d is unknown to tp_status_text", s);
        for (t = TP_OK; t < s; t++)
            EXPECT(strcmp(a, tp_status_text((tp_status)t)) != 0, "statuses %d and %d say the "
                   "same: '%s'", t, s, a);
    }
    EXPECT(strcmp(tp_status_text((tp_status)99), "unknown status") == 0, "status 99");
    return 1;
}

/* Every bad problem is refused with its code and a message that names
 * what is wrong. */
static int test_check_errors(void)
{
    static const struct {
        int rank; int64_t dims[4]; int perm[4]; int e;
        tp_status want; const char *says;
    } bad[] = {
        { 0, { 1 }, { 0 }, 4, TP_ERR_RANK, "rank 0: a problem has 1 to 4 axes" },
        { 5, { 1, 1, 1, 1 }, { 0, 1, 2, 3 }, 4, TP_ERR_RANK, "rank 5" },
        { -1, { 1 }, { 0 }, 4, TP_ERR_RANK, "1 to 4 axes" },
        { 2, { 3, 5 }, { 1, 0 }, 3, TP_ERR_ELEM_BYTES, "element size 3 bytes: must be 1, 2, 4, 8 or 16" },
        { 2, { 3, 5 }, { 1, 0 }, 0, TP_ERR_ELEM_BYTES, "element size 0 bytes" },
        { 2, { 3, 5 }, { 1, 0 }, 32, TP_ERR_ELEM_BYTES, "element size 32 bytes" },
        { 3, { 4, 0, 3 }, { 0, 2, 1 }, 4, TP_ERR_DIM, "axis 1 of 4 x 0 x 3 must be at least 1, got 0" },
        { 1, { -5 }, { 0 }, 1, TP_ERR_DIM, "axis 0 of -5 must be at least 1, got -5" },
        { 3, { 2, 3, 4 }, { 0, 0, 2 }, 4, TP_ERR_PERM, "perm {0,0,2} uses axis 0 twice and never axis 1" },
        { 3, { 2, 3, 4 }, { 1, 1, 1 }, 4, TP_ERR_PERM, "perm {1,1,1} uses axis 1 three times and never axis 0" },
        { 4, { 2, 3, 4, 5 }, { 3, 2, 3, 0 }, 4, TP_ERR_PERM, "uses axis 3 twice and never axis 1" },
        { 3, { 2, 3, 4 }, { 0, 1, 5 }, 4, TP_ERR_PERM,
          "perm {0,1,5} names axis 5, but a rank-3 problem has axes 0 to 2" },
        { 2, { 2, 3 }, { -1, 0 }, 4, TP_ERR_PERM, "perm {-1,0} names axis -1" },
        { 1, { 7 }, { 1 }, 4, TP_ERR_PERM, "perm {1} names axis 1, but a rank-1 problem has only axis 0" },
        /* 2^63 bytes: one more than an int64_t holds. */
        { 2, { (int64_t)1 << 62, 2 }, { 1, 0 }, 1, TP_ERR_TOO_LARGE, "too large: more than 9223372036854775807 bytes" },
        { 2, { (int64_t)1 << 61, 2 }, { 1, 0 }, 2, TP_ERR_TOO_LARGE, "of 2-byte elements is too large" },
        { 3, { (int64_t)1 << 31, (int64_t)1 << 31, 4 }, { 0, 2, 1 }, 4, TP_ERR_TOO_LARGE,
          "2147483648 x 2147483648 x 4 of 4-byte elements is too large" },
        { 2, { INT64_MAX, INT64_MAX }, { 1, 0 }, 16, TP_ERR_TOO_LARGE, "too large" },
        { 4, { 65536, 65536, 65536, 65536 }, { 3, 2, 1, 0 }, 1, TP_ERR_TOO_LARGE, "too large" },
        { 1, { INT64_MAX }, { 0 }, 2, TP_ERR_TOO_LARGE, "too large" },
    };
    size_t i;
    char msg[256];
    tp_status s;

    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tp_problem p = tp_problem_make(bad[i].rank < 0 || bad[i].rank > 4 ? 4 : bad[i].rank,
                                       bad[i].dims, bad[i].perm, bad[i].e);
        p.rank = bad[i].rank;
        strcpy(msg, "(nothing)");
        s = tp_problem_check(&p, msg, sizeof msg);
        EXPECT(s == bad[i].want, "case %zu: got code %d (%s), want %d; message '%s'", i, s,
               tp_status_text(s), bad[i].want, msg);
        EXPECT(strstr(msg, bad[i].says) != NULL, "case %zu said '%s', want it to mention '%s'", i,
               msg, bad[i].says);
        EXPECT(tp_problem_check(&p, NULL, 0) == s, "case %zu: no message buffer changes the code",
               i);
    }
    s = tp_problem_check(NULL, msg, sizeof msg);
    EXPECT(s == TP_ERR_NULL && strstr(msg, "null pointer"), "a NULL problem: %d '%s'", s, msg);
    s = tp_perm_check(NULL, 2, msg, sizeof msg);
    EXPECT(s == TP_ERR_NULL && strstr(msg, "perm is a null pointer"), "a NULL perm: '%s'", msg);
    /* A short buffer gets a cut message, never an overrun. */
    {
        tp_problem p =
            tp_problem_make(3, (const int64_t[]){ 2, 3, 4 }, (const int[]){ 0, 0, 2 }, 4);
        char small[12];
        memset(small, 'Z', sizeof small);
        EXPECT(tp_problem_check(&p, small, 8) == TP_ERR_PERM && strlen(small) == 7 &&
               small[8] == 'Z', "an 8-byte message buffer holds '%s'", small);
    }
    return 1;
}

static int test_check_accepts(void)
{
    static const struct { int rank; int64_t dims[4]; int perm[4]; int e; } good[] = {
        { 1, { 1 }, { 0 }, 1 },
        { 2, { 8192, 8192 }, { 1, 0 }, 4 },
        { 3, { 64, 17, 83 }, { 0, 2, 1 }, 16 },
        { 4, { 2, 3, 4, 5 }, { 3, 2, 1, 0 }, 8 },
        { 4, { 2, 3, 4, 5 }, { 0, 1, 2, 3 }, 2 },
        /* The largest: 2^62 elements of 1 byte, and INT64_MAX bytes. */
        { 2, { (int64_t)1 << 61, 2 }, { 1, 0 }, 1 },
        { 1, { INT64_MAX }, { 0 }, 1 },
        { 2, { ((int64_t)1 << 59) - 1, 1 }, { 1, 0 }, 16 },
    };
    size_t i;
    for (i = 0; i < sizeof good / sizeof good[0]; i++) {
        tp_problem p = tp_problem_make(good[i].rank, good[i].dims, good[i].perm, good[i].e);
        char msg[256] = "untouched";
        tp_status s = tp_problem_check(&p, msg, sizeof msg);
        EXPECT(s == TP_OK, "%s refused: %s", show(&p), msg);
        EXPECT(strcmp(msg, "untouched") == 0, "a good problem wrote a message: '%s'", msg);
    }
    return 1;
}

static int test_buffers_check(void)
{
    static unsigned char buf[256];
    char msg[256];
    tp_status s;

    EXPECT(tp_buffers_check(buf, buf + 64, 64, msg, sizeof msg) == TP_OK,
           "adjacent buffers refused: %s", msg);
    EXPECT(tp_buffers_check(buf + 64, buf, 64, msg, sizeof msg) == TP_OK,
           "adjacent buffers (output first) refused: %s", msg);
    s = tp_buffers_check(NULL, buf, 64, msg, sizeof msg);
    EXPECT(s == TP_ERR_NULL && strstr(msg, "the input is a null pointer"), "NULL in: '%s'", msg);
    s = tp_buffers_check(buf, NULL, 64, msg, sizeof msg);
    EXPECT(s == TP_ERR_NULL && strstr(msg, "the output is a null pointer"), "NULL out: '%s'", msg);
    s = tp_buffers_check(buf, buf, 64, msg, sizeof msg);
    EXPECT(s == TP_ERR_OVERLAP && strstr(msg, "the same 64 bytes"), "in == out: '%s'", msg);
    s = tp_buffers_check(buf, buf + 63, 64, msg, sizeof msg);
    EXPECT(s == TP_ERR_OVERLAP && strstr(msg, "overlap: the output starts 63 bytes after the "
           "input, and each holds 64 bytes"), "out inside in: '%s'", msg);
    s = tp_buffers_check(buf + 10, buf, 64, msg, sizeof msg);
    EXPECT(s == TP_ERR_OVERLAP && strstr(msg, "10 bytes before the input"), "out before in: '%s'",
           msg);
    EXPECT(tp_buffers_check(buf, buf, 0, msg, sizeof msg) == TP_OK, "0 bytes cannot overlap");
    /* Near the top of the address space, where in + bytes would wrap. */
    s = tp_buffers_check((void *)(UINTPTR_MAX - 15), (void *)(UINTPTR_MAX - 31), 64, msg,
                         sizeof msg);
    EXPECT(s == TP_ERR_OVERLAP, "ranges at the top of memory: %d '%s'", s, msg);
    return 1;
}

/* ---- parsing ---------------------------------------------------------------------- */

static int test_parse_dims_good(void)
{
    static const struct { const char *s; int rank; int64_t dims[4]; } good[] = {
        { "8192x8192", 2, { 8192, 8192 } },
        { "5", 1, { 5 } },
        { "17X83", 2, { 17, 83 } },
        { "64x17x83", 3, { 64, 17, 83 } },
        { "2x3x4x5", 4, { 2, 3, 4, 5 } },
        { "1x1x1x1", 4, { 1, 1, 1, 1 } },
        { "9223372036854775807", 1, { INT64_MAX } },
        { "3037000499x3037000499", 2, { 3037000499, 3037000499 } },   /* just fits */
    };
    size_t i;
    for (i = 0; i < sizeof good / sizeof good[0]; i++) {
        int64_t d[4] = { -9, -9, -9, -9 };
        int r = -9, a;
        char msg[256] = "";
        tp_status s = tp_parse_dims("--size", good[i].s, &r, d, msg, sizeof msg);
        EXPECT(s == TP_OK, "'%s' refused: %s", good[i].s, msg);
        EXPECT(r == good[i].rank, "'%s' has rank %d, want %d", good[i].s, r, good[i].rank);
        for (a = 0; a < r; a++)
            EXPECT(d[a] == good[i].dims[a], "'%s' axis %d is %lld", good[i].s, a, (long long)d[a]);
        EXPECT(r == 4 || d[r] == -9, "'%s' wrote past its rank", good[i].s);
    }
    return 1;
}

/* The command line's words (tests/test_host.c, test_cli_errors). */
static int test_parse_dims_bad(void)
{
    static const struct { const char *s; tp_status want; const char *says; } bad[] = {
        { "", TP_ERR_SYNTAX, "--size needs a value such as 8192x8192" },
        { NULL, TP_ERR_SYNTAX, "--size needs a value" },
        { "0x5", TP_ERR_DIM, "--size axis 0 must be at least 1, got '0'" },
        { "5x0", TP_ERR_DIM, "--size axis 1 must be at least 1, got '0'" },
        { "-5x3", TP_ERR_DIM, "at least 1" },
        { "2x3x-1", TP_ERR_DIM, "--size axis 2 must be at least 1, got '-1'" },
        { "abc", TP_ERR_SYNTAX, "--size axis 0 must be a whole number, got 'abc'" },
        { "12x", TP_ERR_SYNTAX, "--size axis 1 needs a value" },
        { "x12", TP_ERR_SYNTAX, "--size axis 0 needs a value" },
        { "4xx4", TP_ERR_SYNTAX, "--size axis 1 needs a value" },
        { "12x3q", TP_ERR_SYNTAX, "--size axis 1 must be a whole number, got '3q'" },
        { "1.5x3", TP_ERR_SYNTAX, "whole number, got '1.5'" },
        { " 4x4", TP_ERR_SYNTAX, "whole number" },
        { "4x 4", TP_ERR_SYNTAX, "whole number" },
        { "4,4", TP_ERR_SYNTAX, "whole number" },
        { "1x2x3x4x5", TP_ERR_RANK, "--size '1x2x3x4x5' has 5 axes; at most 4" },
        { "99999999999999999999x3", TP_ERR_TOO_LARGE,
          "--size axis 0 is too large: '99999999999999999999' (at most 9223372036854775807)" },
        { "-99999999999999999999", TP_ERR_DIM, "at least 1" },
        { "3037000500x3037000500", TP_ERR_TOO_LARGE,
          "--size 3037000500 x 3037000500 is too large: more than 9223372036854775807 elements" },
        { "65536x65536x65536x65536", TP_ERR_TOO_LARGE, "too large" },
    };
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int64_t d[4] = { -9, -9, -9, -9 };
        int r = -9;
        char msg[256] = "";
        tp_status s = tp_parse_dims("--size", bad[i].s, &r, d, msg, sizeof msg);
        EXPECT(s == bad[i].want, "'%s' gave code %d (%s), want %d", bad[i].s ? bad[i].s : "NULL",
               s, msg, bad[i].want);
        EXPECT(strstr(msg, bad[i].says) != NULL, "'%s' said '%s', want it to mention '%s'",
               bad[i].s ? bad[i].s : "NULL", msg, bad[i].says);
        EXPECT(r == -9 && d[0] == -9, "'%s' changed rank or dims although refused",
               bad[i].s ? bad[i].s : "NULL");
    }
    return 1;
}

static int test_parse_perm(void)
{
    static const struct { const char *s; int rank; int perm[4]; } good[] = {
        { "1,0", 2, { 1, 0 } }, { "0,2,1", 3, { 0, 2, 1 } }, { "3,2,1,0", 4, { 3, 2, 1, 0 } },
        { "0", 1, { 0 } }, { "2,0,1", 3, { 2, 0, 1 } },
    };
    static const struct { const char *s; int rank; tp_status want; const char *says; } bad[] = {
        { "0,0,2", 3, TP_ERR_PERM, "--perm '0,0,2' uses axis 0 twice and never axis 1" },
        { "2,2,2,1", 4, TP_ERR_PERM, "uses axis 2 three times and never axis 0" },
        { "0,1", 3, TP_ERR_PERM, "--perm '0,1' names 2 axes, but the shape has 3" },
        { "021", 3, TP_ERR_PERM, "--perm '021' names 1 axis, but the shape has 3" },
        { "1,0,", 2, TP_ERR_PERM, "names 3 axes" },
        { "0,1,3", 3, TP_ERR_PERM, "--perm entry 2 is too large: '3' (at most 2)" },
        { "0,-1,2", 3, TP_ERR_PERM, "--perm entry 1 must be at least 0, got '-1'" },
        { "0,a,2", 3, TP_ERR_SYNTAX, "--perm entry 1 must be a whole number, got 'a'" },
        { "0,,2", 3, TP_ERR_SYNTAX, "--perm entry 1 needs a value" },
        { "1, 0", 2, TP_ERR_SYNTAX, "whole number" },
        { "", 2, TP_ERR_SYNTAX, "--perm needs a value such as 1,0" },
        { "0,1,2,3,4", 5, TP_ERR_RANK, "rank 5" },
        { "99999999999999999999,0", 2, TP_ERR_PERM, "too large" },
    };
    size_t i;
    int k;
    for (i = 0; i < sizeof good / sizeof good[0]; i++) {
        int p[4] = { -9, -9, -9, -9 };
        char msg[256] = "";
        EXPECT(tp_parse_perm("--perm", good[i].s, good[i].rank, p, msg, sizeof msg) == TP_OK,
               "'%s' refused: %s", good[i].s, msg);
        for (k = 0; k < good[i].rank; k++)
            EXPECT(p[k] == good[i].perm[k], "'%s' entry %d is %d", good[i].s, k, p[k]);
    }
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int p[4] = { -9, -9, -9, -9 };
        char msg[256] = "";
        tp_status s = tp_parse_perm("--perm", bad[i].s, bad[i].rank, p, msg, sizeof msg);
        EXPECT(s == bad[i].want, "'%s' gave code %d (%s), want %d", bad[i].s, s, msg, bad[i].want);
        EXPECT(strstr(msg, bad[i].says) != NULL, "'%s' said '%s', want it to mention '%s'",
               bad[i].s, msg, bad[i].says);
        EXPECT(p[0] == -9, "'%s' changed perm although refused", bad[i].s);
    }
    return 1;
}

/* ---- shape arithmetic and the index map ------------------------------------------- */

static int test_strides(void)
{
    tp_problem p = tp_problem_make(3, (const int64_t[]){ 2, 3, 4 }, (const int[]){ 2, 0, 1 }, 8);
    int64_t od[4], is[4], os[4];
    char buf[160];
    tp_problem_out_dims(&p, od);
    tp_problem_strides(&p, is, os);
    EXPECT(od[0] == 4 && od[1] == 2 && od[2] == 3, "out dims %lld %lld %lld", (long long)od[0],
           (long long)od[1], (long long)od[2]);
    EXPECT(is[0] == 12 && is[1] == 4 && is[2] == 1, "in strides %lld %lld %lld",
           (long long)is[0], (long long)is[1], (long long)is[2]);
    EXPECT(os[0] == 6 && os[1] == 3 && os[2] == 1, "out strides %lld %lld %lld",
           (long long)os[0], (long long)os[1], (long long)os[2]);
    EXPECT(tp_problem_elements(&p) == 24 && tp_problem_bytes(&p) == 192, "24 elements, 192 bytes");
    EXPECT(strcmp(tp_problem_format(&p, buf, sizeof buf),
                  "2 x 3 x 4, perm {2,0,1}, 8-byte elements") == 0, "format: '%s'", buf);
    /* Output (1, 1, 2), index 11, is input (1, 2, 1), index 21. */
    EXPECT(tp_problem_source(&p, 11) == 21, "source of output 11 is %lld, want 21",
           (long long)tp_problem_source(&p, 11));
    p = tp_problem_make(2, (const int64_t[]){ 2, 3 }, (const int[]){ 1, 0 }, 4);
    EXPECT(tp_problem_source(&p, 1) == 3 && tp_problem_source(&p, 5) == 5 &&
           tp_problem_source(&p, 2) == 1, "2 x 3 transpose: sources of 1, 2, 5");
    return 1;
}

/* ---- the reference against hand-written outputs ----------------------------------- */

static const struct {
    const char *name; int rank; int64_t dims[4]; int perm[4]; int want[24];
} hand[] = {
    { "2-D transpose 2 x 3", 2, { 2, 3 }, { 1, 0 }, { 0, 3, 1, 4, 2, 5 } },
    { "2-D copy 2 x 3", 2, { 2, 3 }, { 0, 1 }, { 0, 1, 2, 3, 4, 5 } },
    { "rank 1, 5 elements", 1, { 5 }, { 0 }, { 0, 1, 2, 3, 4 } },
    { "batched 2 x 2 x 3", 3, { 2, 2, 3 }, { 0, 2, 1 },
      { 0, 3, 1, 4, 2, 5, 6, 9, 7, 10, 8, 11 } },
    { "3-D {2,0,1} of 2 x 3 x 4", 3, { 2, 3, 4 }, { 2, 0, 1 },
      { 0, 4, 8, 12, 16, 20, 1, 5, 9, 13, 17, 21, 2, 6, 10, 14, 18, 22, 3, 7, 11, 15, 19, 23 } },
    { "3-D {1,0,2} of 2 x 3 x 2 (rows of 2 move whole)", 3, { 2, 3, 2 }, { 1, 0, 2 },
      { 0, 1, 6, 7, 2, 3, 8, 9, 4, 5, 10, 11 } },
    { "4-D reversal of 2 x 2 x 2 x 3", 4, { 2, 2, 2, 3 }, { 3, 2, 1, 0 },
      { 0, 12, 6, 18, 3, 15, 9, 21, 1, 13, 7, 19, 4, 16, 10, 22, 2, 14, 8, 20, 5, 17, 11, 23 } },
    { "4-D {0,1,3,2} of 2 x 1 x 2 x 3", 4, { 2, 1, 2, 3 }, { 0, 1, 3, 2 },
      { 0, 3, 1, 4, 2, 5, 6, 9, 7, 10, 8, 11 } },
};

static int test_reference_by_hand(void)
{
    size_t c;
    int s;
    for (c = 0; c < sizeof hand / sizeof hand[0]; c++)
        for (s = 0; s < 5; s++) {
            int e = sizes[s];
            tp_problem p = tp_problem_make(hand[c].rank, hand[c].dims, hand[c].perm, e);
            int64_t n = tp_problem_elements(&p), o;
            unsigned char in[24 * 16], out[24 * 16 + 16];
            char msg[256];
            EXPECT(tp_problem_check(&p, msg, sizeof msg) == TP_OK, "%s: %s", hand[c].name, msg);
            fill_distinct(in, n, e);
            memset(out, 0xEE, sizeof out);
            tp_problem_reference(&p, in, out);
            for (o = 0; o < n; o++)
                EXPECT(memcmp(out + o * e, in + hand[c].want[o] * e, (size_t)e) == 0,
                       "%s, %d-byte: output %lld is not input %d", hand[c].name, e,
                       (long long)o, hand[c].want[o]);
            EXPECT(out[n * e] == 0xEE, "%s, %d-byte: wrote past the output", hand[c].name, e);
            for (o = 0; o < n; o++)
                EXPECT(tp_problem_source(&p, o) == hand[c].want[o], "%s: the index map sends "
                       "output %lld to %lld, want %d", hand[c].name, (long long)o,
                       (long long)tp_problem_source(&p, o), hand[c].want[o]);
        }
    return 1;
}

/* ---- simplification ---------------------------------------------------------------- */

static int test_simplify_cases(void)
{
    static const struct {
        const char *name; int rank; int64_t dims[4]; int perm[4];
        int s_rank; int64_t s_dims[4]; int s_perm[4]; int keeps_last;
    } cases[] = {
        { "{0,1,3,2}: a batch of transposes", 4, { 2, 3, 4, 5 }, { 0, 1, 3, 2 },
          3, { 6, 4, 5 }, { 0, 2, 1 }, 0 },
        { "identity of rank 3: a copy", 3, { 2, 3, 4 }, { 0, 1, 2 }, 1, { 24 }, { 0 }, 1 },
        { "identity of rank 1", 1, { 7 }, { 0 }, 1, { 7 }, { 0 }, 1 },
        { "one element", 3, { 1, 1, 1 }, { 2, 1, 0 }, 1, { 1 }, { 0 }, 1 },
        { "a 2-D transpose stays", 2, { 3, 5 }, { 1, 0 }, 2, { 3, 5 }, { 1, 0 }, 0 },
        { "full reversal stays", 4, { 2, 3, 4, 5 }, { 3, 2, 1, 0 },
          4, { 2, 3, 4, 5 }, { 3, 2, 1, 0 }, 0 },
        { "size-1 axis dropped: 1x5x7 {2,0,1}", 3, { 1, 5, 7 }, { 2, 0, 1 },
          2, { 5, 7 }, { 1, 0 }, 0 },
        { "size-1 middle axis of a reversal", 3, { 5, 1, 7 }, { 2, 1, 0 },
          2, { 5, 7 }, { 1, 0 }, 0 },
        { "only a size-1 axis moves: a copy", 3, { 5, 1, 7 }, { 1, 0, 2 }, 1, { 35 }, { 0 }, 1 },
        { "transposing a vector is a copy", 2, { 5, 1 }, { 1, 0 }, 1, { 5 }, { 0 }, 1 },
        { "two pairs swap: a 2-D transpose", 4, { 2, 3, 4, 5 }, { 2, 3, 0, 1 },
          2, { 6, 20 }, { 1, 0 }, 0 },
        { "rotate left", 4, { 2, 3, 4, 5 }, { 1, 2, 3, 0 }, 2, { 2, 60 }, { 1, 0 }, 0 },
        { "rotate right", 4, { 2, 3, 4, 5 }, { 3, 0, 1, 2 }, 2, { 24, 5 }, { 1, 0 }, 0 },
        { "last two become the middle", 4, { 2, 3, 4, 5 }, { 0, 3, 1, 2 },
          3, { 2, 12, 5 }, { 0, 2, 1 }, 0 },
        { "nothing merges", 4, { 2, 3, 4, 5 }, { 1, 0, 3, 2 },
          4, { 2, 3, 4, 5 }, { 1, 0, 3, 2 }, 0 },
        { "rows move whole: the last axis stays", 4, { 2, 3, 4, 5 }, { 1, 0, 2, 3 },
          3, { 2, 3, 20 }, { 1, 0, 2 }, 1 },
        { "batched, size-1 batch: a 2-D transpose", 3, { 1, 17, 83 }, { 0, 2, 1 },
          2, { 17, 83 }, { 1, 0 }, 0 },
    };
    size_t c;
    for (c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        tp_problem p = tp_problem_make(cases[c].rank, cases[c].dims, cases[c].perm, 16);
        tp_problem q = tp_problem_simplify(&p);
        tp_problem want = tp_problem_make(cases[c].s_rank, cases[c].s_dims, cases[c].s_perm, 16);
        tp_problem again = tp_problem_simplify(&q);
        EXPECT(same(&q, &want), "%s: %s became %s, want %s", cases[c].name, show(&p), show(&q),
               show(&want));
        EXPECT(tp_problem_keeps_last_axis(&p) == cases[c].keeps_last, "%s: keeps_last_axis "
               "is %d", cases[c].name, tp_problem_keeps_last_axis(&p));
        EXPECT(same(&again, &q), "%s: simplifying %s again gave %s", cases[c].name, show(&q),
               show(&again));
    }
    return 1;
}

/* ---- naming an element by its coordinates ----------------------------------------- */

static int test_coordinates(void)
{
    tp_problem p3 = tp_problem_make(3, (const int64_t[]){ 2, 3, 4 }, (const int[]){ 0, 2, 1 }, 4);
    tp_problem p1 = tp_problem_make(1, (const int64_t[]){ 9 }, (const int[]){ 0 }, 4);
    tp_problem p4 =
        tp_problem_make(4, (const int64_t[]){ 2, 3, 4, 5 }, (const int[]){ 3, 2, 1, 0 }, 4);
    int64_t c[4] = { -9, -9, -9, -9 };
    char buf[96];

    EXPECT(tp_problem_input_coords(&p3, 23, c) == 0 && c[0] == 1 && c[1] == 2 && c[2] == 3,
           "index 23 of 2 x 3 x 4 is (%lld, %lld, %lld)", (long long)c[0], (long long)c[1],
           (long long)c[2]);
    EXPECT(tp_problem_input_coords(&p3, 13, c) == 0 && c[0] == 1 && c[1] == 0 && c[2] == 1,
           "index 13 of 2 x 3 x 4");
    c[0] = -9;
    EXPECT(tp_problem_input_coords(&p3, 24, c) == -1 && c[0] == -9, "index 24 is outside");
    EXPECT(tp_problem_input_coords(&p3, -1, c) == -1, "index -1 is outside");
    EXPECT(strcmp(tp_problem_format_input(&p3, 13, buf, sizeof buf), "input (1, 0, 1)") == 0,
           "rank 3: '%s'", buf);
    EXPECT(strcmp(tp_problem_format_input(&p1, 5, buf, sizeof buf), "input (5)") == 0,
           "rank 1: '%s'", buf);
    EXPECT(strcmp(tp_problem_format_input(&p4, 119, buf, sizeof buf), "input (1, 2, 3, 4)") == 0,
           "rank 4: '%s'", buf);
    EXPECT(strcmp(tp_problem_format_input(&p4, 120, buf, sizeof buf), "not from the input") == 0,
           "outside: '%s'", buf);
    /* Output of p3 is 2 x 4 x 3: index 13 is (1, 0, 1). p4's output is 5 x 4 x 3 x 2. */
    EXPECT(strcmp(tp_problem_format_output(&p3, 13, buf, sizeof buf), "(1, 0, 1)") == 0,
           "output rank 3: '%s'", buf);
    EXPECT(strcmp(tp_problem_format_output(&p4, 119, buf, sizeof buf), "(4, 3, 2, 1)") == 0,
           "output rank 4: '%s'", buf);
    EXPECT(strcmp(tp_problem_format_output(&p4, -1, buf, sizeof buf), "not in the output") == 0,
           "output outside: '%s'", buf);
    EXPECT(strcmp(tp_problem_format_input(&p4, 0, buf, 9), "input (0") == 0,
           "a short buffer is cut: '%s'", buf);
    return 1;
}

/* The whole chain a report will use: the project's input values
 * (tp_input_bits, validate.h), the reference, and a wrong value decoded
 * back to the coordinates of the element it came from. */
static int test_wrong_value_named(void)
{
    static const int e4[2] = { 4, 8 };
    tp_problem p = tp_problem_make(3, (const int64_t[]){ 3, 4, 5 }, (const int[]){ 2, 0, 1 }, 4);
    unsigned char in[60 * 8], out[60 * 8];
    int s;
    int64_t i, o;
    char buf[96];

    for (s = 0; s < 2; s++) {
        int e = e4[s];
        p.elem_bytes = e;
        for (i = 0; i < 60; i++) {
            uint64_t b = tp_input_bits((size_t)i, e);
            memcpy(in + i * e, &b, (size_t)e);
        }
        tp_problem_reference(&p, in, out);
        for (o = 0; o < 60; o++) {
            uint64_t got = 0;
            memcpy(&got, out + o * e, (size_t)e);
            EXPECT(tp_source_of_bits(got, e) == tp_problem_source(&p, o), "%d-byte: output %lld "
                   "holds input %lld, the index map says %lld", e, (long long)o,
                   tp_source_of_bits(got, e), (long long)tp_problem_source(&p, o));
        }
        /* Output (1, 2, 3) of the 5 x 3 x 4 output, index 23, holds input (2, 3, 1) = 56. */
        {
            uint64_t got = 0;
            memcpy(&got, out + 23 * e, (size_t)e);
            tp_problem_format_input(&p, tp_source_of_bits(got, e), buf, sizeof buf);
            EXPECT(strcmp(buf, "input (2, 3, 1)") == 0, "%d-byte: output 23 names '%s'", e, buf);
        }
    }
    return 1;
}

/* ---- shapes: their names, and a shape for a problem of another rank ---------- */

static int test_format_dims(void)
{
    static const int64_t d[4] = { 2, 3, 40, 5 };
    char buf[64];
    EXPECT(strcmp(tp_format_dims(d, 4, buf, sizeof buf), "2 x 3 x 40 x 5") == 0, "'%s'", buf);
    EXPECT(strcmp(tp_format_dims(d, 1, buf, sizeof buf), "2") == 0, "rank 1: '%s'", buf);
    EXPECT(strcmp(tp_format_dims(d, 3, buf, 6), "2 x 3") == 0, "cut: '%s'", buf);
    return 1;
}

/* A shape of fewer axes gets leading 1s; of more axes, its leading ones
 * must be 1 and are dropped; otherwise the words say what is needed. */
static int test_set_shape(void)
{
    static const struct {
        int rank, shape_rank; int64_t shape[4];
        tp_status want; int64_t dims[4];
    } cases[] = {
        { 3, 2, { 5, 7 }, TP_OK, { 1, 5, 7 } },
        { 3, 3, { 2, 3, 5 }, TP_OK, { 2, 3, 5 } },
        { 4, 1, { 9 }, TP_OK, { 1, 1, 1, 9 } },
        { 4, 3, { 3, 17, 83 }, TP_OK, { 1, 3, 17, 83 } },
        { 2, 4, { 1, 1, 5, 7 }, TP_OK, { 5, 7 } },
        { 3, 4, { 1, 1, 1, 1 }, TP_OK, { 1, 1, 1 } },
        { 1, 3, { 1, 1, 9 }, TP_OK, { 9 } },
        { 3, 4, { 2, 3, 5, 7 }, TP_ERR_RANK, { -1 } },
        { 2, 3, { 1, 4, 5 }, TP_OK, { 4, 5 } },
        { 2, 3, { 4, 1, 5 }, TP_ERR_RANK, { -1 } },
        { 0, 2, { 5, 7 }, TP_ERR_RANK, { -1 } },
        { 2, 5, { 1, 1, 1, 5 }, TP_ERR_RANK, { -1 } },
    };
    size_t c;
    char msg[160];
    int a;

    for (c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        tp_problem p = tp_problem_make(cases[c].rank, (const int64_t[]){ 1, 1, 1, 1 },
                            (const int[]){ 0, 1, 2, 3 }, 4);
        tp_status st;
        for (a = 0; a < TP_MAX_RANK; a++)
            p.dims[a] = -1;
        strcpy(msg, "untouched");
        st = tp_problem_set_shape(&p, cases[c].shape, cases[c].shape_rank, msg, sizeof msg);
        EXPECT(st == cases[c].want, "case %zu: status %d, want %d (%s)", c, (int)st,
               (int)cases[c].want, msg);
        for (a = 0; a < cases[c].rank && st == TP_OK; a++)
            EXPECT(p.dims[a] == cases[c].dims[a], "case %zu: axis %d is %lld, want %lld", c, a,
                   (long long)p.dims[a], (long long)cases[c].dims[a]);
        EXPECT(st != TP_OK || strcmp(msg, "untouched") == 0, "case %zu: wrote '%s'", c, msg);
        EXPECT(st == TP_OK || p.dims[0] == -1, "case %zu: refused, but changed the dims", c);
    }
    {
        tp_problem p =
            tp_problem_make(3, (const int64_t[]){ 1, 1, 1 }, (const int[]){ 0, 2, 1 }, 4);
        tp_problem_set_shape(&p, (const int64_t[]){ 2, 3, 5, 7 }, 4, msg, sizeof msg);
        EXPECT(strcmp(msg, "needs a shape of 3 axes (more only if the extra first ones are 1), "
                      "not 2 x 3 x 5 x 7") == 0, "said '%s'", msg);
        p.rank = 1;
        tp_problem_set_shape(&p, (const int64_t[]){ 2, 9 }, 2, msg, sizeof msg);
        EXPECT(strncmp(msg, "needs a shape of 1 axis (", 25) == 0, "rank 1 said '%s'", msg);
    }
    return 1;
}

/* ---- random cases, always the same ones --------------------------------------------- */

static uint64_t rng = 0x2545F4914F6CDD1DULL;

static uint32_t next_random(void)   /* xorshift64*: the same sequence everywhere */
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return (uint32_t)((rng * 0x2545F4914F6CDD1DULL) >> 32);
}

/* A random valid problem: rank 1..4, axes 1..7 (size 1 often), any perm. */
static tp_problem random_problem(void)
{
    static const int64_t side[8] = { 1, 1, 2, 3, 4, 5, 6, 7 };
    tp_problem p;
    int a, k;
    memset(&p, 0, sizeof p);
    p.rank = 1 + (int)(next_random() % 4);
    p.elem_bytes = sizes[next_random() % 5];
    for (a = 0; a < p.rank; a++) {
        p.dims[a] = side[next_random() % 8];
        p.perm[a] = a;
    }
    for (a = p.rank - 1; a > 0; a--) {   /* Fisher-Yates */
        int t;
        k = (int)(next_random() % (uint32_t)(a + 1));
        t = p.perm[a]; p.perm[a] = p.perm[k]; p.perm[k] = t;
    }
    return p;
}

#define RANDOM_CASES 3000
#define MAX_ELEMS (7 * 7 * 7 * 7)

/* The index map, the reference and a third way of writing the answer
 * (scatter: walk the input, compute where each element goes with the
 * output strides) all agree, element by element. */
static int test_random_index_map(void)
{
    static unsigned char in[MAX_ELEMS * 16], out[MAX_ELEMS * 16], scatter[MAX_ELEMS * 16];
    int t;
    for (t = 0; t < RANDOM_CASES; t++) {
        tp_problem p = random_problem();
        int64_t n = tp_problem_elements(&p), o, i, is[4], os[4], to_out[4], c[4];
        int e = p.elem_bytes, a, k;
        char msg[256];
        EXPECT(tp_problem_check(&p, msg, sizeof msg) == TP_OK, "case %d: %s", t, msg);
        fill_distinct(in, n, e);
        tp_problem_reference(&p, in, out);
        for (o = 0; o < n; o++) {
            int64_t from = tp_problem_source(&p, o);
            EXPECT(from >= 0 && from < n, "case %d, %s: output %lld maps to %lld", t, show(&p),
                   (long long)o, (long long)from);
            EXPECT(memcmp(out + o * e, in + from * e, (size_t)e) == 0, "case %d, %s: output "
                   "%lld is not input %lld", t, show(&p), (long long)o, (long long)from);
        }
        tp_problem_strides(&p, is, os);
        for (k = 0; k < p.rank; k++)   /* input axis perm[k] is output axis k */
            to_out[p.perm[k]] = os[k];
        for (i = 0; i < n; i++) {
            int64_t dst = 0;
            EXPECT(tp_problem_input_coords(&p, i, c) == 0, "case %d: index %lld", t, (long long)i);
            for (a = 0; a < p.rank; a++) {
                EXPECT(c[a] >= 0 && c[a] < p.dims[a], "case %d: coordinate out of range", t);
                dst += c[a] * to_out[a];
            }
            memcpy(scatter + dst * e, in + i * e, (size_t)e);
        }
        EXPECT(memcmp(scatter, out, (size_t)(n * e)) == 0, "case %d, %s: the reference and the "
               "scatter loop differ", t, show(&p));
    }
    return 1;
}

/* The simplified problem moves every byte where the original does, and it
 * is the smallest: no size-1 axis (unless a single element), no two
 * output axes left that could merge, rank never larger. */
static int test_random_simplify(void)
{
    static unsigned char in[MAX_ELEMS * 16], out[MAX_ELEMS * 16], out_s[MAX_ELEMS * 16];
    int t, merged = 0, dropped = 0;
    for (t = 0; t < RANDOM_CASES; t++) {
        tp_problem p = random_problem();
        tp_problem q = tp_problem_simplify(&p);
        int64_t n = tp_problem_elements(&p);
        int e = p.elem_bytes, a;
        char msg[256];
        EXPECT(tp_problem_check(&q, msg, sizeof msg) == TP_OK, "case %d: %s became %s: %s", t,
               show(&p), show(&q), msg);
        EXPECT(q.rank <= p.rank && tp_problem_elements(&q) == n && q.elem_bytes == e,
               "case %d: %s became %s", t, show(&p), show(&q));
        for (a = 0; a < q.rank; a++) {
            EXPECT(q.dims[a] > 1 || q.rank == 1, "case %d: %s kept a size-1 axis: %s", t,
                   show(&p), show(&q));
            EXPECT(a + 1 == q.rank || q.perm[a + 1] != q.perm[a] + 1, "case %d: %s left "
                   "axes to merge: %s", t, show(&p), show(&q));
        }
        fill_distinct(in, n, e);
        tp_problem_reference(&p, in, out);
        tp_problem_reference(&q, in, out_s);
        EXPECT(memcmp(out, out_s, (size_t)(n * e)) == 0, "case %d: %s and its simplification "
               "%s move bytes differently", t, show(&p), show(&q));
        EXPECT(tp_problem_keeps_last_axis(&p) == (q.perm[q.rank - 1] == q.rank - 1),
               "case %d: keeps_last_axis of %s", t, show(&p));
        merged += q.rank < p.rank;
        for (a = 0; a < p.rank; a++)
            dropped += p.dims[a] == 1;
    }
    /* The draw must exercise what it claims to. */
    EXPECT(merged > RANDOM_CASES / 4 && dropped > RANDOM_CASES / 4,
           "too few cases merge (%d) or drop (%d) axes", merged, dropped);
    return 1;
}

/* The harness makes a reference this way (common/harness.cu, reference):
 * simplified first, a problem of rank 1 is the input itself, one of rank
 * 2 the cache-blocked 2-D transpose (tp_reference_bytes), any other
 * tp_problem_reference of the simplified problem. All three must equal
 * tp_problem_reference of the problem itself, for every element size the
 * harness takes. */
static int test_harness_reference_path(void)
{
    static unsigned char in[MAX_ELEMS * 8], out[MAX_ELEMS * 8],
                         via[MAX_ELEMS * 8];
    int t, ranks[3] = { 0, 0, 0 };
    for (t = 0; t < RANDOM_CASES; t++) {
        tp_problem p = random_problem(), q;
        int64_t n;
        int e;
        if (p.elem_bytes == 16)
            p.elem_bytes = 8;
        q = tp_problem_simplify(&p);
        n = tp_problem_elements(&p);
        e = p.elem_bytes;
        fill_distinct(in, n, e);
        tp_problem_reference(&p, in, out);
        if (q.rank == 1)
            memcpy(via, in, (size_t)(n * e));
        else if (q.rank == 2)
            tp_reference_bytes(in, via, (long)q.dims[0], (long)q.dims[1], TP_TRANSPOSE, e);
        else
            tp_problem_reference(&q, in, via);
        ranks[q.rank == 1 ? 0 : q.rank == 2 ? 1 : 2]++;
        EXPECT(memcmp(out, via, (size_t)(n * e)) == 0, "case %d: %s simplified to %s: the "
               "harness's reference differs", t, show(&p), show(&q));
    }
    EXPECT(ranks[0] > 50 && ranks[1] > 50 && ranks[2] > 50, "too few cases of each path: %d "
           "copies, %d transposes, %d others", ranks[0], ranks[1], ranks[2]);
    return 1;
}

/* Runs a plan on the CPU the way a kernel would: z by z, then the tile
 * element by element or the row as one block. */
static void run_plan(const tp_plan *plan, const unsigned char *in, unsigned char *out)
{
    size_t e = (size_t)plan->elem_bytes;
    int64_t nz_total = 1, z, r, c;
    int k;
    if (plan->kind == TP_PLAN_COPY) {
        memcpy(out, in, (size_t)plan->row_len * e);
        return;
    }
    for (k = 0; k < plan->nz; k++)
        nz_total *= plan->z_dims[k];
    for (z = 0; z < nz_total; z++) {
        int64_t rest = z, zin = 0, zout = 0;
        for (k = plan->nz - 1; k >= 0; k--) {   /* z's coordinates, last axis fastest */
            int64_t i = rest % plan->z_dims[k];
            rest /= plan->z_dims[k];
            zin += i * plan->z_in[k];
            zout += i * plan->z_out[k];
        }
        if (plan->kind == TP_PLAN_ROWS) {
            memcpy(out + (size_t)zout * e, in + (size_t)zin * e, (size_t)plan->row_len * e);
            continue;
        }
        for (r = 0; r < plan->n_rows; r++)
            for (c = 0; c < plan->n_cols; c++)
                memcpy(out + (size_t)(zout + tp_plan_col_out(plan, c) + r) * e,
                       in + (size_t)(zin + tp_plan_row_in(plan, r) + c) * e, e);
    }
}

/* The rule on named cases: what each kind of problem becomes. */
static int test_plan_cases(void)
{
    static const struct {
        int rank;
        int64_t dims[4];
        int perm[4];
        tp_plan_kind kind;
        int64_t a, b;   /* ROWS/COPY: row_len, nz; TILE: n_rows, n_cols */
        int nz;
    } cases[] = {
        { 2, { 5, 7 }, { 0, 1 }, TP_PLAN_COPY, 35, 0, 0 },
        { 2, { 5, 7 }, { 1, 0 }, TP_PLAN_TILE, 5, 7, 0 },
        { 3, { 4, 5, 7 }, { 0, 2, 1 }, TP_PLAN_TILE, 5, 7, 1 },           /* a batch */
        { 3, { 4, 5, 7 }, { 1, 0, 2 }, TP_PLAN_ROWS, 7, 0, 2 },           /* rows of 7 */
        { 3, { 4, 5, 7 }, { 2, 1, 0 }, TP_PLAN_TILE, 20, 7, 0 },          /* rows over 2 axes */
        { 4, { 2, 3, 4, 5 }, { 0, 2, 1, 3 }, TP_PLAN_ROWS, 5, 0, 3 },     /* [B,S,H,D] -> [B,H,S,D] */
        { 4, { 2, 3, 4, 5 }, { 0, 2, 3, 1 }, TP_PLAN_TILE, 3, 20, 1 },    /* NCHW -> NHWC */
        { 4, { 2, 3, 4, 5 }, { 0, 3, 1, 2 }, TP_PLAN_TILE, 12, 5, 1 },    /* NHWC -> NCHW */
        { 4, { 2, 3, 4, 5 }, { 3, 2, 1, 0 }, TP_PLAN_TILE, 6, 20, 0 },    /* both split */
        { 4, { 200, 212, 11, 426 }, { 3, 1, 0, 2 }, TP_PLAN_TILE, 2200, 426, 1 },
        { 3, { 40, 50, 70 }, { 2, 1, 0 }, TP_PLAN_TILE, 40, 70, 1 },     /* no short side */
        { 4, { 1, 6, 1, 7 }, { 3, 2, 1, 0 }, TP_PLAN_TILE, 6, 7, 0 },     /* size-1 axes gone */
    };
    size_t t;
    for (t = 0; t < sizeof cases / sizeof cases[0]; t++) {
        tp_problem p;
        tp_plan plan;
        char buf[96];
        memset(&p, 0, sizeof p);
        p.rank = cases[t].rank;
        p.elem_bytes = 2;
        memcpy(p.dims, cases[t].dims, sizeof p.dims);
        memcpy(p.perm, cases[t].perm, sizeof p.perm);
        plan = tp_problem_plan(&p);
        tp_plan_format(&plan, buf, sizeof buf);
        EXPECT(plan.kind == cases[t].kind && plan.nz == cases[t].nz, "%s: %s", show(&p), buf);
        if (plan.kind == TP_PLAN_TILE)
            EXPECT(plan.n_rows == cases[t].a && plan.n_cols == cases[t].b, "%s: %s", show(&p),
                   buf);
        else
            EXPECT(plan.row_len == cases[t].a, "%s: %s", show(&p), buf);
    }
    return 1;
}

/* Every random problem, run through its plan the way a kernel would,
 * gives the reference's bytes, and the rule holds: TILE exactly when the
 * fastest axis moves. */
static int test_random_plan(void)
{
    static unsigned char in[MAX_ELEMS * 16], out[MAX_ELEMS * 16], ref[MAX_ELEMS * 16];
    int t, kinds[3] = { 0, 0, 0 }, split_rows = 0, split_cols = 0;
    for (t = 0; t < RANDOM_CASES; t++) {
        tp_problem p = random_problem();
        tp_plan plan = tp_problem_plan(&p);
        split_rows += plan.rows_lo != 0;
        split_cols += plan.cols_lo != 0;
        int64_t n = tp_problem_elements(&p);
        int e = p.elem_bytes;
        char buf[96];
        fill_distinct(in, n, e);
        memset(out, 0xEE, (size_t)(n * e));
        tp_problem_reference(&p, in, ref);
        run_plan(&plan, in, out);
        tp_plan_format(&plan, buf, sizeof buf);
        EXPECT(memcmp(out, ref, (size_t)(n * e)) == 0, "case %d, %s: its plan (%s) moves bytes "
               "elsewhere", t, show(&p), buf);
        EXPECT((plan.kind == TP_PLAN_TILE) == !tp_problem_keeps_last_axis(&p),
               "case %d, %s: %s, but keeps_last_axis says %d", t, show(&p), buf,
               tp_problem_keeps_last_axis(&p));
        EXPECT(plan.nz <= (plan.kind == TP_PLAN_TILE ? 2 : 3), "case %d: %s", t, buf);
        kinds[plan.kind]++;
    }
    EXPECT(kinds[0] > 100 && kinds[1] > 100 && kinds[2] > 100,
           "the draw must give every kind: %d copies, %d rows, %d tiles", kinds[0], kinds[1],
           kinds[2]);
    EXPECT(split_rows > 100 && split_cols > 10 && kinds[2] - split_rows > 100,
           "the tiles must include split rows (%d), split columns (%d) and unsplit rows (%d)",
           split_rows, split_cols, kinds[2] - split_rows);
    return 1;
}

int main(void)
{
    run("every status has its own text", test_status_texts);
    run("bad problems: code and words", test_check_errors);
    run("good problems pass, up to the largest", test_check_accepts);
    run("buffers: null pointers and overlaps", test_buffers_check);
    run("--size strings of 1 to 4 axes", test_parse_dims_good);
    run("bad --size strings: the command line's words", test_parse_dims_bad);
    run("--perm strings, good and bad", test_parse_perm);
    run("output shape, strides, index map, format", test_strides);
    run("reference by hand: 2-D, 3-D, 4-D, every element size", test_reference_by_hand);
    run("simplification: merged, dropped, kept axes", test_simplify_cases);
    run("coordinates of an input and output index", test_coordinates);
    run("a value decodes to the coordinates it came from", test_wrong_value_named);
    run("a shape's name: its sides joined by ' x '", test_format_dims);
    run("a shape for a problem of another rank: leading 1s added or dropped", test_set_shape);
    run("random: index map = reference = scatter", test_random_index_map);
    run("random: simplification keeps the result", test_random_simplify);
    run("random: the harness's reference path = the reference", test_harness_reference_path);
    run("the plan: copy, rows or tile, on named cases", test_plan_cases);
    run("random: every plan, run as a kernel would, = the reference", test_random_plan);
    return failures ? 1 : 0;
}
