/*
 * test_host.c - unit tests of the host side of common/ (no GPU needed):
 * the command line, the validation, the bandwidth arithmetic.
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
#include "grade.h"
#include "report.h"
#include "validate.h"

#include "unit.h"   /* EXPECT, run(), failures */

/* ---- command line ---------------------------------------------------------- */

static int parse(const char *line, tp_options *opt, char *err)
{
    static char buf[512];   /* static: opt->kernel_filter points into it */
    char *argv[32];
    int argc = 0;
    char *tok;
    snprintf(buf, sizeof buf, "prog %s", line);
    for (tok = strtok(buf, " "); tok && argc < 32; tok = strtok(NULL, " "))
        argv[argc++] = tok;
    return tp_parse_args(argc, argv, opt, err, 256);
}

static int test_cli_defaults(void)
{
    tp_options o; char err[256];
    EXPECT(parse("", &o, err) == 0, "empty command line rejected: %s", err);
    EXPECT(o.rows == TP_DEFAULT_ROWS && o.cols == TP_DEFAULT_COLS, "default %ldx%ld", o.rows, o.cols);
    EXPECT(o.reps == TP_DEFAULT_REPS && !o.check && !o.csv && !o.size_given, "other defaults");
    return 1;
}

static int test_cli_shapes(void)
{
    tp_options o; char err[256];
    EXPECT(parse("--size 8191x5003", &o, err) == 0 && o.rows == 8191 && o.cols == 5003,
           "--size 8191x5003 gave %ldx%ld (%s)", o.rows, o.cols, err);
    EXPECT(parse("--rows 1 --cols 4097", &o, err) == 0 && o.rows == 1 && o.cols == 4097,
           "--rows 1 --cols 4097 gave %ldx%ld", o.rows, o.cols);
    EXPECT(parse("--rows=17 --cols=83 --reps=5", &o, err) == 0 && o.rows == 17 && o.cols == 83
           && o.reps == 5, "--flag=value form");
    EXPECT(parse("--size 300", &o, err) == 0 && o.rows == 300 && o.cols == 300, "--size N");
    EXPECT(parse("--check --csv --device 1 --kernel naive", &o, err) == 0 && o.check && o.csv
           && o.device == 1 && strcmp(o.kernel_filter, "naive") == 0, "flags");
    EXPECT(o.size_given == 0, "size_given set without a size");
    return 1;
}

/* --kernel picks rows by parts of their names, comma-separated. */
static int test_cli_kernel_filter(void)
{
    tp_options o; char err[256];
    EXPECT(parse("", &o, err) == 0 && tp_kernel_selected(&o, "transpose_naive_row"),
           "no --kernel must select every row");
    EXPECT(parse("--kernel naive,tile64", &o, err) == 0, "--kernel naive,tile64: %s", err);
    EXPECT(tp_kernel_selected(&o, "transpose_naive_col") &&
           tp_kernel_selected(&o, "transpose_tile64_vec4"), "a row matching one part is selected");
    EXPECT(!tp_kernel_selected(&o, "transpose_padded_tile"), "a row matching no part is selected");
    EXPECT(parse("--kernel ,,shuffle,", &o, err) == 0 && tp_kernel_selected(&o, "transpose_shuffle") &&
           !tp_kernel_selected(&o, "copy_row"), "empty parts must match nothing");
    return 1;
}

/* Every bad command line must be refused with exit code 2 and a message
 * that names the problem. */
