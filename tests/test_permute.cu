/*
 * test_permute.cu - checks chapter 11's 3-D permutations on the CPU (no GPU
 * needed, no CUDA call is made): the harness's references and reports
 * (validate.h, problem.h), the command line's DxRxC sizes and the awkward
 * shapes by number (cli.h), and the index arithmetic of the
 * chapter's kernels (chapters/11_batched/plan.h, the very functions the
 * kernels and their launches call). The kernels' bodies are short loops
 * around that arithmetic; emulate_*() below repeat those loops on the CPU,
 * block by block, so a wrong stride or a wrong tile pair shows here
 * without a GPU. (The GPU tests in tests/run.sh run the real kernels.)
 *
 * Prints one line per test, "PASS  name" or "FAIL  name: why", which
 * tests/run.sh counts. Exit status 1 if any test failed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "validate.h"
#include "../chapters/11_batched/plan.h"

#define UNIT_PREFIX "permute"
#include "unit.h"   /* EXPECT, run(), failures */

#define T 32   /* the kernels' tile side (chapters/tile.h) */

static const int perms[6][3] = { { 0, 1, 2 }, { 0, 2, 1 }, { 1, 0, 2 },
                                 { 1, 2, 0 }, { 2, 0, 1 }, { 2, 1, 0 } };

static size_t count3(const long d[3]) { return (size_t)d[0] * (size_t)d[1] * (size_t)d[2]; }

/* An input tensor, and an output filled with the poison. */
static float *input(const long d[3])
{
    float *in = (float *)malloc(count3(d) * sizeof(float));
    tp_fill_input(in, d[0] * d[1], d[2]);
    return in;
}
static float *poisoned(const long d[3])
{
    float *out = (float *)malloc(count3(d) * sizeof(float));
    memset(out, TP_POISON_BYTE, count3(d) * sizeof(float));
    return out;
}

/* The index of the first element where a and b differ, or -1. */
static long first_difference(const float *a, const float *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (memcmp(&a[i], &b[i], sizeof(float)) != 0)
            return (long)i;
    return -1;
}

static int test_perm_ok(void)
{
    static const int bad[4][3] = { { 0, 0, 1 }, { 0, 1, 3 }, { -1, 1, 2 }, { 2, 2, 2 } };
    int k;
    for (k = 0; k < 6; k++)
        EXPECT(tp_perm_ok(perms[k]), "(%d, %d, %d) refused", perms[k][0], perms[k][1], perms[k][2]);
    for (k = 0; k < 4; k++)
        EXPECT(!tp_perm_ok(bad[k]), "(%d, %d, %d) accepted", bad[k][0], bad[k][1], bad[k][2]);
    return 1;
}

/* (0, 2, 1) of a 1 x R x C tensor is chapter 1's transpose, and of a batch
 * it is that transpose matrix by matrix; (0, 1, 2) is a copy. */
static int test_reference_is_transpose(void)
{
    long d[3] = { 3, 17, 83 };
    size_t m = (size_t)d[1] * d[2];
    float *in = input(d), *out = poisoned(d), *one = (float *)malloc(m * sizeof(float));
    long b, at;
    int ok = 1;

    tp_reference_permute(in, out, d, perms[1]);
    for (b = 0; b < d[0] && ok; b++) {
        tp_reference(in + b * m, one, d[1], d[2], TP_TRANSPOSE);
        at = first_difference(out + b * m, one, m);
        if (at >= 0) {
            snprintf(why, sizeof why, "matrix %ld differs from tp_reference at %ld", b, at);
            ok = 0;
        }
    }
    tp_reference_permute(in, out, d, perms[0]);
    if (ok && first_difference(in, out, count3(d)) >= 0) {
        snprintf(why, sizeof why, "(0, 1, 2) is not a copy");
        ok = 0;
    }
    free(in);
    free(out);
    free(one);
    return ok;
}

/* (2, 1, 0) of a 2 x 3 x 4 tensor, by hand: out[j0][j1][j2] = in[j2][j1][j0],
 * shape 4 x 3 x 2. Input element (i0, i1, i2) holds 12 i0 + 4 i1 + i2. */
