/*
 * scripts/draw_cases.c - random permutations whose plan (common/problem.h)
 * is of a chosen kind, as case lines for scripts/compare_trees.sh: how
 * chapter 11's NOTES.md draws "shapes drawn at random among those the
 * change takes" (no GPU needed).
 *
 *   draw_cases --seed 7 --count 20 --elem 4,8 --kind tile --rows 17-31
 *   draw_cases --plan 8 2,1,3,0 19x23x472x121
 *
 * A draw is an element size from --elem, a rank from --rank, a
 * permutation that is not the identity, and sides drawn log-uniformly
 * whose input holds between the two --bytes (as make tensor-sweep draws
 * them); it is kept where its plan (tp_problem_plan, after simplification)
 * passes every filter given: --kind (copy, rows or tile), --rows and
 * --cols (a tile's extents), --split (no, rows or cols: a tile's side
 * split over two axes), --others (the plan's other axes). Ranges are LO-HI
 * or one number. Each kept draw is a line "BYTES PERM SHAPE TAG" (TAG from
 * --tag, else none). The same --seed gives the same lines on any machine.
 * --plan prints the plan of one case instead.
 *
 * Exit status: 0; 1 where fewer than --count draws passed in --tries
 * attempts (those that did are printed); 2 for bad arguments.
 */
#define _POSIX_C_SOURCE 200809L   /* strdup, strtok_r */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "problem.h"

typedef struct {
    long long lo, hi;
} range;

static void usage(const char *msg)
{
    fprintf(stderr, "draw_cases: %s (draw_cases --help says how)\n", msg);
    exit(2);
}

static void help(void)
{
    puts("usage: draw_cases --seed N [--count N] [--elem 1,2,4,8] [--rank 2-4]\n"
         "                  [--bytes 200000000-600000000] [--kind copy|rows|tile]\n"
         "                  [--rows LO-HI] [--cols LO-HI] [--split no|rows|cols]\n"
         "                  [--others LO-HI] [--tag TAG] [--tries N]\n"
         "       draw_cases --plan BYTES PERM SHAPE");
    exit(0);
}

/* "LO-HI" or "N", both at least 0. */
static range parse_range(const char *opt, const char *s)
{
    range r;
    char *end;
    r.lo = strtoll(s, &end, 10);
    if (*end == '-')
        r.hi = strtoll(end + 1, &end, 10);
    else
        r.hi = r.lo;
    if (*end != '\0' || r.lo < 0 || r.hi < r.lo) {
        char msg[160];
        snprintf(msg, sizeof msg, "%s wants LO-HI or a number, not '%s'", opt, s);
        usage(msg);
    }
    return r;
}