static int test_cli_errors(void)
{
    static const struct { const char *line, *says; } bad[] = {
        { "--size 0x5", "at least 1" },
        { "--size 5x0", "at least 1" },
        { "--rows -3 --cols 4", "at least 1" },
        { "--size -5x3", "at least 1" },
        { "--size abc", "whole number" },
        { "--size 12x", "needs a value" },
        { "--size 4x4x4x4x4", "at most 4" },
        { "--size 0x4x4", "at least 1" },
        { "--size 70000x70000x70000", "too large" },
        { "--rows 12.5 --cols 3", "whole number" },
        { "--size 99999999999999999999x3", "too large" },
        { "--size 300000x300000", "too large" },
        { "--size 2147483648x1", "too large" },
        { "--rows 5", "both --rows and --cols" },
        { "--reps 0", "at least 1" },
        { "--reps 1000000", "too large" },
        { "--device -1", "at least 0" },
        { "--bogus", "unknown option" },
        { "--rows", "needs a value" },
        { "--csv=1", "unknown option" },
    };
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tp_options o; char err[256];
        int rc = parse(bad[i].line, &o, err);
        EXPECT(rc == TP_EXIT_USAGE, "'%s' returned %d, want %d", bad[i].line, rc, TP_EXIT_USAGE);
        EXPECT(strstr(err, bad[i].says) != NULL, "'%s' said '%s', want it to mention '%s'",
               bad[i].line, err, bad[i].says);
    }
    return 1;
}

static int test_cli_largest_allowed(void)
{
    tp_options o; char err[256];
    EXPECT(parse("--size 40000x40000", &o, err) == 0, "40000 x 40000 refused: %s", err);
    EXPECT(parse("--size 1x2147483647", &o, err) == 0, "1 x INT_MAX refused: %s", err);
    return 1;
}

/* --size of 1 to 4 axes: rank and dims in full, rows and cols the last two
 * axes, depth every other axis multiplied; --size N is N x N (rank 2). */
static int test_cli_rank4(void)
{
    static const struct { const char *line, *says; } bad[] = {
        { "--size 2x3x5x7x11", "has 5 axes; at most 4" },
        { "--size 2x3x0x7", "axis 2 must be at least 1" },
        { "--size 1x1x2147483648x1", "axis 2 is too large: '2147483648' (at most 2147483647)" },
        { "--size 3000x3000x3000x3000", "3000 x 3000 x 3000 x 3000 is too large: at most" },
        { "--size 2x3x5x", "axis 3 needs a value" },
    };
    tp_options o; char err[256];
    size_t i;

    EXPECT(parse("--size 2x3x5x7", &o, err) == 0, "2x3x5x7 refused: %s", err);
    EXPECT(o.rank == 4 && o.dims[0] == 2 && o.dims[1] == 3 && o.dims[2] == 5 && o.dims[3] == 7,
           "2x3x5x7 gave rank %d, %lld x %lld x %lld x %lld", o.rank, (long long)o.dims[0],
           (long long)o.dims[1], (long long)o.dims[2], (long long)o.dims[3]);
    EXPECT(o.rows == 5 && o.cols == 7 && o.depth == 6 && o.size_given, "2x3x5x7: %ld x %ld, "
           "depth %ld", o.rows, o.cols, o.depth);
    EXPECT(parse("--size 4x5x6", &o, err) == 0 && o.rank == 3 && o.dims[0] == 4 && o.depth == 4,
           "4x5x6: rank %d, depth %ld", o.rank, o.depth);
    EXPECT(parse("--size 300", &o, err) == 0 && o.rank == 2 && o.dims[0] == 300 &&
           o.dims[1] == 300 && o.depth == 1, "--size 300: rank %d", o.rank);
    EXPECT(parse("--rows 17 --cols 83", &o, err) == 0 && o.rank == 2 && o.dims[0] == 17 &&
           o.dims[1] == 83, "--rows 17 --cols 83: rank %d", o.rank);
    EXPECT(parse("", &o, err) == 0 && o.rank == 2 && o.dims[0] == TP_DEFAULT_ROWS &&
           o.dims[1] == TP_DEFAULT_COLS, "the default: rank %d", o.rank);
    /* --rows and --cols after a --size of 4 axes change its last two. */
    EXPECT(parse("--size 2x3x5x7 --rows 9 --cols 4", &o, err) == 0 && o.rank == 4 &&
           o.dims[2] == 9 && o.dims[3] == 4 && o.depth == 6, "--size then --rows: %lld x %lld",
           (long long)o.dims[2], (long long)o.dims[3]);
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        EXPECT(parse(bad[i].line, &o, err) == TP_EXIT_USAGE, "'%s' accepted", bad[i].line);
        EXPECT(strstr(err, bad[i].says) != NULL, "'%s' said '%s', want '%s'", bad[i].line, err,
               bad[i].says);
    }
    return 1;
}