static int test_reference_by_hand(void)
{
    long d[3] = { 2, 3, 4 };
    float *in = input(d), *out = poisoned(d);
    long j0, j1, j2;
    int ok = 1;

    tp_reference_permute(in, out, d, perms[5]);
    for (j0 = 0; j0 < 4; j0++)
        for (j1 = 0; j1 < 3; j1++)
            for (j2 = 0; j2 < 2; j2++)
                if (out[(j0 * 3 + j1) * 2 + j2] != (float)(12 * j2 + 4 * j1 + j0) && ok) {
                    snprintf(why, sizeof why, "out (%ld, %ld, %ld) = %g, want %ld", j0, j1, j2,
                             out[(j0 * 3 + j1) * 2 + j2], 12 * j2 + 4 * j1 + j0);
                    ok = 0;
                }
    free(in);
    free(out);
    return ok;
}

/* Every permutation followed by its inverse gives the input back. */
static int test_reference_inverse(void)
{
    long d[3] = { 3, 4, 5 }, e[3];
    float *in = input(d), *mid = poisoned(d), *back = poisoned(d);
    int k, a, inv[3], ok = 1;

    for (k = 0; k < 6 && ok; k++) {
        for (a = 0; a < 3; a++)
            inv[perms[k][a]] = a;
        tp_permute_shape(d, perms[k], e);
        tp_reference_permute(in, mid, d, perms[k]);
        tp_reference_permute(mid, back, e, inv);
        if (first_difference(in, back, count3(d)) >= 0) {
            snprintf(why, sizeof why, "(%d, %d, %d) then its inverse is not the identity",
                     perms[k][0], perms[k][1], perms[k][2]);
            ok = 0;
        }
    }
    free(in);
    free(mid);
    free(back);
    return ok;
}

/* permute_tiled, block by block: tile (r0, c0) of slab z, loaded along the
 * input's fastest axis, stored along the output's (kernels.cu). */
static void emulate_tiled(const float *in, float *out, const long d[3], const int perm[3])
{
    static float tile[T][T + 1];
    tile_plan p;
    long z, r0, c0, j, x;

    plan_tiled(d, perm, &p);
    for (z = 0; z < p.n_z; z++)
        for (r0 = 0; r0 < p.n_rows; r0 += T)
            for (c0 = 0; c0 < p.n_cols; c0 += T) {
                for (j = 0; j < T; j++)
                    for (x = 0; x < T; x++)
                        if (r0 + j < p.n_rows && c0 + x < p.n_cols)
                            tile[j][x] = in[z * p.in_z + (r0 + j) * p.in_row + c0 + x];
                for (j = 0; j < T; j++)
                    for (x = 0; x < T; x++)
                        if (c0 + j < p.n_cols && r0 + x < p.n_rows)
                            out[z * p.out_z + (c0 + j) * p.out_col + r0 + x] = tile[x][j];
            }
}

/* permute_rows: input row r = i0 d1 + i1 goes whole to the output at
 * (r / d1) stride[0] + (r % d1) stride[1]. */
static void emulate_rows(const float *in, float *out, const long d[3], const int perm[3])
{
    size_t s[3];
    long r, x;

    output_strides(d, perm, s);
    for (r = 0; r < d[0] * d[1]; r++)
        for (x = 0; x < d[2]; x++)
            out[(r / d[1]) * s[0] + (r % d[1]) * s[1] + x] = in[r * d[2] + x];
}

/* transpose_in_place_square, block by block on one buffer: both tiles of
 * pair k loaded, then both written. */
static void emulate_in_place(float *m, const long d[3])
{
    static float a[T][T + 1], b[T][T + 1];
    long n = d[1], tiles = (n + T - 1) / T, mat, y, x;
    unsigned long long pairs = (unsigned long long)tiles * (tiles + 1) / 2, k, i, j;

    for (mat = 0; mat < d[0]; mat++) {
        float *base = m + mat * n * n;
        for (k = 0; k < pairs; k++) {
            long ri, cj;
            tile_pair(k, &i, &j);
            ri = (long)i * T;
            cj = (long)j * T;
            for (y = 0; y < T; y++)
                for (x = 0; x < T; x++) {
                    if (ri + y < n && cj + x < n)
                        a[y][x] = base[(ri + y) * n + cj + x];
                    if (i != j && cj + y < n && ri + x < n)
                        b[y][x] = base[(cj + y) * n + ri + x];
                }
            for (y = 0; y < T; y++)
                for (x = 0; x < T; x++) {
                    if (cj + y < n && ri + x < n)
                        base[(cj + y) * n + ri + x] = a[x][y];
                    if (i != j && ri + y < n && cj + x < n)
                        base[(ri + y) * n + cj + x] = b[x][y];
                }
        }
    }
}