/* splitmix64: the same numbers for the same --seed on every machine. */
static uint64_t state;
static uint64_t next64(void)
{
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static double uniform(void)   /* in [0, 1) */
{
    return (double)(next64() >> 11) / 9007199254740992.0;
}

static int in_range(range r, long long x)
{
    return r.lo <= x && x <= r.hi;
}

/* One draw into p (rank, sides, permutation, element size). */
static void draw(tp_problem *p, const int *sizes, int n_sizes, range rank_r, range bytes_r)
{
    int rank = (int)(rank_r.lo + (long long)(uniform() * (double)(rank_r.hi - rank_r.lo + 1)));
    int e = sizes[(int)(uniform() * n_sizes)], perm[TP_MAX_RANK], a, same;
    int64_t dims[TP_MAX_RANK], prod = 1;
    double w[TP_MAX_RANK], total = 0;
    double elems = exp(log((double)bytes_r.lo) +
                       uniform() * (log((double)bytes_r.hi) - log((double)bytes_r.lo))) / e;
    for (a = 0; a < rank; a++) {
        w[a] = 0.15 + uniform();
        total += w[a];
    }
    for (a = 0; a < rank - 1; a++) {
        dims[a] = (int64_t)exp(log(elems) * w[a] / total);
        if (dims[a] < 2)
            dims[a] = 2;
        prod *= dims[a];
    }
    dims[rank - 1] = (int64_t)(elems / (double)prod) + 1;
    do {
        for (a = 0; a < rank; a++)
            perm[a] = a;
        for (a = rank - 1; a > 0; a--) {
            int j = (int)(uniform() * (a + 1)), t = perm[a];
            perm[a] = perm[j];
            perm[j] = t;
        }
        same = 1;
        for (a = 0; a < rank; a++)
            same &= perm[a] == a;
    } while (same);
    *p = tp_problem_make(rank, dims, perm, e);
}

static void print_case(const tp_problem *p, const char *tag)
{
    int a;
    printf("%d ", p->elem_bytes);
    for (a = 0; a < p->rank; a++)
        printf(a ? ",%d" : "%d", p->perm[a]);
    printf(" ");
    for (a = 0; a < p->rank; a++)
        printf(a ? "x%lld" : "%lld", (long long)p->dims[a]);
    printf("%s%s\n", tag[0] ? " " : "", tag);
}

int main(int argc, char **argv)
{
    int sizes[4] = {1, 2, 4, 8}, n_sizes = 4, i, have_seed = 0, split = -1, kind = -1;
    long long count = 20, tries = 1000000, found = 0, t;
    range rank_r = {2, 4}, bytes_r = {200000000, 600000000}, rows_r = {0, LLONG_MAX},
          cols_r = {0, LLONG_MAX}, others_r = {0, TP_MAX_RANK};
    const char *tag = "";
    char msg[256];

    for (i = 1; i < argc; i++) {
        const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(o, "--help") == 0)
            help();
        if (strcmp(o, "--plan") == 0) {   /* BYTES PERM SHAPE */
            int rank, perm[TP_MAX_RANK];
            int64_t dims[TP_MAX_RANK];
            char buf[512];
            tp_problem p;
            tp_plan plan;
            if (argc != i + 4)
                usage("--plan wants BYTES PERM SHAPE and nothing else");
            if (tp_parse_dims("SHAPE", argv[i + 3], &rank, dims, msg, sizeof msg) != TP_OK ||
                tp_parse_perm("PERM", argv[i + 2], rank, perm, msg, sizeof msg) != TP_OK)
                usage(msg);
            p = tp_problem_make(rank, dims, perm, atoi(argv[i + 1]));
            if (tp_problem_check(&p, msg, sizeof msg) != TP_OK)
                usage(msg);
            plan = tp_problem_plan(&p);
            printf("%s\n", tp_plan_format(&plan, buf, sizeof buf));
            return 0;
        }
        if (v == NULL) {
            snprintf(msg, sizeof msg, "%s wants a value", o);
            usage(msg);
        }
        i++;
        if (strcmp(o, "--seed") == 0) {
            char *end;
            state = strtoull(v, &end, 10);
            if (*end != '\0' || *v == '\0' || *v == '-')
                usage("--seed wants a number");
            have_seed = 1;
        } else if (strcmp(o, "--count") == 0) {
            count = parse_range(o, v).lo;
        } else if (strcmp(o, "--tries") == 0) {
            tries = parse_range(o, v).lo;
        } else if (strcmp(o, "--elem") == 0) {
            char *s = strdup(v), *tok, *save = NULL;
            n_sizes = 0;
            for (tok = strtok_r(s, ",", &save); tok != NULL; tok = strtok_r(NULL, ",", &save)) {
                int e = atoi(tok);
                if ((e != 1 && e != 2 && e != 4 && e != 8) || n_sizes == 4)
                    usage("--elem wants sizes of 1, 2, 4 or 8 bytes, e.g. 4,8");
                sizes[n_sizes++] = e;
            }
            free(s);
            if (n_sizes == 0)
                usage("--elem wants sizes of 1, 2, 4 or 8 bytes, e.g. 4,8");
        } else if (strcmp(o, "--rank") == 0) {
            rank_r = parse_range(o, v);
            if (rank_r.lo < 2 || rank_r.hi > TP_MAX_RANK)
                usage("--rank wants ranks from 2 to the most problem.h takes");
        } else if (strcmp(o, "--bytes") == 0) {
            bytes_r = parse_range(o, v);
            if (bytes_r.lo < 64)
                usage("--bytes wants at least 64 bytes");
        } else if (strcmp(o, "--kind") == 0) {
            kind = strcmp(v, "copy") == 0 ? TP_PLAN_COPY
                   : strcmp(v, "rows") == 0 ? TP_PLAN_ROWS
                   : strcmp(v, "tile") == 0 ? TP_PLAN_TILE
                                            : -2;
            if (kind == -2)
                usage("--kind wants copy, rows or tile");
        } else if (strcmp(o, "--split") == 0) {
            split = strcmp(v, "no") == 0 ? 0 : strcmp(v, "rows") == 0 ? 1
                                           : strcmp(v, "cols") == 0 ? 2
                                                                    : -2;
            if (split == -2)
                usage("--split wants no, rows or cols");
        } else if (strcmp(o, "--rows") == 0) {
            rows_r = parse_range(o, v);
        } else if (strcmp(o, "--cols") == 0) {
            cols_r = parse_range(o, v);
        } else if (strcmp(o, "--others") == 0) {
            others_r = parse_range(o, v);
        } else if (strcmp(o, "--tag") == 0) {
            tag = v;
        } else {
            snprintf(msg, sizeof msg, "unknown option '%s'", o);
            usage(msg);
        }
    }
    if (!have_seed)
        usage("give --seed: the same seed draws the same cases");
    if ((rows_r.hi != LLONG_MAX || cols_r.hi != LLONG_MAX || split >= 0) && kind != TP_PLAN_TILE)
        usage("--rows, --cols and --split are a tile's: give --kind tile");

    for (t = 0; t < tries && found < count; t++) {
        tp_problem p;
        tp_plan plan;
        int s;
        draw(&p, sizes, n_sizes, rank_r, bytes_r);
        plan = tp_problem_plan(&p);
        s = plan.rows_lo != 0 ? 1 : plan.cols_lo != 0 ? 2 : 0;
        if (!in_range(bytes_r, tp_problem_bytes(&p)) ||   /* the last side rounds up */
            (kind >= 0 && (int)plan.kind != kind) || !in_range(others_r, plan.nz) ||
            (kind == TP_PLAN_TILE && (!in_range(rows_r, plan.n_rows) ||
                                      !in_range(cols_r, plan.n_cols) || (split >= 0 && s != split))))
            continue;
        print_case(&p, tag);
        found++;
    }
    if (found < count) {
        fprintf(stderr, "draw_cases: only %lld of %lld cases passed in %lld draws\n", found, count,
                tries);
        return 1;
    }
    return 0;
}
