/*
 * test_elements.c - unit tests of the element sizes of chapter 10 in
 * common/ (no GPU needed): the inputs of 1, 2 and 8-byte elements, their
 * decoding back to a source, the bitwise comparison, the reports, and the
 * bandwidth, memory and header arithmetic per element size.
 *
 * Prints one line per test, "PASS  name" or "FAIL  name: why", which
 * tests/run.sh counts. Exit status 1 if any test failed.
 */
#define _POSIX_C_SOURCE 200809L /* fmemopen */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "report.h"
#include "validate.h"

#include "../chapters/10_elements/block_order.h"
#include "unit.h"   /* EXPECT, run(), failures */

static const int sizes[3] = { 1, 2, 8 };

static uint64_t all_ones(int e) { return e == 8 ? ~(uint64_t)0 : ((uint64_t)1 << (8 * e)) - 1; }

/* Every input value decodes to its first holder, and none is the poison:
 * an element the kernel never wrote can never pass for a right one. */
static int test_values_decode_and_never_poison(void)
{
    int s;
    size_t i;
    for (s = 0; s < 3; s++) {
        int e = sizes[s];
        size_t n = e == 8 ? 1000000 : 3 * (e == 1 ? TP_PERIOD_8 : TP_PERIOD_16) + 7;
        long long period = e == 1 ? TP_PERIOD_8 : e == 2 ? TP_PERIOD_16 : 0;
        for (i = 0; i < n; i++) {
            uint64_t b = tp_input_bits(i, e);
            long long want = period ? (long long)(i % (size_t)period) : (long long)i;
            EXPECT(b != all_ones(e), "%d-byte input %zu is the poison pattern", e, i);
            EXPECT(b <= all_ones(e), "%d-byte input %zu has bits above its size", e, i);
            EXPECT(tp_source_of_bits(b, e) == want, "%d-byte input %zu decodes to %lld, want %lld",
                   e, i, tp_source_of_bits(b, e), want);
        }
        EXPECT(tp_source_of_bits(all_ones(e), e) == -1, "%d-byte poison decodes to a source", e);
    }
    /* A double stays exact far beyond any matrix (2^36 elements). */
    EXPECT(tp_source_of_bits(tp_input_bits((size_t)1 << 36, 8), 8) == (1LL << 36),
           "the double of 2^36 does not decode to 2^36");
    /* Size 4 is chapter 1-9's float input, unchanged. */
    {
        float v = tp_input_value(123456789);
        uint32_t b;
        memcpy(&b, &v, 4);
        EXPECT(tp_input_bits(123456789, 4) == b, "4-byte bits are not tp_input_value's");
    }
    return 1;
}

/* The fill writes exactly elem_bytes per element, little-endian, and the
 * reference transposes whole elements. */
static int test_fill_and_reference(void)
{
    unsigned char in[6 * 8], ref[6 * 8];
    static const int want[6] = { 0, 3, 1, 4, 2, 5 };   /* 2x3 -> 3x2 */
    int s, i;
    for (s = 0; s < 3; s++) {
        int e = sizes[s];
        memset(in, 0xAB, sizeof in);
        tp_fill_input_bytes(in, 2, 3, e);
        tp_reference_bytes(in, ref, 2, 3, TP_TRANSPOSE, e);
        for (i = 0; i < 6; i++) {
            uint64_t b = 0;
            memcpy(&b, ref + i * e, (size_t)e);
            EXPECT(b == tp_input_bits((size_t)want[i], e),
                   "%d-byte 2x3 transpose: element %d holds 0x%llx, want input %d", e, i,
                   (unsigned long long)b, want[i]);
        }
        EXPECT(e == 8 || in[6 * e] == 0xAB, "%d-byte fill wrote past the matrix", e);
    }
    return 1;
}