/* The emulated kernels against the reference, on every shape of --check
 * and a few more. */
static int test_kernels_on_every_shape(void)
{
    static const long extra[3][3] = { { 4, 64, 96 }, { 2, 96, 96 }, { 1, 1, 33 } };
    int s, k, nshapes = tp_check_shape3_count + 3;

    for (s = 0; s < nshapes; s++) {
        long d[3];
        float *in, *ref, *out;
        if (s < tp_check_shape3_count) {
            d[0] = tp_check_shapes3[s].depth;
            d[1] = tp_check_shapes3[s].rows;
            d[2] = tp_check_shapes3[s].cols;
        } else {
            memcpy(d, extra[s - tp_check_shape3_count], sizeof d);
        }
        in = input(d);
        ref = poisoned(d);
        out = poisoned(d);
        for (k = 1; k < 6; k++) {
            const char *kind = perms[k][2] == 2 ? "rows" : "tiled";
            memset(out, TP_POISON_BYTE, count3(d) * sizeof(float));
            tp_reference_permute(in, ref, d, perms[k]);
            if (perms[k][2] == 2)
                emulate_rows(in, out, d, perms[k]);
            else
                emulate_tiled(in, out, d, perms[k]);
            EXPECT(first_difference(out, ref, count3(d)) < 0,
                   "%s (%d, %d, %d) on %ld x %ld x %ld: element %ld wrong", kind, perms[k][0],
                   perms[k][1], perms[k][2], d[0], d[1], d[2],
                   first_difference(out, ref, count3(d)));
        }
        if (d[1] == d[2]) {
            memcpy(out, in, count3(d) * sizeof(float));
            tp_reference_permute(in, ref, d, perms[1]);
            emulate_in_place(out, d);
            EXPECT(first_difference(out, ref, count3(d)) < 0,
                   "in place on %ld x %ld x %ld: element %ld wrong", d[0], d[1], d[2],
                   first_difference(out, ref, count3(d)));
        }
        free(in);
        free(ref);
        free(out);
    }
    return 1;
}

/* permute_rows moves float4s when d2 % 4 == 0: its output strides are then
 * whole float4s too. */
static int test_rows_vec4_strides(void)
{
    long d[3] = { 6, 10, 12 };
    size_t s[3];
    output_strides(d, perms[2], s);
    EXPECT(s[2] == 1 && s[0] == 12 && s[1] == 72, "strides %zu %zu %zu, want 12 72 1",
           s[0], s[1], s[2]);
    EXPECT(s[0] % 4 == 0 && s[1] % 4 == 0, "not whole float4s");
    return 1;
}

/* tile_pair numbers the upper triangle one to one, for small k and near
 * the largest grid (2^31 - 1 blocks). */
static int test_tile_pairs(void)
{
    unsigned long long k, i, j, pi = 0, pj = 0;
    unsigned long long far = 2147483647ULL - 100000ULL;

    for (k = 0; k < 200000; k++) {
        tile_pair(k, &i, &j);
        EXPECT(i <= j && j * (j + 1) / 2 + i == k, "k = %llu gave (%llu, %llu)", k, i, j);
        if (k > 0)   /* the next pair: one row down, or the next column's first */
            EXPECT((j == pj && i == pi + 1) || (j == pj + 1 && i == 0 && pi == pj),
                   "k = %llu gave (%llu, %llu) after (%llu, %llu)", k, i, j, pi, pj);
        pi = i;
        pj = j;
    }
    for (k = far; k < far + 200000; k++) {
        tile_pair(k, &i, &j);
        EXPECT(i <= j && j * (j + 1) / 2 + i == k, "k = %llu gave (%llu, %llu)", k, i, j);
    }
    return 1;
}

/* A rank-3 float32 problem: the harness's view of a legacy tensor row. */
static tp_problem problem3(const long d[3], const int perm[3])
{
    tp_problem p;
    int a;
    memset(&p, 0, sizeof p);
    p.rank = 3;
    p.elem_bytes = 4;
    for (a = 0; a < 3; a++) {
        p.dims[a] = d[a];
        p.perm[a] = perm[a];
    }
    return p;
}

/* A wrong element is named by its output and input coordinates, as the
 * harness names it (validate.h's N-D report of a rank-3 float32 problem). */