static int test_fits_and_shrink(void)
{
    long r = 8192, c = 8192;
    size_t gib = (size_t)1 << 30;
    EXPECT(tp_fits(8192, 8192, gib, 0), "two 256 MiB matrices should fit in 1 GiB");
    EXPECT(tp_fits(8192, 8192, gib / 2, 0), "they fill 512 MiB exactly");
    EXPECT(!tp_fits(8192, 8192, gib / 2 - 1, 0), "they should not fit in one byte less");
    EXPECT(!tp_fits(1, 1, 100, 200), "extra larger than free must not fit");
    EXPECT(tp_shrink_to_fit(&r, &c, gib, 0) == 0 && r == 8192, "no shrink needed");
    EXPECT(tp_shrink_to_fit(&r, &c, gib / 2 - 1, 0) == 1 && r == 4096 && c == 8192,
           "shrank to %ldx%ld, want 4096x8192", r, c);
    EXPECT(tp_fits(r, c, gib / 2 - 1, 0), "shrunk size must fit");
    r = c = 8;
    EXPECT(tp_shrink_to_fit(&r, &c, 4, 0) == -1, "nothing fits in 4 bytes");
    return 1;
}

/* ---- validation --------------------------------------------------------------- */

static int test_values_distinct_and_decodable(void)
{
    /* Around the 2^24 boundary and up to the last distinct value. */
    static const size_t probe[] = { 0, 1, 2, 16777215, 16777216, 16777217, 16777218,
                                    100000000, TP_DISTINCT_VALUES - 1 };
    size_t i;
    uint32_t prev = 0;
    for (i = 0; i < sizeof probe / sizeof probe[0]; i++) {
        float v = tp_input_value(probe[i]);
        uint32_t b;
        memcpy(&b, &v, 4);
        EXPECT(isfinite(v), "value at %zu is not finite", probe[i]);
        EXPECT(tp_source_of(v) == (long long)probe[i], "index %zu decodes to %lld", probe[i],
               tp_source_of(v));
        EXPECT(i == 0 || b > prev, "value at %zu not larger than the one before", probe[i]);
        prev = b;
    }
    /* Every value of a 5000 x 5000 input (crosses 2^24) is distinct. */
    for (i = 1; i < 25000000; i++)
        if (!(tp_input_value(i) > tp_input_value(i - 1)))
            EXPECT(0, "values at %zu and %zu are not increasing", i - 1, i);
    EXPECT(tp_source_of(0.5f) == -1 && tp_source_of(-1.0f) == -1 && tp_source_of(NAN) == -1,
           "fractions, negatives and NaN come from no input element");
    return 1;
}

/* Past TP_DISTINCT_VALUES the values repeat, and a wrong value is named by
 * the element nearest to where it should have come from. */
static int test_values_repeat_in_huge_inputs(void)
{
    char buf[160];
    float last = tp_input_value(TP_DISTINCT_VALUES - 1);
    uint32_t b;
    memcpy(&b, &last, 4);
    EXPECT(b == 0x7F7FFFFFu, "the last distinct value is the largest finite float, got 0x%08X", b);
    EXPECT(tp_input_value(TP_DISTINCT_VALUES) == 0.0f &&
           tp_input_value(TP_DISTINCT_VALUES + 7) == 7.0f, "values repeat after TP_DISTINCT_VALUES");
    /* 40000 x 40000: element 1599999995 is (39999, 39995). */
    tp_describe_value(tp_input_value(1599999995), 40000, 40000, 1599999990, buf, sizeof buf);
    EXPECT(strcmp(buf, "input (39999, 39995), or another holding the same value") == 0,
           "the nearest holder of a repeated value: got '%s'", buf);
    tp_describe_value(tp_input_value(1599999995), 40000, 40000, 3, buf, sizeof buf);
    EXPECT(strncmp(buf, "input (17770, 7547)", 19) == 0,
           "near the start, the first holder: got '%s'", buf);
    tp_describe_value(tp_input_value(5), 2000, 3000, 4000000, buf, sizeof buf);
    EXPECT(strcmp(buf, "input (0, 5)") == 0, "a small input names its one holder: got '%s'", buf);
    return 1;
}

