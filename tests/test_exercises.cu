/*
 * test_exercises.cu - what the exercises' given halves decide on the CPU,
 * checked on the CPU (no GPU needed, no CUDA call is made):
 *   - exercise 4's rule (given/04_band_check.h) accepts the solution's
 *     band order on every grid it checks and on the grids of the graded
 *     shapes, and refuses the order tests/pasted/04_diagonal.cu pastes in
 *     (chapter 4's diagonal mapping) and other orders that are not band
 *     orders. Without this test, only a GPU run of the grader would show
 *     that the pasted order fails the rule;
 *   - exercise 9's piece pitch (piece_pitch, given/09_beyond.h): the
 *     words a warp reads in step 3 fall in 32 banks for odd k and for k a
 *     power of two, at most 2 to a bank otherwise, for every k the kernel
 *     gets (1 to 32).
 * The solution's and the pasted order are the very files the grader
 * compiles, included here under other names.
 *
 *   test_exercises           one line per test, PASS or FAIL (tests/run.sh)
 *   test_exercises --banks   the table of words per bank for exercise 9,
 *                            pitch w + 1 against the launch's pitch
 *                            (docs/instructor-key.md quotes it)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../exercises/given/04_band_check.h"
#include "../exercises/given/09_beyond.h"

#define UNIT_PREFIX "exercises"
#include "unit.h"   /* EXPECT, run(), failures */

/* The solution's order and the pasted one, each under a name of its own. */
#define your_band_tile solution_band_tile
#include "../solutions/04_diagonal.cu"
#undef your_band_tile
#define your_band_tile lesson_band_tile
#include "pasted/04_diagonal.cu"
#undef your_band_tile

/* ---- exercise 4 ----------------------------------------------------------------- */

/* Orders that must fail the rule, each for its own reason. */
static int2 launch_order(int id, int gx, int gy)
{
    (void)gy;
    return make_int2(id % gx, id / gx);
}

static int2 column_order(int id, int gx, int gy)   /* down whole tile columns */
{
    (void)gx;
    return make_int2(id / gy, id % gy);
}

static int2 bands_of_4_only(int id, int gx, int gy)   /* forgets the short last band */
{
    int b = id / (BAND * gx), p = id - b * BAND * gx;
    (void)gy;
    return make_int2(p / BAND, b * BAND + p % BAND);
}

static int2 solution_order(int id, int gx, int gy) { return solution_band_tile(id, gx, gy); }
static int2 lesson_order(int id, int gx, int gy) { return lesson_band_tile(id, gx, gy); }

static int test_solution_passes(void)
{
    const char *p = band_order_problem(solution_order, 40);
    EXPECT(p == NULL, "%s", p);
    return 1;
}

/* The tile grids of exercise 4's graded shapes (32 x 8 tiles over the
 * output: gx = ceil(rows / 32), gy = ceil(cols / 8)), 8192 x 8192 among
 * them, and some lopsided ones. */
static int test_solution_large_grids(void)
{
    static const int grid[][2] = {
        { 256, 1024 }, { 256, 626 }, { 1, 513 }, { 129, 1 }, { 1, 11 }, { 3, 3 }, { 3, 38 },
        { 9, 513 }, { 32, 128 }, { 4096, 3 }, { 3, 4097 }, { 1000, 1001 },
    };
    size_t i;
    for (i = 0; i < sizeof grid / sizeof grid[0]; i++) {
        const char *p = order_bijection_problem(solution_order, grid[i][0], grid[i][1]);
        if (p == NULL)
            p = band_order_problem_on(solution_order, grid[i][0], grid[i][1]);
        EXPECT(p == NULL, "%s", p);
    }
    return 1;
}

static int test_refuses(tile_order_fn order, const char *because)
{
    const char *p = band_order_problem(order, 40);
    EXPECT(p != NULL, "accepted");
    EXPECT(strstr(p, because) != NULL, "refused, but for another reason: %s", p);
    return 1;
}

static int test_lesson_order_fails(void)
{
    return test_refuses(lesson_order, "not by 2 consecutive blocks");
}
static int test_launch_order_fails(void)
{
    return test_refuses(launch_order, "tile column 0 of band 0");
}
static int test_column_order_fails(void)
{
    return test_refuses(column_order, "of band 0 (tile rows 0 to 3)");
}
static int test_short_band_forgotten_fails(void)
{
    return test_refuses(bands_of_4_only, "outside the grid");
}

/* ---- exercise 9 ----------------------------------------------------------------- */

/* The most distinct words that one bank holds among the words the warp
 * touches: the passes a shared-memory access takes (1: no conflict). */