static int test_mismatch_names_coordinates(void)
{
    long d[3] = { 2, 3, 4 };
    float *in = input(d), *ref = poisoned(d), *got = poisoned(d);
    tp_problem p = problem3(d, perms[1]);
    tp_check_result chk;
    char line[320], text[1024] = "";
    FILE *f = fmemopen(text, sizeof text, "w");
    int ok = 1;

    tp_reference_permute(in, ref, d, perms[1]);       /* output 2 x 4 x 3 */
    memcpy(got, ref, count3(d) * sizeof(float));
    got[1] = in[1];                                   /* out (0, 0, 1) should be in (0, 1, 0) */
    memset(&got[5], TP_POISON_BYTE, sizeof(float));   /* out (0, 1, 2): never written */
    tp_format_mismatch_nd(line, sizeof line, 1, got, ref, &p);
    if (strcmp(line, "(0, 0, 1): expected 4 [input (0, 1, 0)], got 1 [input (0, 0, 1)]") != 0) {
        snprintf(why, sizeof why, "said '%s'", line);
        ok = 0;
    }
    tp_format_mismatch_nd(line, sizeof line, 5, got, ref, &p);
    if (ok && strstr(line, "(0, 1, 2): expected 9 [input (0, 2, 1)], got") != line) {
        snprintf(why, sizeof why, "said '%s'", line);
        ok = 0;
    }
    if (ok && strstr(line, "[never written]") == NULL) {
        snprintf(why, sizeof why, "said '%s' (want never written)", line);
        ok = 0;
    }
    /* The report: those two lines, then the counts in the 2 x 4 x 3 output. */
    chk = tp_compare_bytes(got, ref, count3(d), 4);
    tp_print_mismatches_nd(f, &chk, got, ref, &p);
    fclose(f);
    if (ok && strstr(text, "2 of 24 elements wrong (1 never written) in the 2 x 4 x 3 output\n")
                  == NULL) {
        snprintf(why, sizeof why, "reported '%s'", text);
        ok = 0;
    }
    free(in);
    free(ref);
    free(got);
    return ok;
}

/* The harness checks every tensor row against tp_problem_reference (the
 * N-D map, problem.h); on every shape of --check and every permutation of
 * 3 axes it writes what the lesson's tp_reference_permute writes. */
static int test_problem_reference_is_the_lessons(void)
{
    int s, k;
    for (s = 0; s < tp_check_shape3_count; s++) {
        long d[3] = { tp_check_shapes3[s].depth, tp_check_shapes3[s].rows,
                      tp_check_shapes3[s].cols };
        float *in = input(d), *ref = poisoned(d), *out = poisoned(d);
        for (k = 0; k < 6; k++) {
            tp_problem p = problem3(d, perms[k]);
            tp_reference_permute(in, ref, d, perms[k]);
            tp_problem_reference(&p, in, out);
            EXPECT(first_difference(out, ref, count3(d)) < 0, "(%d, %d, %d) on %ld x %ld x %ld: "
                   "element %ld differs", perms[k][0], perms[k][1], perms[k][2], d[0], d[1],
                   d[2], first_difference(out, ref, count3(d)));
        }
        free(in);
        free(ref);
        free(out);
    }
    return 1;
}

/* The awkward shapes by number (what --check, --grade and --list-shapes
 * walk): a 2-D table's tp_check_shapes; a tensor table's
 * tp_check_shapes3, then tp_check_shapes4. A row of rank 3 takes the
 * 4-axis shapes whose first axis is 1, a row of rank 4 every shape. */