/* A 70 x 130 case per size: the 64-blocked reference handles the edges. */
static int test_reference_edges(void)
{
    long rows = 70, cols = 130, r, c;
    int s;
    for (s = 0; s < 3; s++) {
        int e = sizes[s];
        unsigned char *in = malloc((size_t)(rows * cols * e)), *ref = malloc((size_t)(rows * cols * e));
        int ok = 1;
        tp_fill_input_bytes(in, rows, cols, e);
        tp_reference_bytes(in, ref, rows, cols, TP_TRANSPOSE, e);
        for (r = 0; r < rows; r++)
            for (c = 0; c < cols; c++)
                ok &= memcmp(ref + (c * rows + r) * e, in + (r * cols + c) * e, (size_t)e) == 0;
        free(in);
        free(ref);
        EXPECT(ok, "%d-byte 70 x 130 reference transpose is wrong somewhere", e);
    }
    return 1;
}

/* Plants a wrong element and an unwritten one in a correct 17 x 83
 * transpose of each size; the comparison counts them and the report names
 * them. got[5] (output (0, 5), which should hold input (5, 0)) gets input
 * element 5. For 1-byte elements that value is held by inputs 5, 256, 507,
 * ...: the report names the one nearest to input 415 = (5, 0), 507. */
static int test_compare_catches(void)
{
    long rows = 17, cols = 83;
    size_t n = (size_t)rows * cols;
    static const char *const wrong_line[3] = {
        "(0, 5): expected 0xa4 [input (5, 0), or another holding the same value], "
        "got 0x05 [input (6, 9), or another holding the same value]",
        "(0, 5): expected 0x019f [input (5, 0)], got 0x0005 [input (0, 5)]",
        "(0, 5): expected 415 [input (5, 0)], got 5 [input (0, 5)]",
    };
    int s;
    for (s = 0; s < 3; s++) {
        int e = sizes[s];
        unsigned char *in = malloc(n * 8), *ref = malloc(n * 8), *got = malloc(n * 8);
        char text[4096] = "";
        FILE *f = fmemopen(text, sizeof text, "w");
        tp_check_result r;

        tp_fill_input_bytes(in, rows, cols, e);
        tp_reference_bytes(in, ref, rows, cols, TP_TRANSPOSE, e);
        memcpy(got, ref, n * e);
        r = tp_compare_bytes(got, ref, n, e);
        EXPECT(r.mismatches == 0, "%d-byte: a correct output has %zu mismatches", e, r.mismatches);

        memcpy(got + 5 * e, in + 5 * e, (size_t)e);           /* input (0, 5): wrong   */
        memset(got + (n - 1) * e, TP_POISON_BYTE, (size_t)e);  /* never written        */
        r = tp_compare_bytes(got, ref, n, e);
        tp_print_mismatches_bytes(f, &r, got, ref, rows, cols, TP_TRANSPOSE, e);
        fclose(f);
        free(in); free(ref); free(got);
        EXPECT(r.mismatches == 2 && r.unwritten == 1, "%d-byte: found %zu wrong, %zu unwritten; "
               "planted 2 and 1", e, r.mismatches, r.unwritten);
        EXPECT(r.reported == 2 && r.first[0] == 5 && r.first[1] == n - 1,
               "%d-byte: first wrong %zu, %zu", e, r.first[0], r.first[1]);
        EXPECT(strstr(text, wrong_line[s]), "%d-byte report, want '%s':\n%s", e, wrong_line[s],
               text);
        EXPECT(strstr(text, "(82, 16)") && strstr(text, "[never written]"),
               "%d-byte report does not show the unwritten element:\n%s", e, text);
        EXPECT(strstr(text, "2 of 1411 elements wrong (1 never written)"), "%d-byte summary:\n%s",
               e, text);
    }
    return 1;
}

/* A double NaN that is not the poison is named NaN; bits of no input are
 * "not from the input"; one byte in a double is enough to be caught. */