static int test_reference_transpose(void)
{
    float in[6], ref[6];
    static const float want[6] = { 0, 3, 1, 4, 2, 5 };   /* 2x3 -> 3x2 */
    tp_fill_input(in, 2, 3);
    tp_reference(in, ref, 2, 3, TP_TRANSPOSE);
    EXPECT(memcmp(ref, want, sizeof want) == 0, "2x3 transpose wrong: %g %g %g %g %g %g",
           ref[0], ref[1], ref[2], ref[3], ref[4], ref[5]);
    tp_reference(in, ref, 2, 3, TP_COPY);
    EXPECT(memcmp(ref, in, sizeof in) == 0, "copy reference differs from the input");
    return 1;
}

/* A 70 x 130 case: the 64-blocked reference must also handle the edges. */
static int test_reference_edges(void)
{
    long rows = 70, cols = 130, r, c;
    float *in = malloc(sizeof(float) * rows * cols), *ref = malloc(sizeof(float) * rows * cols);
    int ok = 1;
    tp_fill_input(in, rows, cols);
    tp_reference(in, ref, rows, cols, TP_TRANSPOSE);
    for (r = 0; r < rows; r++)
        for (c = 0; c < cols; c++)
            ok &= ref[c * rows + r] == in[r * cols + c];
    free(in);
    free(ref);
    EXPECT(ok, "70 x 130 reference transpose is wrong somewhere");
    return 1;
}

static void poison(float *v)
{
    uint32_t p = TP_POISON_BITS;
    memcpy(v, &p, 4);
}

/* Plants faults in a correct 17 x 83 transpose and checks they are caught,
 * counted, and named in the report. */
static int test_compare_catches(void)
{
    long rows = 17, cols = 83;
    size_t n = (size_t)rows * cols;
    float *in = malloc(n * 4), *ref = malloc(n * 4), *got = malloc(n * 4);
    char text[4096] = "";
    FILE *f = fmemopen(text, sizeof text, "w");
    tp_check_result r;

    tp_fill_input(in, rows, cols);
    tp_reference(in, ref, rows, cols, TP_TRANSPOSE);
    memcpy(got, ref, n * 4);
    r = tp_compare(got, ref, n);
    EXPECT(r.mismatches == 0, "a correct output reported %zu mismatches", r.mismatches);

    got[5] = in[5];             /* output (0, 5) holds input (0, 5): wrong */
    got[100] = NAN;             /* a NaN */
    poison(&got[n - 1]);        /* the last element never written */
    r = tp_compare(got, ref, n);
    tp_print_mismatches(f, &r, got, ref, rows, cols, TP_TRANSPOSE);
    fclose(f);
    free(in); free(ref); free(got);
    EXPECT(r.mismatches == 3, "found %zu mismatches, planted 3", r.mismatches);
    EXPECT(r.unwritten == 1, "found %zu unwritten, planted 1", r.unwritten);
    EXPECT(r.reported == 3 && r.first[0] == 5 && r.first[1] == 100 && r.first[2] == n - 1,
           "first wrong indices %d: %zu %zu %zu", r.reported, r.first[0], r.first[1], r.first[2]);
    /* Output is 83 x 17: index 5 is (0, 5) and should hold input (5, 0). */
    EXPECT(strstr(text, "(0, 5): expected 415 [input (5, 0)], got 5 [input (0, 5)]"),
           "report does not name the wrong element:\n%s", text);
    EXPECT(strstr(text, "got nan [NaN]") || strstr(text, "got -nan [NaN]"),
           "report does not show the NaN:\n%s", text);
    EXPECT(strstr(text, "(82, 16)") && strstr(text, "[never written]"),
           "report does not show the unwritten element:\n%s", text);
    EXPECT(strstr(text, "3 of 1411 elements wrong (1 never written)"), "summary line:\n%s", text);
    return 1;
}