static int test_shape_lists(void)
{
    int64_t d[TP_MAX_RANK];
    int s, rank, a, rank3_takes = 0;

    for (s = 0; s < tp_check_shape_count; s++)
        EXPECT(tp_check_shape_at(0, s, &rank, d) && rank == 2 && d[0] == tp_check_shapes[s].rows &&
               d[1] == tp_check_shapes[s].cols, "2-D shape %d", s);
    EXPECT(!tp_check_shape_at(0, s, &rank, d) && !tp_check_shape_at(0, -1, &rank, d),
           "the 2-D list goes on past its %d shapes", s);
    for (s = 0; s < tp_check_shape3_count; s++)
        EXPECT(tp_check_shape_at(1, s, &rank, d) && rank == 3 &&
               d[0] == tp_check_shapes3[s].depth && d[1] == tp_check_shapes3[s].rows &&
               d[2] == tp_check_shapes3[s].cols, "tensor shape %d", s);
    for (s = 0; s < tp_check_shape4_count; s++) {
        tp_problem p3, p4;   /* a rank-3 row's problem, and a rank-4 one */
        char msg[160];
        EXPECT(tp_check_shape_at(1, tp_check_shape3_count + s, &rank, d) && rank == 4,
               "tensor shape %d is not the 4-axis shape %d", tp_check_shape3_count + s, s);
        memset(&p3, 0, sizeof p3);
        memset(&p4, 0, sizeof p4);
        p3.rank = 3;
        p4.rank = 4;
        p4.elem_bytes = 1;
        for (a = 0; a < 4; a++) {
            EXPECT(d[a] == tp_check_shapes4[s].dims[a], "4-axis shape %d, axis %d", s, a);
            p4.dims[a] = d[a];
            p4.perm[a] = 3 - a;
        }
        EXPECT(tp_problem_check(&p4, msg, sizeof msg) == TP_OK, "4-axis shape %d: %s", s, msg);
        if (tp_problem_set_shape(&p3, d, 4, NULL, 0) == TP_OK) {
            EXPECT(d[0] == 1, "a rank-3 row took 4-axis shape %d, whose first axis is not 1", s);
            rank3_takes++;
        }
    }
    EXPECT(!tp_check_shape_at(1, tp_check_shape3_count + s, &rank, d),
           "the tensor list goes on past its %d shapes", tp_check_shape3_count + s);
    EXPECT(rank3_takes >= 1 && tp_check_shape4_count - rank3_takes >= 3, "the 4-axis list has "
           "%d shapes for rank-3 rows too and %d for rank 4 only", rank3_takes,
           tp_check_shape4_count - rank3_takes);
    return 1;
}

/* --size DxRxC sets the depth; RxC leaves it 1; each side is checked. */
static int test_cli_depth(void)
{
    char err[256];
    tp_options opt;
    char *a3[] = { (char *)"p", (char *)"--size", (char *)"4x5x6" };
    char *a2[] = { (char *)"p", (char *)"--size=5x6" };
    char *a0[] = { (char *)"p", (char *)"--size", (char *)"4x0x6" };
    char *big[] = { (char *)"p", (char *)"--size", (char *)"70000x70000x70000" };

    EXPECT(tp_parse_args(3, a3, &opt, err, sizeof err) == 0 && opt.depth == 4 &&
           opt.rows == 5 && opt.cols == 6 && opt.size_given, "4x5x6: %s", err);
    EXPECT(tp_parse_args(2, a2, &opt, err, sizeof err) == 0 && opt.depth == 1 &&
           opt.rows == 5 && opt.cols == 6, "5x6: %s", err);
    EXPECT(tp_parse_args(3, a0, &opt, err, sizeof err) == TP_EXIT_USAGE &&
           strstr(err, "at least 1") != NULL, "4x0x6: '%s'", err);
    EXPECT(tp_parse_args(3, big, &opt, err, sizeof err) == TP_EXIT_USAGE &&
           strstr(err, "too large") != NULL, "70000^3: '%s'", err);
    return 1;
}

int main(void)
{
    run("permutations of 0, 1, 2 accepted, others refused", test_perm_ok);
    run("reference (0, 2, 1) is tp_reference's transpose per matrix; (0, 1, 2) copies",
        test_reference_is_transpose);
    run("reference (2, 1, 0) of 2 x 3 x 4 by hand", test_reference_by_hand);
    run("reference: every permutation then its inverse is the identity", test_reference_inverse);
    run("permute_tiled, permute_rows and the in-place pairs (emulated) on every --check shape",
        test_kernels_on_every_shape);
    run("permute_rows (1, 0, 2): output strides in whole float4s", test_rows_vec4_strides);
    run("tile_pair numbers the upper triangle one to one, near 2^31 too", test_tile_pairs);
    run("a wrong element named by output and input coordinates", test_mismatch_names_coordinates);
    run("tp_problem_reference = tp_reference_permute, every --check shape and permutation",
        test_problem_reference_is_the_lessons);
    run("the awkward shapes by number: 2-D, 3 axes, then 4 axes", test_shape_lists);
    run("--size DxRxC", test_cli_depth);
    return failures ? 1 : 0;
}