static int passes(const long *word, int n)
{
    int most = 0, i, j;
    for (i = 0; i < n; i++) {
        int same = 0, seen = 0;
        for (j = 0; j < n; j++) {
            seen |= j < i && word[j] == word[i];
            same += word[j] % 32 == word[i] % 32 && word[j] != word[i];
        }
        if (!seen && same + 1 > most)
            most = same + 1;
    }
    return most;
}

/* Step 3 of exercise 9 for k rows, a chunk of w columns, pitch p: the most
 * passes of any warp (32 consecutive output floats i from a multiple of
 * 32, float i at word (i % k) * p + i / k), and their mean into *mean. */
static int step3_passes(int k, int w, int p, double *mean)
{
    long word[32];
    int worst = 0, warps = 0, i0, i;
    double sum = 0.0;
    for (i0 = 0; i0 < k * w; i0 += 32) {
        int n = 0, d;
        for (i = i0; i < i0 + 32 && i < k * w; i++)
            word[n++] = (long)(i % k) * p + i / k;
        d = passes(word, n);
        worst = d > worst ? d : worst;
        sum += d;
        warps++;
    }
    *mean = sum / warps;
    return worst;
}

/* Step 1: 32 consecutive columns of one row, word r * p + col. */
static int step1_passes(int k, int w, int p)
{
    long word[32];
    int worst = 0, r, c0, c;
    for (r = 0; r < k; r++)
        for (c0 = 0; c0 < w; c0 += 32) {
            int d;
            for (c = 0; c < 32; c++)
                word[c] = (long)r * p + c0 + c;
            d = passes(word, 32);
            worst = d > worst ? d : worst;
        }
    return worst;
}

static int piece_width(int k) { return (PIECE_FLOATS / k) / 32 * 32; }

static int test_pitch_spreads_step3(void)
{
    int k;
    for (k = 1; k <= FEW_ROWS; k++) {
        int w = piece_width(k), p = piece_pitch(k, w), want = (k % 2 || 32 % k == 0) ? 1 : 2;
        double mean;
        int d = step3_passes(k, w, p, &mean);
        EXPECT(p > w && p <= w + 32, "k = %d: pitch %d outside w + 1 .. w + 32 (w = %d)", k, p,
               w);
        EXPECT((size_t)k * p * sizeof(float) <= 48 * 1024, "k = %d: %zu bytes of shared memory",
               k, (size_t)k * p * sizeof(float));
        EXPECT(d <= want, "k = %d, w = %d, pitch %d: step 3 takes %d passes, want %d", k, w, p, d,
               want);
        EXPECT(step1_passes(k, w, p) == 1, "k = %d: step 1 has conflicts", k);
    }
    return 1;
}

/* Why the launch does not use w + 1: at the graded k = 3 it is 3 passes. */
static int test_odd_pitch_was_not_enough(void)
{
    double mean;
    int w = piece_width(3), d = step3_passes(3, w, w + 1, &mean);
    EXPECT(d == 3, "k = 3, pitch w + 1 = %d: %d passes, the key says 3", w + 1, d);
    return 1;
}

static void print_bank_table(void)
{
    int k;
    printf("exercise 9, step 3: passes per warp of 32 reads (1: no bank conflict),\n"
           "the most and the mean over a whole piece\n");
    printf(" k     w  pitch w + 1   the launch's pitch\n");
    printf("          max / mean    pitch (mod 32)  max / mean\n");
    for (k = 1; k <= FEW_ROWS; k++) {
        int w = piece_width(k), p = piece_pitch(k, w);
        double m1, m2;
        int d1 = step3_passes(k, w, w + 1, &m1), d2 = step3_passes(k, w, p, &m2);
        printf("%2d  %4d   %2d / %4.2f     %5d  (%2d)     %d / %4.2f\n", k, w, d1, m1, p, p % 32,
               d2, m2);
    }
}

int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--banks") == 0) {
        print_bank_table();
        return 0;
    }
    run("4: the solution's band order passes the rule on every grid to 40 x 40",
        test_solution_passes);
    run("4: the solution's band order on the graded shapes' grids", test_solution_large_grids);
    run("4: the rule refuses chapter 4's diagonal order (tests/pasted/04_diagonal.cu)",
        test_lesson_order_fails);
    run("4: the rule refuses launch order (not column by column)", test_launch_order_fails);
    run("4: the rule refuses whole tile columns (not band by band)", test_column_order_fails);
    run("4: the rule refuses bands that forget the short last band",
        test_short_band_forgotten_fails);
    run("9: the launch's pitch puts step 3 in 32 banks (2 per bank for some even k)",
        test_pitch_spreads_step3);
    run("9: pitch w + 1 takes 3 passes at k = 3", test_odd_pitch_was_not_enough);
    return failures ? 1 : 0;
}