static int test_compare_limits_report(void)
{
    float ref[64], got[64];
    char text[8192] = "";
    FILE *f = fmemopen(text, sizeof text, "w");
    int lines = 0;
    char *p;
    tp_check_result r;

    tp_fill_input(ref, 8, 8);
    memset(got, TP_POISON_BYTE, sizeof got);     /* nothing written at all */
    r = tp_compare(got, ref, 64);
    tp_print_mismatches(f, &r, got, ref, 8, 8, TP_COPY);
    fclose(f);
    for (p = text; (p = strchr(p, '\n')) != NULL; p++)
        lines++;
    EXPECT(r.mismatches == 64 && r.unwritten == 64, "counts %zu/%zu", r.mismatches, r.unwritten);
    EXPECT(lines == 6, "want 5 mismatch lines and a summary, got %d lines", lines);
    return 1;
}

/* ---- bandwidth arithmetic -------------------------------------------------------- */

static int near(double a, double b) { return fabs(a - b) <= 1e-6 * fabs(b); }

static int test_bandwidth(void)
{
    /* H100 SXM: 2619 MHz HBM3, 5120-bit bus -> 3352.32 GB/s. */
    EXPECT(near(tp_peak_gbps(2619000, 5120), 3352.32), "peak %f", tp_peak_gbps(2619000, 5120));
    /* 8192 x 8192 floats read and written = 536870912 bytes; in 1 ms. */
    EXPECT(near(tp_effective_gbps(8192, 8192, 1.0), 536.870912), "effective %f",
           tp_effective_gbps(8192, 8192, 1.0));
    EXPECT(near(tp_effective_gbps(1, 1, 1e-3), 0.008), "1x1 (8 bytes) in 1 us: %f",
           tp_effective_gbps(1, 1, 1e-3));
    return 1;
}

static int test_median(void)
{
    double odd[] = { 5, 1, 3 }, even[] = { 4, 1, 3, 2 }, one[] = { 7 };
    EXPECT(tp_median(odd, 3) == 3, "median of 5 1 3");
    EXPECT(tp_median(even, 4) == 2.5, "median of 4 1 3 2");
    EXPECT(tp_median(one, 1) == 7, "median of one value");
    EXPECT(odd[0] == 1 && odd[2] == 5, "median leaves the values sorted");
    return 1;
}

static int test_bar(void)
{
    char buf[64];
    EXPECT(strcmp(tp_bar(50, 10, buf), "#####") == 0, "50%% of 10: '%s'", buf);
    EXPECT(strcmp(tp_bar(0, 10, buf), "") == 0, "0%%: '%s'", buf);
    EXPECT(strcmp(tp_bar(130, 10, buf), "##########+") == 0, "130%%: '%s'", buf);
    return 1;
}

static int test_table_marks_failure(void)
{
    tp_result r[2];
    char text[2048] = "";
    FILE *f = fmemopen(text, sizeof text, "w");
    memset(r, 0, sizeof r);
    r[0].name = "good"; strcpy(r[0].block, "32x8"); r[0].ok = 1; r[0].timed = 1;
    r[0].median_ms = 1; r[0].min_ms = 0.9; r[0].max_ms = 1.1; r[0].gbps = 500;
    r[1].name = "bad"; strcpy(r[1].block, "32x8"); r[1].check.mismatches = 7; r[1].check.unwritten = 2;
    tp_print_table(f, r, 2, 1000, 2000);
    fclose(f);
    EXPECT(strstr(text, "good") && strstr(text, "500") && strstr(text, "50.0%"),
           "good row:\n%s", text);
    EXPECT(strstr(text, "bad") && strstr(text, "FAIL: 7 elements wrong (2 never written)"),
           "failed row:\n%s", text);
    return 1;
}