static int test_compare_odd_bits(void)
{
    double ref[4] = { 0, 1, 2, 3 }, got[4] = { 0, 1, 2, 3 };
    unsigned char *p = (unsigned char *)got;
    char buf[96];
    uint64_t nan_bits;
    double half = 0.5, nan_value = NAN;
    tp_check_result r;

    p[8 + 7] ^= 0x01;   /* one bit of element 1 */
    r = tp_compare_bytes(got, ref, 4, 8);
    EXPECT(r.mismatches == 1 && r.first[0] == 1, "a flipped bit of a double went unseen");
    memcpy(&nan_bits, &nan_value, 8);
    tp_describe_bits(nan_bits, 8, 2, 2, 0, buf, sizeof buf);
    EXPECT(strcmp(buf, "NaN") == 0, "a NaN double: '%s'", buf);
    memcpy(&nan_bits, &half, 8);
    tp_describe_bits(nan_bits, 8, 2, 2, 0, buf, sizeof buf);
    EXPECT(strcmp(buf, "not from the input") == 0, "0.5 as a double: '%s'", buf);
    tp_describe_bits(0xFFFF, 2, 2, 2, 0, buf, sizeof buf);
    EXPECT(strcmp(buf, "never written") == 0, "0xffff as 16 bits: '%s'", buf);
    tp_describe_bits(0xFFF9, 2, 300, 300, 0, buf, sizeof buf);
    EXPECT(strcmp(buf, "not from the input") == 0, "0xfff9 (above the period): '%s'", buf);
    tp_describe_bits(7, 2, 2, 3, 0, buf, sizeof buf);
    EXPECT(strcmp(buf, "not from the input") == 0, "7 in a 2 x 3 matrix: '%s'", buf);
    return 1;
}

/* The N-D report (chapter 11's problems) of every element size: a 4-axis
 * permutation, 2 x 3 x 4 x 5 by (3, 1, 0, 2), output 5 x 3 x 2 x 4. Output
 * (0, 0, 1, 3), index 7, should hold input (1, 0, 3, 0), linear 75; it
 * gets input 0 instead, and the last output element is never written. */
static int test_report_nd(void)
{
    static const int every[4] = { 1, 2, 4, 8 };
    static const char *const wrong_line[4] = {
        "(0, 0, 1, 3): expected 0x4b [input (1, 0, 3, 0)], got 0x00 [input (0, 0, 0, 0)]",
        "(0, 0, 1, 3): expected 0x004b [input (1, 0, 3, 0)], got 0x0000 [input (0, 0, 0, 0)]",
        "(0, 0, 1, 3): expected 75 [input (1, 0, 3, 0)], got 0 [input (0, 0, 0, 0)]",
        "(0, 0, 1, 3): expected 75 [input (1, 0, 3, 0)], got 0 [input (0, 0, 0, 0)]",
    };
    tp_problem p;
    unsigned char in[120 * 8], ref[120 * 8], got[120 * 8];
    int s;

    memset(&p, 0, sizeof p);
    p.rank = 4;
    p.dims[0] = 2; p.dims[1] = 3; p.dims[2] = 4; p.dims[3] = 5;
    p.perm[0] = 3; p.perm[1] = 1; p.perm[2] = 0; p.perm[3] = 2;
    for (s = 0; s < 4; s++) {
        int e = p.elem_bytes = every[s];
        char text[2048] = "", line[320];
        FILE *f = fmemopen(text, sizeof text, "w");
        tp_check_result r;

        tp_fill_input_bytes(in, 120, 1, e);
        tp_problem_reference(&p, in, ref);
        memcpy(got, ref, sizeof got);
        memcpy(got + 7 * e, in, (size_t)e);
        memset(got + 119 * e, TP_POISON_BYTE, (size_t)e);
        r = tp_compare_bytes(got, ref, 120, e);
        tp_print_mismatches_nd(f, &r, got, ref, &p);
        fclose(f);
        EXPECT(strcmp(tp_format_mismatch_nd(line, sizeof line, 7, got, ref, &p),
                      wrong_line[s]) == 0, "%d-byte: '%s', want '%s'", e, line, wrong_line[s]);
        EXPECT(strstr(text, wrong_line[s]) && strstr(text, "    (4, 2, 1, 3): expected ") &&
               strstr(text, "[never written]\n"), "%d-byte report:\n%s", e, text);
        EXPECT(strstr(text, "    2 of 120 elements wrong (1 never written) in the 5 x 3 x 2 x 4 "
                      "output\n"), "%d-byte summary:\n%s", e, text);
    }
    return 1;
}

/* What the N-D description calls bits that are not the right element: a
 * value that repeats names its holder nearest to where it belongs; NaN;
 * the poison; bits no input element holds. The 2-D functions say the same
 * as the N-D ones on their matrix (tp_matrix_problem). */