/* A kernel that cannot take the shape shows "n/a" and its reason, no
 * bandwidth and no FAIL; in CSV its status is N/A. */
static int test_table_shows_not_applicable(void)
{
    tp_result r[1];
    tp_device_info dev;
    char text[2048] = "", csv[2048] = "";
    FILE *f = fmemopen(text, sizeof text, "w");
    FILE *g = fmemopen(csv, sizeof csv, "w");
    memset(r, 0, sizeof r);
    memset(&dev, 0, sizeof dev);
    r[0].name = "tall"; strcpy(r[0].block, "32x8");
    r[0].na = "needs a grid of 1 x 70000 blocks";
    tp_print_table(f, r, 1, 1000, 2000);
    tp_print_csv(g, &dev, 2240000, 2, r, 1, 1000);
    fclose(f);
    fclose(g);
    EXPECT(strstr(text, "n/a: needs a grid of 1 x 70000 blocks") && !strstr(text, "FAIL"),
           "n/a row:\n%s", text);
    EXPECT(strstr(csv, ",tall,32x8,N/A,"), "n/a CSV row:\n%s", csv);
    return 1;
}

/* The awkward shapes: --list-shapes and --small are accepted where they
 * make sense, and the list has the classes it promises. */
static int test_check_shapes(void)
{
    tp_options o; char err[256];
    int i, single_row = 0, single_col = 0, small = 0, large = 0, cols4_only = 0, rows4_only = 0,
        down_shape = 0;
    EXPECT(parse("--list-shapes", &o, err) == 0 && o.list_shapes, "--list-shapes: %s", err);
    EXPECT(parse("--check --small", &o, err) == 0 && o.small, "--check --small: %s", err);
    EXPECT(parse("--list-shapes --small", &o, err) == 0 && o.small, "--list-shapes --small: %s", err);
    EXPECT(parse("--small", &o, err) == TP_EXIT_USAGE && strstr(err, "--check"),
           "--small alone accepted");
    EXPECT(parse("--check --small --size 9", &o, err) == TP_EXIT_USAGE, "--small with --size accepted");
    for (i = 0; i < tp_check_shape_count; i++) {
        long r = tp_check_shapes[i].rows, c = tp_check_shapes[i].cols;
        single_row += r == 1 && c > 1;
        single_col += c == 1 && r > 1;
        small += r * c <= TP_SMALL_SHAPE_ELEMENTS;
        large += r * c > 4 * 1024 * 1024;
        cols4_only += c % 4 == 0 && r % 4 != 0;
        rows4_only += r % 4 == 0 && c % 4 != 0;
        down_shape += r % 8 == 0 && c % 8 == 0 && r > 2 * 128 && c > 2 * r;
    }
    EXPECT(single_row && single_col, "the list needs a 1 x N and an N x 1 shape");
    EXPECT(small >= 3 && large >= 1, "%d small and %d large shapes", small, large);
    EXPECT(cols4_only && rows4_only, "the list needs cols %% 4 == 0 without rows, and the reverse");
    EXPECT(down_shape, "the list needs a shape of more than two 128-row tiles and more column "
                       "tiles, sides multiples of 8 (the tiles that walk down columns)");
    return 1;
}

static int test_best_block(void)
{
    tp_result r[4];
    memset(r, 0, sizeof r);
    r[0].name = "a"; r[1].name = "a"; r[2].name = "a"; r[3].name = "b";
    r[0].ok = r[1].ok = r[3].ok = 1;
    r[0].timed = r[1].timed = r[3].timed = 1;
    r[0].gbps = 100; r[1].gbps = 300; r[2].gbps = 900; /* r[2] failed: not a candidate */
    r[3].gbps = 1000;
    EXPECT(tp_is_best_block(r, 4, 1), "fastest correct 'a' not marked");
    EXPECT(!tp_is_best_block(r, 4, 0) && !tp_is_best_block(r, 4, 2), "slower or failed 'a' marked");
    EXPECT(!tp_is_best_block(r, 4, 3), "a kernel with one block shape must not be marked");
    return 1;
}

/* ---- exercise grader ------------------------------------------------------------ */

static tp_grade a_grade(void)
{
    tp_grade g;
    memset(&g, 0, sizeof g);
    g.kernel = "your_transpose_padded_tile";
    g.see = "chapter 7";
    g.target = 0.75;
    g.shapes_checked = 8;
    return g;
}

static int test_grade_pass_and_slow(void)
{
    tp_grade g = a_grade();
    char line[512];
    g.timed = 1; g.ratio = 0.86;
    EXPECT(tp_grade_verdict(&g, line, sizeof line) == 1, "86%% vs 75%% failed: %s", line);
    EXPECT(strstr(line, "PASS") && strstr(line, "86% of copy (target 75%)"), "%s", line);
    g.ratio = 0.41;
    EXPECT(tp_grade_verdict(&g, line, sizeof line) == 0, "41%% vs 75%% passed: %s", line);
    EXPECT(strstr(line, "correct, but 41% of copy; target 75%: see chapter 7"), "%s", line);
    g.ratio = 0.749;
    EXPECT(tp_grade_verdict(&g, line, sizeof line) == 0, "just under target passed: %s", line);
    g.timed = 0;
    EXPECT(tp_grade_verdict(&g, line, sizeof line) == 0, "untimed passed: %s", line);
    return 1;
}

/* Against another kernel, and with a broken rule. */
static int test_grade_relative_and_rule(void)
{
    tp_grade g = a_grade();
    char line[512];
    g.relative_to = "transpose_naive_row";
    g.target = 2.0;
    g.timed = 1; g.ratio = 2.61;
    EXPECT(tp_grade_verdict(&g, line, sizeof line) == 1 &&
           strstr(line, "2.61x transpose_naive_row (target 2.00x transpose_naive_row)"), "%s", line);
    g.ratio = 1.02;
    EXPECT(tp_grade_verdict(&g, line, sizeof line) == 0 &&
           strstr(line, "correct, but 1.02x transpose_naive_row; target 2.00x"), "%s", line);
    g.ratio = 3.0;
    g.rule_broken = "it uses 16640 bytes of shared memory";
    EXPECT(tp_grade_verdict(&g, line, sizeof line) == 0 &&
           strstr(line, "not what the exercise asks: it uses 16640 bytes"), "a broken rule passed: %s", line);
    /* An exercise timed on its own shape says which. */
    g.rule_broken = NULL;
    g.ratio = 2.19;
    g.speed_rows = 3; g.speed_cols = 16777216;
    EXPECT(tp_grade_verdict(&g, line, sizeof line) == 1 &&
           strstr(line, "2.19x transpose_naive_row at 3 x 16777216 (target 2.00x"), "%s", line);
    return 1;
}

static int test_grade_wrong_answers(void)
{
    tp_grade g = a_grade();
    char line[512];
    g.failed_rows = 17; g.failed_cols = 83; g.elements = 1411;
    g.wrong = g.unwritten = 1411;          /* the TODO stub writes nothing */
    snprintf(g.first_wrong, sizeof g.first_wrong, "(0, 0): expected 0 [input (0, 0)], got nan [never written]");
    EXPECT(tp_grade_verdict(&g, line, sizeof line) == 0 && strstr(line, "still the TODO"), "%s", line);
    g.wrong = g.unwritten = 40;            /* an edge left out */
    EXPECT(tp_grade_verdict(&g, line, sizeof line) == 0 && strstr(line, "40 of 1411")
           && strstr(line, "never written") && strstr(line, "bounds"), "%s", line);
    g.wrong = 300; g.unwritten = 0;        /* wrong values */
    snprintf(g.first_wrong, sizeof g.first_wrong, "(0, 1): expected 83 [input (1, 0)], got 1 [input (0, 1)]");
    EXPECT(tp_grade_verdict(&g, line, sizeof line) == 0 && strstr(line, "FAIL")
           && strstr(line, "17 x 83") && strstr(line, "got 1 [input (0, 1)]"), "%s", line);
    g.timed = 1; g.ratio = 0.99;           /* fast but wrong is still wrong */
    EXPECT(tp_grade_verdict(&g, line, sizeof line) == 0, "a wrong kernel passed: %s", line);
    return 1;
}