static int test_describe_nd(void)
{
    tp_problem p = tp_matrix_problem(2, 3, TP_TRANSPOSE, 4);
    float half = 0.5f, far = 200.0f;
    double nan_value = NAN;
    uint32_t b4;
    uint64_t b8;
    char buf[160], buf2[160];

    EXPECT(p.rank == 2 && p.dims[0] == 2 && p.dims[1] == 3 && p.perm[0] == 1 && p.perm[1] == 0,
           "tp_matrix_problem(2, 3, transpose): %s", tp_problem_format(&p, buf, sizeof buf));
    p = tp_matrix_problem(2, 3, TP_COPY, 4);
    EXPECT(p.perm[0] == 0 && p.perm[1] == 1, "tp_matrix_problem(2, 3, copy)");
    p.rank = 3;   /* 2 x 3 x 50 of bytes: 300 elements, values repeat every 251 */
    p.dims[0] = 2; p.dims[1] = 3; p.dims[2] = 50;
    p.perm[0] = 0; p.perm[1] = 2; p.perm[2] = 1;
    p.elem_bytes = 1;
    tp_describe_bits_nd(5, &p, 256, buf, sizeof buf);
    EXPECT(strcmp(buf, "input (1, 2, 6), or another holding the same value") == 0,
           "value 5 near 256: '%s'", buf);
    tp_describe_bits_nd(0xFF, &p, 0, buf, sizeof buf);
    EXPECT(strcmp(buf, "never written") == 0, "1-byte poison: '%s'", buf);
    p.elem_bytes = 4;   /* 300 floats: 0 to 299 */
    b4 = 0x7fc00000u;
    tp_describe_bits_nd(b4, &p, 0, buf, sizeof buf);
    EXPECT(strcmp(buf, "NaN") == 0, "a float NaN: '%s'", buf);
    memcpy(&b4, &half, 4);
    tp_describe_bits_nd(b4, &p, 0, buf, sizeof buf);
    EXPECT(strcmp(buf, "not from the input") == 0, "0.5f: '%s'", buf);
    memcpy(&b4, &far, 4);
    tp_describe_bits_nd(b4, &p, 0, buf, sizeof buf);
    EXPECT(strcmp(buf, "input (1, 1, 0)") == 0, "200.0f is input 200 = (1, 1, 0): '%s'", buf);
    p.dims[0] = 1;   /* 150 elements: 200 is none of them */
    tp_describe_bits_nd(b4, &p, 0, buf, sizeof buf);
    EXPECT(strcmp(buf, "not from the input") == 0, "200.0f of 150: '%s'", buf);
    p.elem_bytes = 8;
    memcpy(&b8, &nan_value, 8);
    tp_describe_bits_nd(b8, &p, 0, buf, sizeof buf);
    EXPECT(strcmp(buf, "NaN") == 0, "a double NaN: '%s'", buf);
    p = tp_matrix_problem(17, 83, TP_TRANSPOSE, 2);
    tp_describe_bits_nd(100, &p, 0, buf, sizeof buf);
    tp_describe_bits(100, 2, 17, 83, 0, buf2, sizeof buf2);
    EXPECT(strcmp(buf, buf2) == 0 && strcmp(buf, "input (1, 17)") == 0, "2-D '%s', N-D '%s'",
           buf2, buf);
    return 1;
}