/* The guard zones around an output: untouched, a store just past the end,
 * one just before the start; and the verdicts that name them. */
static int test_guards_and_late_failures(void)
{
    static unsigned char before[TP_GUARD_BYTES], after[TP_GUARD_BYTES];
    tp_check_result chk;
    tp_grade g = a_grade();
    char line[512];

    memset(before, TP_GUARD_BYTE, sizeof before);
    memset(after, TP_GUARD_BYTE, sizeof after);
    memset(&chk, 0, sizeof chk);
    EXPECT(tp_check_guards(&chk, before, after, 1000) == 0 && chk.mismatches == 0,
           "untouched guards: %zu bytes changed", chk.outside);
    after[0] = after[1] = 0;                      /* a store right past the end */
    EXPECT(tp_check_guards(&chk, before, after, 1000) == 2 && chk.outside == 2 &&
           chk.first_outside == 1000 && chk.mismatches == 1,
           "past the end: %zu bytes, first at %lld, %zu mismatches", chk.outside,
           chk.first_outside, chk.mismatches);
    memset(&chk, 0, sizeof chk);
    before[TP_GUARD_BYTES - 4] = 7;               /* 4 bytes before the start */
    EXPECT(tp_check_guards(&chk, before, after, 1000) == 3 && chk.first_outside == -4,
           "before the start: first at %lld", chk.first_outside);

    g.failed_rows = 33; g.failed_cols = 33; g.elements = 1089; g.out_bytes = 4356;
    g.wrong = 1; g.outside = 128; g.first_outside = 4356;
    EXPECT(tp_grade_verdict(&g, line, sizeof line) == 0 && strstr(line, "128 bytes outside")
           && strstr(line, "the nearest 1 bytes past its end"), "%s", line);
    g.outside = 0; g.wrong_late = 1; g.wrong = g.unwritten = 1089;
    snprintf(g.first_wrong, sizeof g.first_wrong, "(0, 0): expected 0, got nan [never written]");
    EXPECT(tp_grade_verdict(&g, line, sizeof line) == 0 && strstr(line, "right on its first run")
           && strstr(line, "wrong after the timed runs"), "%s", line);
    return 1;
}

int main(void)
{
    run("cli defaults", test_cli_defaults);
    run("cli shapes and flags", test_cli_shapes);
    run("cli --kernel selects rows by parts of their names", test_cli_kernel_filter);
    run("cli refuses bad input with exit code 2", test_cli_errors);
    run("cli accepts the largest matrix", test_cli_largest_allowed);
    run("cli --size of 1 to 4 axes, and its errors", test_cli_rank4);
    run("memory fit and default shrink", test_fits_and_shrink);
    run("input values distinct and decodable", test_values_distinct_and_decodable);
    run("input values repeat past 889192448 elements, named by the nearest", test_values_repeat_in_huge_inputs);
    run("reference transpose 2x3", test_reference_transpose);
    run("reference transpose 70x130 edges", test_reference_edges);
    run("compare catches wrong, NaN and unwritten", test_compare_catches);
    run("compare reports the first 5 only", test_compare_limits_report);
    run("bandwidth arithmetic", test_bandwidth);
    run("median", test_median);
    run("bar", test_bar);
    run("table shows FAIL and no bandwidth", test_table_marks_failure);
    run("table shows n/a with its reason", test_table_shows_not_applicable);
    run("awkward shapes list and its options", test_check_shapes);
    run("best block shape marked per kernel", test_best_block);
    run("grader: pass, and too slow", test_grade_pass_and_slow);
    run("grader: wrong, unwritten, untouched", test_grade_wrong_answers);
    run("grader: against another kernel, and a broken rule", test_grade_relative_and_rule);
    run("guard zones, and the verdicts for stores outside and late failures",
        test_guards_and_late_failures);
    return failures ? 1 : 0;
}