/* Bytes moved, memory needed and the header's matrix line follow the size. */
static int test_arithmetic_per_size(void)
{
    const size_t gib = (size_t)1 << 30;
    long r = 8192, c = 8192;
    tp_device_info dev;
    char text[2048] = "";
    FILE *f = fmemopen(text, sizeof text, "w");

    EXPECT(fabs(tp_effective_gbps_elems(8192, 8192, 2, 1.0) - 268.435456) < 1e-6,
           "2-byte 8192 x 8192 in 1 ms: %f", tp_effective_gbps_elems(8192, 8192, 2, 1.0));
    EXPECT(fabs(tp_effective_gbps_elems(8192, 8192, 8, 1.0) - 1073.741824) < 1e-6,
           "8-byte 8192 x 8192 in 1 ms: %f", tp_effective_gbps_elems(8192, 8192, 8, 1.0));
    EXPECT(tp_effective_gbps_elems(3, 5, 4, 0.5) == tp_effective_gbps(3, 5, 0.5),
           "size 4 differs from the float32 arithmetic");
    EXPECT(tp_fits_elems(8192, 8192, 8, gib, 0), "two 512 MiB matrices fill 1 GiB");
    EXPECT(!tp_fits_elems(8192, 8192, 8, gib - 1, 0), "but not one byte less");
    EXPECT(tp_fits_elems(8192, 8192, 1, gib / 8, 0), "two 64 MiB byte matrices fit in 128 MiB");
    EXPECT(tp_shrink_to_fit_elems(&r, &c, 8, gib / 2, 0) == 1 && r == 4096 && c == 8192,
           "8-byte shrink gave %ld x %ld", r, c);

    memset(&dev, 0, sizeof dev);
    dev.l2_bytes = 50000000;
    tp_print_header_elems(f, "t", &dev, 8192, 8192, 3, 2);
    tp_print_header_elems(f, "t", &dev, 8192, 8192, 3, 0);
    tp_print_matrix(f, &dev, 100, 10, 1);
    fclose(f);
    EXPECT(strstr(text, "matrix  8192 x 8192 16-bit: 134.2 MB in + 134.2 MB out = 5.4x the L2"),
           "the 2-byte matrix line:\n%s", text);
    EXPECT(strstr(text, "matrix  100 x 10 uint8: 0.0 MB in") != NULL, "the uint8 line:\n%s", text);
    {
        int lines = 0;
        const char *p;
        for (p = text; (p = strstr(p, "matrix  ")) != NULL; p++)
            lines++;
        EXPECT(lines == 2, "want 2 matrix lines (the header of several sizes, elem_bytes 0, "
               "prints none), got %d:\n%s", lines, text);
    }
    return 1;
}

/* The rule that sends a short side's tiles down columns (block_order.h),
 * on the shapes NOTES.md measured. */
static int test_block_order(void)
{
    /* 156 x 1564250 bytes in 64 x 64 tiles: 3 x 24442, bands of 100 MB */
    EXPECT(tiles_down(3, 24442, 64LL * 1564250), "156 x 1564250 stays along rows");
    /* 64 x 3000017 2-byte elements: one row of tiles */
    EXPECT(!tiles_down(1, 46876, 64LL * 3000017 * 2), "one row of tiles walks down columns");
    /* 8192 x 8192 doubles in 32 x 32 tiles: as many row tiles as column tiles */
    EXPECT(!tiles_down(257, 256, 32LL * 8192 * 8), "8192 x 8192 walks down columns");
    /* 2048 x 32768 doubles: bands of 8 MB */
    EXPECT(!tiles_down(65, 1024, 32LL * 32768 * 8), "a band of 8 MB walks down columns");
    EXPECT(tiles_down(2, 3, TILE_BAND_BYTES) && !tiles_down(2, 3, TILE_BAND_BYTES - 1),
           "the band's boundary is not TILE_BAND_BYTES");
    EXPECT(!tiles_down(8191, 157, 1LL << 40), "a tall matrix walks down columns");
    return 1;
}

int main(void)
{
    run("elements: every size's inputs decode to their source, none is the poison",
        test_values_decode_and_never_poison);
    run("elements: fill and reference of 1, 2 and 8-byte elements", test_fill_and_reference);
    run("elements: reference transpose 70x130 edges, every size", test_reference_edges);
    run("elements: compare catches and names wrong and unwritten elements, every size",
        test_compare_catches);
    run("elements: a flipped bit, a NaN, bits of no input", test_compare_odd_bits);
    run("elements: the N-D report of a 4-axis problem, every size", test_report_nd);
    run("elements: the N-D description of wrong bits; 2-D says the same", test_describe_nd);
    run("elements: bandwidth, memory and header per element size", test_arithmetic_per_size);
    run("elements: a short side's tiles walk down columns from a band of 16 MB", test_block_order);
    return failures ? 1 : 0;
}
