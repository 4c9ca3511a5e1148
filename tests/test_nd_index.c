/*
 * test_nd_index.c - chapter 11's permute_nd kernels, run on the CPU (no
 * GPU needed): for random problems of 1 to 4 axes and every element size,
 * the index arithmetic the kernels use (chapters/11_batched/nd_index.h)
 * is walked over every block and thread of the grid they are launched
 * with, and every byte each thread would store is checked: written once,
 * every byte of the output written, each from the input element that
 * tp_problem_source names. The grid's y and z are capped at 3 here (65535
 * on a GPU), so the kernels' loops over the other axes run too. Random
 * cases come from a fixed starting value, so a failure repeats.
 *
 * Prints "PASS  nd_index: name" or "FAIL  nd_index: name: why" per test.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "problem.h"

#define ND_GRID_YZ_MAX 3
#include "../chapters/11_batched/nd_index.h"

#define UNIT_PREFIX "nd_index"
#include "unit.h"   /* EXPECT, run(), failures */

/* One store of the emulated kernel: `bytes` bytes from input byte src to
 * output byte dst. Counts each output byte; a byte whose source is not
 * the one tp_problem_source names, or that is written twice, is an error
 * (the first one kept in why). */
typedef struct {
    const tp_problem *p;
    unsigned char *count;   /* per output byte                 */
    int64_t bytes;          /* of the output                   */
    uintptr_t in_addr, out_addr;   /* where the buffers stand for  */
    int bad;
} sink;

static void store(sink *s, int64_t dst, int64_t src, int bytes)
{
    int e = s->p->elem_bytes, b;
    /* An access of `bytes` bytes must be aligned to its size on both sides
     * (a GPU faults otherwise). */
    if (((s->in_addr + (uintptr_t)src) % (uintptr_t)bytes != 0 ||
         (s->out_addr + (uintptr_t)dst) % (uintptr_t)bytes != 0) &&
        !s->bad++)
        snprintf(why, sizeof why, "a %d-byte access at input byte %lld, output byte %lld is "
                 "not aligned", bytes, (long long)src, (long long)dst);
    for (b = 0; b < bytes; b++) {
        int64_t d = dst + b, want;
        if (d < 0 || d >= s->bytes) {
            if (!s->bad++)
                snprintf(why, sizeof why, "a store to byte %lld, outside the output",
                         (long long)d);
            continue;
        }
        want = tp_problem_source(s->p, d / e) * e + d % e;
        if (src + b != want && !s->bad++)
            snprintf(why, sizeof why, "output byte %lld from input byte %lld, want %lld",
                     (long long)d, (long long)(src + b), (long long)want);
        if (s->count[d]++ == 1 && !s->bad++)
            snprintf(why, sizeof why, "output byte %lld written twice", (long long)d);
    }
}

/* A sink for problem p, the buffers standing at in_addr and out_addr; 0
 * (why says so) if the host is out of memory. */
static int sink_open(sink *s, const tp_problem *p, uintptr_t in_addr, uintptr_t out_addr)
{
    s->p = p;
    s->bytes = tp_problem_bytes(p);
    s->in_addr = in_addr;
    s->out_addr = out_addr;
    s->bad = 0;
    s->count = calloc((size_t)s->bytes, 1);
    if (!s->count)
        snprintf(why, sizeof why, "out of host memory");
    return s->count != NULL;
}

/* 1 if every output byte was written (store checked once, from the right
 * place); else 0, with the problem named in front of why. Frees the
 * sink's counts. */
static int sink_close(sink *s)
{
    int64_t i;
    char buf[128];
    for (i = 0; i < s->bytes && !s->bad; i++)
        if (s->count[i] == 0) {
            snprintf(why, sizeof why, "output byte %lld never written", (long long)i);
            s->bad = 1;
        }
    free(s->count);
    if (s->bad) {
        char msg[sizeof why + sizeof buf + 2];
        snprintf(msg, sizeof msg, "%s: %s", tp_problem_format(s->p, buf, sizeof buf), why);
        snprintf(why, sizeof why, "%.*s", (int)sizeof why - 1, msg);
    }
    return !s->bad;
}

/* The tile kernel's stores, block by block and thread by thread (the
 * store loop of ND_TILE_KERNEL in permute_nd.cu). */
static void walk_tile(sink *s, const nd_args *a, const uint32_t grid[3])
{
    int e = s->p->elem_bytes;
    uint32_t bx, by, bz;
    for (bz = 0; bz < grid[2]; bz++)
        for (by = 0; by < grid[1]; by++)
            for (bx = 0; bx < grid[0]; bx++) {
                int64_t r0, c0, z1, z2, in_off, out_off;
                int t, j, S = a->tile, P = ND_THREADS / a->tile;
                nd_tile_origin(a, bx, &r0, &c0);
                for (z1 = bz; z1 < a->z_dims[1]; z1 += grid[2])
                    for (z2 = by; z2 < a->z_dims[2]; z2 += grid[1]) {
                        nd_offsets(a, 0, z1, z2, &in_off, &out_off);
                        for (t = 0; t < ND_THREADS; t++)
                            for (j = 0; j < S; j += P) {
                                /* thread t = ty S + tx stores tile[tx][ty + j],
                                 * loaded from row r0 + tx, column c0 + ty + j */
                                int tx = t % S, ty = t / S;
                                int64_t c = c0 + ty + j, r = r0 + tx;
                                if (r < a->n_rows && c < a->n_cols)
                                    store(s, (out_off + nd_col_out(a, c) + r) * e,
                                          (in_off + nd_row_in(a, r) + c) * e, e);
                            }
                    }
            }
}

/* The byte quads' loads and stores (permute_nd_quads): each thread's 4 x
 * 4 blocks, by the element they came from, through the same shared
 * layout, word[k][J][i] (ids of its 4 bytes; -1: a load the kernel skips). */
static int64_t qword[4][ND_QUAD_TILE / 4][ND_QUAD_TILE / 4][4];
static int quads_runs;   /* problems that took the quads */
static int split_runs;   /* tiles with a side split over two axes */
static int merge_runs;   /* short rows counted in the output's order (nd_rows_merge) */
static int flat_runs;    /* short rows laid end to end (nd_row_flat_access) */

static void misaligned(sink *s, int bytes, const char *what, int64_t at)
{
    if (!s->bad++)
        snprintf(why, sizeof why, "a %d-byte %s at element %lld is not aligned", bytes, what,
                 (long long)at);
}

static void walk_quads(sink *s, const nd_args *a, const uint32_t grid[3])
{
    uint32_t bx, by, bz;
    for (bz = 0; bz < grid[2]; bz++)
        for (by = 0; by < grid[1]; by++)
            for (bx = 0; bx < grid[0]; bx++) {
                int64_t r0, c0, z1, z2, in_off, out_off, at;
                int w, lane, q, t, k, m, b;
                nd_tile_origin(a, bx, &r0, &c0);
                for (z1 = bz; z1 < a->z_dims[1]; z1 += grid[2])
                    for (z2 = by; z2 < a->z_dims[2]; z2 += grid[1]) {
                        nd_offsets(a, 0, z1, z2, &in_off, &out_off);
                        for (w = 0; w < 8; w++)
                            for (lane = 0; lane < 32; lane++) {
                                /* the kernel's pointer, stepped as it steps it */
                                at = nd_quad_first(a, r0, c0, w, lane);
                                for (q = 0; q < 4; q++) {
                                    int ok = nd_quad_in(a, r0, c0, w, lane, q);
                                    for (t = 0; t < 4; t++) {
                                        if (ok && (s->in_addr + (uintptr_t)(in_off + at)) % 4)
                                            misaligned(s, 4, "load", in_off + at);
                                        /* after the 4 x 4 transpose, byte t of
                                         * column k goes to word[k][lane][w + 8q] */
                                        for (k = 0; k < 4; k++)
                                            qword[k][lane][w + 8 * q][t] =
                                                ok ? in_off + at + k : -1;
                                        at += a->in_row;
                                    }
                                    at += (ND_QUAD_ROWS_STEP - 4) * a->in_row;
                                }
                            }
                        for (w = 0; w < 8; w++)
                            for (lane = 0; lane < 32; lane++)
                                for (m = 0; m < 16; m++) {
                                    int R = w + 8 * m;
                                    at = nd_quad_store_first(a, r0, c0, w, lane) +
                                         8 * m * a->out_col;   /* o after m steps */
                                    if (!nd_quad_store_in(a, r0, c0, w, lane, m))
                                        continue;
                                    if ((s->out_addr + (uintptr_t)(out_off + at)) % 4)
                                        misaligned(s, 4, "store", out_off + at);
                                    for (b = 0; b < 4; b++) {
                                        int64_t src = qword[R & 3][R >> 2][lane][b];
                                        if (src < 0 && !s->bad++)
                                            snprintf(why, sizeof why, "output byte %lld from "
                                                     "a load the kernel skipped",
                                                     (long long)(out_off + at + b));
                                        store(s, out_off + at + b, src, 1);
                                    }
                                }
                    }
            }
}

/* The 2-byte pairs (permute_nd_pairs), the same way: pword[p][J][i] holds
 * the 2 elements of word i of output row 2 J + p, by source. */
static int64_t pword[2][ND_PAIR_TILE / 2][ND_PAIR_TILE / 2][2];
static int pairs_runs;   /* problems that took the pairs */

static void walk_pairs(sink *s, const nd_args *a, const uint32_t grid[3])
{
    uint32_t bx, by, bz;
    for (bz = 0; bz < grid[2]; bz++)
        for (by = 0; by < grid[1]; by++)
            for (bx = 0; bx < grid[0]; bx++) {
                int64_t r0, c0, z1, z2, in_off, out_off, at;
                int t, row, e, p, k;
                nd_tile_origin(a, bx, &r0, &c0);
                for (z1 = bz; z1 < a->z_dims[1]; z1 += grid[2])
                    for (z2 = by; z2 < a->z_dims[2]; z2 += grid[1]) {
                        nd_offsets(a, 0, z1, z2, &in_off, &out_off);
                        for (t = 0; t < ND_THREADS; t++) {
                            int64_t v[2][8];   /* the two loads, by element */
                            int x = t % 8, y = t / 8;
                            for (row = 0; row < 2; row++) {
                                int ok = nd_pair_load(a, r0, c0, t, row, &at);
                                if (ok && (s->in_addr + 2 * (uintptr_t)(in_off + at)) % 16)
                                    misaligned(s, 16, "load", in_off + at);
                                for (k = 0; k < 8; k++)
                                    v[row][k] = ok ? in_off + at + k : -1;
                            }
                            /* word e of each load holds elements 2e (low) and
                             * 2e + 1 (high); __byte_perm pairs the lows and
                             * the highs of the two rows */
                            for (e = 0; e < 4; e++)
                                for (p = 0; p < 2; p++) {
                                    pword[p][4 * x + e][y][0] = v[0][2 * e + p];
                                    pword[p][4 * x + e][y][1] = v[1][2 * e + p];
                                }
                        }
                        for (t = 0; t < ND_THREADS; t++) {
                            int x = t % 8, y = t / 8;
                            for (p = 0; p < 2; p++) {
                                if (!nd_pair_store(a, r0, c0, t, p, &at))
                                    continue;
                                if ((s->out_addr + 2 * (uintptr_t)(out_off + at)) % 16)
                                    misaligned(s, 16, "store", out_off + at);
                                for (k = 0; k < 8; k++) {
                                    int64_t src = pword[p][y][4 * x + k / 2][k % 2];
                                    if (src < 0 && !s->bad++)
                                        snprintf(why, sizeof why, "output element %lld from a "
                                                 "load the kernel skipped",
                                                 (long long)(out_off + at + k));
                                    store(s, 2 * (out_off + at + k), 2 * src, 2);
                                }
                            }
                        }
                    }
            }
}

/* The rows kernel's stores (ND_ROWS_KERNEL), in accesses of `w` bytes. */
static void walk_rows(sink *s, const nd_args *a, const uint32_t grid[3], int w)
{
    uint32_t bx, by, bz, t;
    int k;
    for (bz = 0; bz < grid[2]; bz++)
        for (by = 0; by < grid[1]; by++)
            for (bx = 0; bx < grid[0]; bx++)
                for (t = 0; t < ND_THREADS; t++)
                    for (k = 0; k < ND_ROW_UNROLL; k++) {
                        int64_t v, z0, z1, z2, in_off, out_off, in_rel, out_rel;
                        if (!nd_row_access(a, bx, t, k, &z2, &v))
                            continue;
                        nd_row_rel(a, z2, v, &in_rel, &out_rel);
                        for (z0 = bz; z0 < a->z_dims[0]; z0 += grid[2])
                            for (z1 = by; z1 < a->z_dims[1]; z1 += grid[1]) {
                                nd_offsets(a, z0, z1, 0, &in_off, &out_off);
                                store(s, (out_off + out_rel) * w, (in_off + in_rel) * w, w);
                            }
                    }
}

/* Runs problem p through the plan and the emulated kernel; 1 if every
 * output byte was written once, from the right place. `in_addr` and
 * `out_addr` stand for the buffers' addresses (their alignment picks the
 * rows kernel's access width). */
static int check_problem(const tp_problem *p, uintptr_t in_addr, uintptr_t out_addr)
{
    tp_plan plan = tp_problem_plan(p);
    nd_args a;
    uint32_t grid[3];
    sink s;
    int64_t i;
    int w = plan.elem_bytes;
    char buf[128];

    if (!sink_open(&s, p, in_addr, out_addr))
        return 0;
    if (plan.kind == TP_PLAN_COPY) {
        for (i = 0; i < s.bytes; i += plan.elem_bytes)   /* cudaMemcpyAsync */
            store(&s, i, i, plan.elem_bytes);
    } else {
        int quads = nd_quads_fit(&plan, in_addr, out_addr);
        int pairs = nd_pairs_fit(&plan, in_addr, out_addr);
        if (plan.kind == TP_PLAN_ROWS)
            w = nd_access_bytes(plan.row_len * plan.elem_bytes, in_addr, out_addr);
        int side = quads ? ND_QUAD_TILE : pairs ? ND_PAIR_TILE : nd_tile_side(plan.elem_bytes);
        if (!nd_make_args(&plan, w, side, &a, grid)) {
            snprintf(why, sizeof why, "%s: no grid", tp_problem_format(p, buf, sizeof buf));
            free(s.count);
            return 0;
        }
        if (quads) {
            walk_quads(&s, &a, grid);
            quads_runs++;
        } else if (pairs) {
            walk_pairs(&s, &a, grid);
            pairs_runs++;
        } else if (plan.kind == TP_PLAN_TILE) {
            walk_tile(&s, &a, grid);
            split_runs += plan.rows_lo != 0 || plan.cols_lo != 0;
        }
        else {
            merge_runs += nd_rows_merge(&a, w, grid);   /* as launch_permute_nd does */
            flat_runs += a.vecs < ND_THREADS && a.group == 0;
            walk_rows(&s, &a, grid, w);
        }
    }
    return sink_close(&s);
}


/* The cases a learner meets first: a 2-D transpose, a batch, attention's
 * [B, S, H, D] -> [B, H, S, D], NCHW <-> NHWC, every axis reversed. */
static int named_cases(void)
{
    static const struct {
        int rank;
        int64_t dims[4];
        int perm[4];
        int elem_bytes;
    } c[] = {
        { 2, { 33, 70 }, { 1, 0 }, 4 },
        { 2, { 1, 1 }, { 1, 0 }, 1 },
        { 3, { 5, 17, 40 }, { 0, 2, 1 }, 2 },
        { 4, { 2, 9, 3, 8 }, { 0, 2, 1, 3 }, 2 },     /* attention: rows   */
        { 4, { 2, 3, 5, 7 }, { 0, 2, 3, 1 }, 2 },     /* NCHW -> NHWC      */
        { 4, { 2, 5, 7, 3 }, { 0, 3, 1, 2 }, 2 },     /* NHWC -> NCHW      */
        { 4, { 3, 4, 5, 6 }, { 3, 2, 1, 0 }, 8 },
        { 3, { 4, 5, 6 }, { 1, 0, 2 }, 1 },           /* rows of 6 bytes   */
        { 3, { 7, 3, 16 }, { 1, 0, 2 }, 4 },          /* rows of 64 bytes  */
        { 2, { 3, 1000 }, { 0, 1 }, 2 },              /* a copy            */
        { 3, { 600, 2, 3 }, { 1, 0, 2 }, 16 },        /* long z2, short rows */
        { 3, { 2, 3, 700 }, { 1, 0, 2 }, 4 },         /* rows of 700 floats: pieces */
        { 3, { 3, 8, 12 }, { 0, 2, 1 }, 1 },          /* byte quads        */
        { 4, { 2, 4, 8, 12 }, { 0, 2, 3, 1 }, 1 },    /* quads, NCHW -> NHWC */
        { 3, { 1, 260, 136 }, { 0, 2, 1 }, 1 },       /* quads, 3 x 2 tiles */
        { 3, { 5, 260, 9 }, { 0, 2, 1 }, 1 },         /* 9 columns: no quads */
        { 3, { 3, 6, 12 }, { 0, 2, 1 }, 1 },          /* 6 rows: no quads  */
        { 3, { 3, 16, 24 }, { 0, 2, 1 }, 2 },         /* 2-byte pairs      */
        { 4, { 2, 64, 8, 16 }, { 0, 2, 3, 1 }, 2 },   /* pairs, NCHW -> NHWC */
        { 3, { 1, 72, 136 }, { 0, 2, 1 }, 2 },        /* pairs, 2 x 3 tiles */
        { 4, { 20, 9, 11, 70 }, { 3, 1, 0, 2 }, 1 },  /* rows over 2 axes: 11, then 20 */
        { 4, { 5, 6, 7, 9 }, { 2, 0, 3, 1 }, 4 },     /* columns over 2 axes: 9, then 7 */
        { 4, { 40, 6, 7, 9 }, { 2, 1, 3, 0 }, 2 },    /* the same, 40 rows  */
    };
    unsigned k;
    for (k = 0; k < sizeof c / sizeof c[0]; k++) {
        tp_problem p = tp_problem_make(c[k].rank, c[k].dims, c[k].perm, c[k].elem_bytes);
        if (!check_problem(&p, 0x1000, 0x2000))
            return 0;
    }
    EXPECT(quads_runs == 3, "%d named problems took the byte quads, want 3", quads_runs);
    EXPECT(pairs_runs == 3, "%d named problems took the 2-byte pairs, want 3", pairs_runs);
    /* the three above, and (3, 2, 1, 0) of 3 x 4 x 5 x 6 (rows and columns) */
    EXPECT(split_runs == 4, "%d named problems split a tile side, want 4", split_runs);
    return 1;
}

/* Random problems: rank 1 to 4, sides 1 to 40 (their product kept small),
 * any permutation, every element size, and buffers at addresses aligned
 * to 16 or only to the element size. */
static int random_cases(void)
{
    static const int sizes[5] = { 1, 2, 4, 8, 16 };
    int n;
    srand(20261123);
    for (n = 0; n < 600; n++) {
        tp_problem p;
        int64_t dims[4], total = 1;
        int perm[4], rank = 1 + rand() % 4, k, e = sizes[rand() % 5];
        uintptr_t in_shift = (rand() % 2) ? (uintptr_t)e : 0;
        uintptr_t out_shift = (rand() % 2) ? (uintptr_t)e : 0;
        for (k = 0; k < rank; k++) {
            dims[k] = 1 + rand() % (total > 2000 ? 3 : 40);
            total *= dims[k];
            perm[k] = k;
        }
        for (k = rank - 1; k > 0; k--) {   /* a random permutation */
            int j = rand() % (k + 1), t = perm[k];
            perm[k] = perm[j];
            perm[j] = t;
        }
        p = tp_problem_make(rank, dims, perm, e);
        if (!check_problem(&p, 0x10000 + in_shift, 0x20000 + out_shift))
            return 0;
    }
    return 1;
}

/* Random 1 and 2-byte problems whose sides are multiples of 8 more often
 * than not, so that most take the byte quads or the 2-byte pairs and some
 * just miss them. */
static int random_byte_cases(void)
{
    int n, before = quads_runs, before2 = pairs_runs;
    srand(4);
    for (n = 0; n < 300; n++) {
        tp_problem p;
        int64_t dims[4];
        int perm[4], rank = 2 + rand() % 3, k;
        for (k = 0; k < rank; k++) {
            dims[k] = (rand() % 4 ? 8 : 1) * (1 + rand() % (rank == 4 ? 6 : 24));
            perm[k] = k;
        }
        for (k = rank - 1; k > 0; k--) {
            int j = rand() % (k + 1), t = perm[k];
            perm[k] = perm[j];
            perm[j] = t;
        }
        p = tp_problem_make(rank, dims, perm, 1 + n % 2);
        /* buffers 16-byte aligned, or only to 2, 4 or 8 bytes */
        uintptr_t shift = (uintptr_t)(rand() % 2 ? 0 : (2 << rand() % 3) >> (n % 2 ? 0 : 1));
        if (!check_problem(&p, 0x10000 + shift, 0x20000))
            return 0;
    }
    EXPECT(quads_runs - before >= 20, "only %d of 150 took the byte quads", quads_runs - before);
    EXPECT(pairs_runs - before2 >= 20, "only %d of 150 took the 2-byte pairs",
           pairs_runs - before2);
    return 1;
}

/* The check can fail: a plan whose output stride is off by one element
 * must be caught (a tile stores two elements to one place). */
static int broken_plan_is_caught(void)
{
    static const int64_t dims[3] = { 3, 40, 50 };
    static const int perm[3] = { 0, 2, 1 };
    tp_problem p = tp_problem_make(3, dims, perm, 4);
    tp_plan plan = tp_problem_plan(&p);
    nd_args a;
    uint32_t grid[3];
    sink s;

    s.p = &p;
    s.bytes = tp_problem_bytes(&p);
    s.in_addr = 0x1000;
    s.out_addr = 0x2000;
    s.bad = 0;
    s.count = calloc((size_t)s.bytes, 1);
    EXPECT(s.count != NULL, "out of host memory");
    plan.out_col -= 1;
    EXPECT(nd_make_args(&plan, 4, ND_TILE, &a, grid), "no grid");
    walk_tile(&s, &a, grid);
    free(s.count);
    EXPECT(s.bad > 0, "a plan with a wrong output stride went through");
    return 1;
}

/* nd_split's two paths (32-bit below 2^32 rows, 64-bit above), which the
 * walks above never reach, against the plain formula. */
static int split_paths(void)
{
    static const int64_t lo[3] = { 2, 11, 31 };
    int k, t;
    for (k = 0; k < 3; k++)
        for (t = 0; t < 1000; t++) {
            int64_t small = (int64_t)t * 4294967 % 0xFFFFFFFFLL;   /* below 2^32 */
            int64_t big = 0x100000000LL + (int64_t)t * 987654321LL;
            int64_t want_s = small / lo[k] * 1000003 + small % lo[k] * 7;
            int64_t want_b = big / lo[k] * 1000003 + big % lo[k] * 7;
            EXPECT(nd_split(small, 0xFFFFFFFFLL, lo[k], 7, 1000003) == want_s,
                   "32-bit path: %lld over %lld", (long long)small, (long long)lo[k]);
            EXPECT(nd_split(big, 0x200000000LL, lo[k], 7, 1000003) == want_b,
                   "64-bit path: %lld over %lld", (long long)big, (long long)lo[k]);
        }
    return 1;
}

/* Shuffles the first rank - 1 axes of perm (Fisher-Yates); the last stays. */
static void shuffle_but_last(int *perm, int rank)
{
    int k;
    for (k = rank - 2; k > 0; k--) {
        int j = rand() % (k + 1), t = perm[k];
        perm[k] = perm[j];
        perm[j] = t;
    }
}

/* nd_fold_rows: a permutation that keeps rows of 2, 4, 8 or 16 bytes is
 * folded into one of bigger elements that moves the same bytes to the same
 * places (the CPU reference of both, byte for byte); rows of other lengths,
 * a fastest axis that moves and buffers not aligned to the row are left
 * alone. */
static int fold_rows_cases(void)
{
    static const int sizes[4] = { 1, 2, 4, 8 };
    int n, folded = 0, kept = 0;
    srand(77);
    for (n = 0; n < 400; n++) {
        int rank = 2 + rand() % 3, perm[4], k, e = sizes[rand() % 4], fold;
        int64_t dims[4];
        uintptr_t in = 0x10000 + (rand() % 4 == 0 ? (uintptr_t)e : 0);
        tp_problem p, f;
        static const int64_t last[6] = { 1, 2, 3, 4, 8, 16 };
        char buf[128];
        for (k = 0; k < rank; k++) {
            dims[k] = k < rank - 1 ? 2 + rand() % 8 : last[rand() % 6];
            perm[k] = k;
        }
        shuffle_but_last(perm, rank);   /* the last axis stays, but for 1 in 8 */
        if (rand() % 8 == 0) {
            perm[rank - 1] = perm[0];
            perm[0] = rank - 1;
        }
        p = tp_problem_make(rank, dims, perm, e);
        fold = nd_fold_rows(&p, in, 0x20000, &f);
        {
            tp_problem s = tp_problem_simplify(&p);
            int64_t row = s.dims[s.rank - 1] * e;
            int want = s.rank >= 2 && s.perm[s.rank - 1] == s.rank - 1 && row <= 16 &&
                       (row & (row - 1)) == 0 && in % (uintptr_t)row == 0;
            EXPECT(fold == want, "%s: folded %d, want %d", tp_problem_format(&p, buf, sizeof buf),
                   fold, want);
        }
        if (fold) {
            int64_t bytes = tp_problem_bytes(&p), i;
            unsigned char *x = malloc((size_t)bytes), *y = malloc((size_t)bytes),
                          *z = malloc((size_t)bytes);
            EXPECT(x && y && z, "out of host memory");
            EXPECT(tp_problem_bytes(&f) == bytes, "the folded problem has other bytes");
            for (i = 0; i < bytes; i++)
                x[i] = (unsigned char)(i * 7 + i / 251);
            tp_problem_reference(&p, x, y);
            tp_problem_reference(&f, x, z);
            EXPECT(memcmp(y, z, (size_t)bytes) == 0, "%s: the folded problem moves bytes elsewhere",
                   tp_problem_format(&p, buf, sizeof buf));
            free(x);
            free(y);
            free(z);
            folded++;
        } else {
            kept++;
        }
    }
    EXPECT(folded >= 50 && kept >= 50, "folded %d, kept %d of 400: draw more of each", folded,
           kept);
    return 1;
}

/* 1 if two TILE plans name the same tile and other axes. */
static int plans_equal(const tp_plan *a, const tp_plan *b)
{
    int k, same = a->kind == b->kind && a->n_rows == b->n_rows && a->n_cols == b->n_cols &&
                  a->in_row == b->in_row && a->out_col == b->out_col &&
                  a->rows_lo == b->rows_lo && a->cols_lo == b->cols_lo && a->nz == b->nz;
    for (k = 0; same && k < a->nz; k++)
        same = a->z_dims[k] == b->z_dims[k] && a->z_in[k] == b->z_in[k] &&
               a->z_out[k] == b->z_out[k];
    return same;
}

/* permute_nd_small's blocks, emulated: for random batches of small
 * matrices (3 and 4 axes), each block's chunk is filled as the kernel
 * loads it (the matrices as they lie, or row runs: nd_lane_at,
 * nd_lane_step), and every output element that the kernel's groups of 16
 * bytes gather (nd_small_grid, nd_small_at, nd_small_src, nd_small_next,
 * nd_small_whole, nd_small_dst) is checked by the sink: from the right
 * input element, once, every one. */
static int small_batch_cases(void)
{
    static const int sizes[5] = { 1, 2, 4, 8, 16 };
    static const int perms[23][4] = { { 0, 2, 1, 0 }, { 0, 1, 3, 2 }, { 1, 0, 3, 2 },
                                      { 2, 0, 1, 0 }, { 2, 1, 3, 0 }, { 1, 3, 2, 0 },
                                      { 0, 2, 1, 0 }, { 0, 1, 3, 2 }, { 0, 2, 1, 0 },
                                      { 2, 0, 3, 1 }, { 2, 0, 3, 1 }, { 0, 2, 1, 0 },
                                      { 2, 3, 1, 0 }, { 3, 2, 1, 0 }, { 1, 0, 3, 2 },
                                      { 2, 0, 3, 1 }, { 1, 3, 2, 0 }, { 2, 1, 0, 0 },
                                      { 3, 0, 2, 1 }, { 0, 3, 2, 1 }, { 3, 1, 2, 0 },
                                      { 1, 3, 0, 2 }, { 3, 1, 0, 2 } };
    static int64_t chunk[ND_SMALL_BYTES];   /* the input element each chunk element holds */
    int n, fits = 0, scattered = 0, row_runs = 0, columns = 0, columns3 = 0, rows = 0;
    int stacked = 0, unsplit = 0, long_sides = 0, stack_words = 0, slabbed = 0, split_rows = 0;
    int whole_pieces = 0, bytes16 = 0, words16 = 0, sorted = 0, split_runs = 0, cross = 0;
    srand(5);
    for (n = 0; n < 1900; n++) {
        /* then 300 split rows of whole input rows (nd_small_split_runs), and 300 whose
           columns run on across matrices (nd_small_cross) */
        int which = n < 1300 ? rand() % 16 : n < 1600 ? 16 + rand() % 5 : 21 + rand() % 2;
        int rank = which == 0 || which == 3 || which == 6 || which == 8 || which == 11 ||
                           which == 17
                       ? 3
                       : 4;
        int e = which >= 14 && which <= 20 ? 1 + rand() % 2 : sizes[rand() % 5];
        int64_t dims[4];
        int k;
        for (k = 0; k < rank; k++)
            dims[k] = 1 + rand() % (k < rank - 2 ? 40 : 33);
        if (which == 4)   /* matrices whose rows are input runs, of more than one column:
                             refused (row runs are only for one column), other kinds tried */
            dims[3] = TP_PLAN_SHORT + rand() % 70;
        if (which == 6 || which == 7) {   /* wide tiles (nd_small_columns): few rows */
            dims[0] = 1 + rand() % 6;
            dims[rank - 1] = TP_PLAN_SHORT + rand() % 400;
        }
        if (which == 9) {   /* wide tiles with two other axes, one between the rows and
                               the columns in the input: few rows, axis 1 */
            dims[1] = 1 + rand() % (e == 1 ? 16 : 6);
            dims[3] = TP_PLAN_SHORT + rand() % 400;
        }
        if (which == 10) {   /* stacked matrices (nd_small_stack) of fewer than
                                TP_PLAN_SHORT columns: split columns taken apart */
            dims[1] = 1 + rand() % 31;
            dims[3] = 2 + rand() % (TP_PLAN_SHORT - 2);
        }
        if (which == 11) {   /* matrices with both sides long (up to ND_SMALL_BYTES) */
            dims[1] = TP_PLAN_SHORT + rand() % 97;
            dims[2] = TP_PLAN_SHORT + rand() % 97;
        }
        if (which == 12 || which == 13) {   /* wide tiles whose rows are split over two
                                               axes: the output's two fastest, together
                                               fewer than TP_PLAN_SHORT (13: a column's
                                               output not one run, refused) */
            dims[0] = 2 + rand() % 6;
            dims[1] = 2 + rand() % 4;
            dims[3] = TP_PLAN_SHORT + rand() % 400;
        }
        if (which >= 14) {   /* 1 and 2-byte matrices of 4097 to 16384 bytes with a short
                                side, (1, 0, 3, 2) tall or wide, or stacked (2, 0, 3, 1) */
            const int64_t sh = 2 + rand() % (TP_PLAN_SHORT - 2), lo = 4096 / (sh * e) + 1;
            const int64_t lg = lo + rand() % (ND_SMALL_BYTES / (sh * e) - lo + 1);
            const int tall = which == 14 && rand() % 2;
            dims[which == 14 ? 2 : 1] = tall ? lg : sh;
            dims[3] = tall ? sh : lg;
            dims[0] = 1 + rand() % 8;
        }
        if (which >= 16) {   /* rows split over two axes, L fast ones and H slow ones, a
                                slow step one input row: the (1, 3, 2, 0) of L x X x H x C,
                                the (2, 1, 0) of L x H x C, the (3, 0, 2, 1) of X x L x H x
                                C, the (0, 3, 2, 1) of X x L x H x C, the (3, 1, 2, 0) of L
                                x X x H x C */
            const int64_t L = 2 + rand() % (TP_PLAN_SHORT - 2), H = 2 + rand() % 300;
            const int64_t X = 1 + rand() % 40;   /* 1-byte ones to just past the column bound */
            const int64_t C = TP_PLAN_SHORT + rand() % (e == 1 ? ND_SMALL_SPLIT_COLS_1 : 300);
            const int lead = which == 16 || which == 17 || which == 20;   /* L the first axis */
            dims[0] = lead ? L : X;
            dims[1] = which == 17 ? H : lead ? X : L;
            dims[2] = which == 17 ? C : H;
            dims[3] = C;
        }
        if (which >= 21) {   /* the (1, 3, 0, 2) and (3, 1, 0, 2) of A x B x R x C: column
                                c of R x C matrices runs on along A in the output */
            dims[0] = 1 + rand() % 40;
            dims[1] = 1 + rand() % 20;
            dims[2] = 2 + rand() % 300;
            dims[3] = 2 + rand() % (TP_PLAN_SHORT - 2);
        }
        if (which == 8) {   /* narrow tiles (nd_small_rows): many rows, few columns */
            dims[0] = 1 + rand() % 6;
            dims[1] = TP_PLAN_SHORT + rand() % 3000;
            dims[2] = 1 + rand() % 8;
        }
        tp_problem p = tp_problem_make(rank, dims, perms[which], e);
        tp_plan plan = tp_problem_plan(&p);
        nd_args a;
        uint32_t grid[3];
        sink s;
        /* the input aligned to 4 bytes but in one of five; the output to e, not always to 16 */
        const uintptr_t in_addr = 0x10000 + (uintptr_t)(n % 5 == 4 && e < 4 ? e : 0);
        const uintptr_t out_addr = 0x20000 + (uintptr_t)(e * (n % (16 / e)));
        int mode = nd_small_fit(&plan), was_split = plan.cols_lo != 0;
        if (mode == 0) {   /* as the launch does: stacked matrices first */
            tp_plan b = plan;
            if (nd_small_stack(&b) && (mode = nd_small_fit(&b)) != 0) {
                EXPECT(mode == 5, "stacked matrices the batch takes as %d", mode);
                plan = b;
                stacked++;
                unsplit += was_split;
            }
        }
        if (mode == 0 && nd_small_columns(&plan)) {   /* as the launch does */
            mode = nd_small_fit(&plan);
            EXPECT(mode == 2, "a batch of columns the small batch does not take");
            columns++;
            columns3 += plan.nz == 3;
        }
        if (mode == 0 && nd_small_rows(&plan)) {   /* as the launch does, after the columns */
            mode = nd_small_fit(&plan);
            EXPECT(mode == 3, "a batch of rows the small batch does not take");
            rows++;
        }
        if (mode == 0) {   /* as the launch does, last: columns on across matrices */
            tp_plan b = plan;
            if (nd_small_cross(&b) && (mode = nd_small_fit(&b)) != 0) {
                EXPECT(mode == ND_SMALL_CROSS, "columns across matrices taken as %d", mode);
                plan = b;
            }
        }
        {   /* the launch's own choice (nd_small_choose): the search above, and 1 and
               2-byte matrices of up to ND_SMALL_BYTES with a short side, taken whole,
               but those the wide register sort takes, and 2-byte wide ones of more
               than 16 rows past ND_SMALL_WIDE2_BYTES; the walk below follows it */
            tp_plan b = tp_problem_plan(&p), c = b;
            const int chosen = nd_small_choose(&b, in_addr, out_addr, tp_problem_bytes(&p));
            const int wide2 = e == 2 && c.n_rows < c.n_cols && c.n_rows > ND_SMALL_WIDE2_ROWS;
            if (e > 2)
                EXPECT(chosen == mode && plans_equal(&b, &plan),
                       "%d-byte elements: the launch's batch (%d) is not the search's (%d)", e,
                       chosen, mode);
            else if (chosen != mode || !plans_equal(&b, &plan)) {
                const int64_t bytes = b.n_rows * b.n_cols * e;
                EXPECT(chosen != 0 && bytes > ND_SMALL_MAX &&
                           bytes <= (wide2 ? ND_SMALL_WIDE2_BYTES : ND_SMALL_BYTES),
                       "%d-byte matrices of %lld x %lld: the launch's batch %d, the search's %d",
                       e, (long long)b.n_rows, (long long)b.n_cols, chosen, mode);
                bytes16 += e == 1;
                words16 += e == 2;
                mode = chosen;
                plan = b;
            }
            sorted += chosen == 0 && !wide2 && e <= 2 && nd_small_pick(&c, ND_SMALL_BYTES) != 0;
        }
        if (mode == 0 && e <= 2) {   /* as the launch does for split rows (it asks only
                                        where the funnel tile over split rows would take
                                        them; this emulation asks for every plan) */
            tp_plan b = plan;
            if (plan.rows_lo != 0 && nd_small_split_runs(&b)) {
                plan = b;
                mode = ND_SMALL_SPLIT_RUNS;
                split_runs++;
            }
        }
        if (mode == 0)
            continue;
        fits++;
        cross += mode == ND_SMALL_CROSS;
        row_runs += mode == 2;
        split_rows += plan.rows_lo != 0;
        EXPECT(plan.rows_lo == 0 || mode == 2, "split rows in a batch of kind %d", mode);
        long_sides += plan.n_rows >= TP_PLAN_SHORT && plan.n_cols >= TP_PLAN_SHORT;
        EXPECT(nd_make_args(&plan, e, nd_tile_side(e), &a, grid) &&
                   nd_small_grid(&plan, mode, &a, grid),
               "no grid");
        if (!sink_open(&s, &p, in_addr, out_addr))
            return 0;
        whole_pieces += mode == 2 && (int)a.pieces < nd_small_batch(&plan) &&
                        a.pieces % (32 * ND_SMALL_RUN_LOADS(e)) == 0;
        EXPECT((int64_t)a.pieces * plan.n_rows * plan.n_cols * e <= ND_SMALL_BYTES,
               "%u matrices of %lld bytes overflow a block's chunk", a.pieces,
               (long long)(plan.n_rows * plan.n_cols * e));
        {
            const int R = (int)a.n_rows, C = (int)a.n_cols, M = R * C, per = 16 / e;
            const int64_t S = a.z_out[2];
            scattered += S != M;
            uint32_t bx, by, bz;
            for (bz = 0; bz < grid[2]; bz++)
            for (by = 0; by < grid[1]; by++)
                for (bx = 0; bx < grid[0]; bx++) {
                    int64_t b0 = (int64_t)bx * a.pieces, z0, z1;
                    int64_t left = a.z_dims[2] - b0;
                    const int nn1 = (int)(left < a.pieces ? left : a.pieces) * M;
                    const int J = mode == 2 ? (int)a.slabs : 1;   /* z0 values a block */
                    int t, j;
                    EXPECT(J == 1 || (mode == 2 && grid[0] == 1 && J * nn1 * e <= ND_SMALL_BYTES),
                           "%d slabs of %d elements", J, nn1);
                    for (z0 = (int64_t)bz * J; z0 < a.z_dims[0]; z0 += (int64_t)grid[2] * J)
                    for (z1 = by; z1 < a.z_dims[1]; z1 += grid[1]) {
                        const int js = (int)(a.z_dims[0] - z0 < J ? a.z_dims[0] - z0 : J);
                        const int nn = js * nn1;
                        const int64_t zi = z0 * a.z_in[0] + z1 * a.z_in[1];
                        const int64_t zo = z0 * a.z_out[0] + z1 * a.z_out[1];
                        int i, sl;
                        for (i = 0; i < nn; i++)
                            chunk[i] = -1;
                        if (mode == 5 || mode == ND_SMALL_CROSS) {   /* stacked rows, or
                            whole matrices z2's input stride apart (a matrix a row): the
                            kernel's walk with adds */
                            const int64_t at = zi + b0 * a.z_in[2];
                            /* whole words: the walk of 4-byte elements, q elements each */
                            const int q = mode == 5 && nd_stack_words(&a, in_addr, e) ? 4 / e : 1;
                            const int row = mode == 5 ? C : M;
                            const int U = ND_SMALL_RUN_LOADS(e * q), Cq = row / q, nq = nn / q;
                            const int64_t rq = (mode == 5 ? a.in_row : a.z_in[2]) / q;
                            const int64_t d1 = (int64_t)(32 / Cq) * rq + 32 % Cq;
                            const int64_t d2 = rq - Cq;
                            int b;
                            EXPECT(mode == ND_SMALL_CROSS || (a.z_in[2] == R * a.in_row && S == M),
                                   "a stacked batch");
                            EXPECT(mode == 5 || (S == R && a.out_col != R), "columns across");
                            stack_words += q > 1;
                            for (t = 0; t < ND_THREADS; t++)
                                for (i = t / 32 * 32 * U + t % 32; i < nq; i += ND_THREADS * U) {
                                    int w = i % Cq;
                                    int64_t o = (int64_t)(i / Cq) * rq + w;
                                    for (j = 0; j < U; j++) {
                                        if (i + 32 * j < nq) {
                                            EXPECT((in_addr + (at + q * o) * e) % (q * e) == 0,
                                                   "a load of %d bytes at element %lld", q * e,
                                                   (long long)(at + q * o));
                                            for (b = 0; b < q; b++) {
                                                const int k = q * (i + 32 * j) + b;
                                                EXPECT(chunk[k] < 0, "chunk element %d", k);
                                                chunk[k] = at + q * o + b;
                                            }
                                        }
                                        w += 32 % Cq;
                                        o += d1;
                                        if (w >= Cq) {
                                            w -= Cq;
                                            o += d2;
                                        }
                                    }
                                }
                        } else if (a.z_in[2] == M) {   /* the kernel's test */
                            for (i = 0; i < nn; i++)
                                chunk[i] = zi + b0 * M + i;
                        } else {
                            /* row runs cut in pieces of 32 U elements, a warp's each;
                               slab sl (z0 + sl) nn1 elements into the chunk */
                            const int U = ND_SMALL_RUN_LOADS(e), len = nn1 / M * C;
                            const int pieces = (len + 32 * U - 1) / (32 * U);
                            EXPECT((mode == 2 || mode == ND_SMALL_SPLIT_RUNS) && a.z_in[2] == C,
                                   "a chunk of neither kind");
                            for (sl = 0; sl < js; sl++)
                            for (t = 0; t < ND_THREADS; t++)   /* warp t / 32, lane t % 32 */
                                for (i = t / 32; i < R * pieces; i += ND_THREADS / 32) {
                                    const int r = i / pieces;
                                    const int k0 = (i - r * pieces) * 32 * U + t % 32;
                                    nd_lane_pos q = nd_lane_at(k0, C);
                                    for (j = 0; j < U; j++) {
                                        const int k1 = k0 + 32 * j;
                                        int64_t at = sl * nn1 + ((int64_t)q.m * R + r) * C + q.w;
                                        if (k1 < len) {
                                            EXPECT(at < nn && chunk[at] < 0, "chunk element %lld",
                                                   (long long)at);
                                            chunk[at] = zi + sl * a.z_in[0] + b0 * C +
                                                        nd_row_in(&a, r) + k1;
                                        }
                                        nd_lane_step(&q, C);
                                    }
                                }
                            slabbed += js > 1;
                        }
                        if (mode == 3 || mode == ND_SMALL_SPLIT_RUNS ||
                            mode == ND_SMALL_CROSS) {   /* column runs, slot
                                                                             by slot, as the
                                                                             kernel */
                            const int h = nn / C, slots = nd_col_slots(h, per);
                            EXPECT((int)a.group == mode && (R == 1 || mode != 3),
                                   "a batch of rows with %d rows", R);
                            for (k = 0; k < C * slots; k++) {
                                int c = k / slots, sl = k - c * slots, r0, r1, r;
                                int64_t col = (zo + b0 * S + (int64_t)c * a.out_col) * e;
                                int hd = (int)((16 - ((s.out_addr + col) & 15)) & 15) / e;
                                if (nd_col_slot(sl, h, hd, per, &r0, &r1))
                                    EXPECT((s.out_addr + col + r0 * e) % 16 == 0 && r1 - r0 == per,
                                           "a 16-byte store at byte %lld",
                                           (long long)(col + r0 * e));
                                for (r = r0; r < r1; r++) {
                                    EXPECT(chunk[r * C + c] >= 0, "a chunk element never loaded");
                                    store(&s, col + r * e, chunk[r * C + c] * e, e);
                                }
                            }
                            continue;
                        }
                        {
                            /* one run of 1 or 2-byte elements (the kernel's MODE 1
                               and 2): groups start sh elements before the run, on a
                               16-byte boundary; else (and apart in the output, its
                               MODE 4) at the run, whole only where it is wide */
                            const int64_t run = s.out_addr + (zo + b0 * S) * e;
                            const int shifted = S == M && e <= 2;
                            const int sh = shifted ? (int)((run & 15) / e) : 0;
                            const int wide = run % 16 == 0 && (S - M) * e % 16 == 0;
                            for (t = 0; t < ND_THREADS; t++)
                                for (k = t; k * per - sh < nn; k += ND_THREADS) {
                                    const int o0 = k * per - sh;
                                    nd_small_pos q = nd_small_at(o0 > 0 ? o0 : 0, R, C);
                                    const int g0 = q.g;
                                    const int whole = o0 >= 0 && o0 + per <= nn &&
                                                      (shifted || wide) &&
                                                      nd_small_whole(o0, g0, per, M, S);
                                    int g = g0;
                                    if (whole)
                                        EXPECT((run + nd_small_dst(o0, g0, M, S) * e) % 16 == 0,
                                               "a 16-byte store at byte %lld",
                                               (long long)(run + nd_small_dst(o0, g0, M, S) * e));
                                    for (j = 0; j < per; j++) {
                                        int64_t at;   /* the kernel's: one group, or one at a time */
                                        if (o0 + j < 0)
                                            continue;
                                        if (o0 + j - g * M == M)
                                            g++;
                                        at = whole ? nd_small_dst(o0, g0, M, S) + j
                                                   : nd_small_dst(o0 + j, g, M, S);
                                        if (o0 + j < nn) {
                                            int64_t from = chunk[nd_small_src(q, R, C)];
                                            EXPECT(from >= 0, "a chunk element never loaded");
                                            store(&s, (zo + b0 * S + at) * e, from * e, e);
                                        }
                                        nd_small_next(&q, R, C);
                                    }
                                }
                        }
                    }
                }
        }
        if (!sink_close(&s))
            return 0;
    }
    EXPECT(fits >= 250, "only %d of 1300 drawn batches fit the small-batch kernel", fits);
    EXPECT(columns >= 40, "only %d of them were wide tiles as columns", columns);
    EXPECT(columns3 >= 40, "only %d of them were wide tiles with two other axes", columns3);
    EXPECT(rows >= 40, "only %d of them were narrow tiles as rows", rows);
    EXPECT(scattered >= 40, "only %d of them had matrices apart in the output", scattered);
    EXPECT(row_runs >= 25, "only %d of them were loaded in row runs", row_runs);
    EXPECT(stacked >= 40, "only %d of them were stacked", stacked);
    EXPECT(stack_words >= 10, "only %d stacked batches loaded in words", stack_words);
    EXPECT(unsplit >= 20, "only %d of them were stacked from split columns", unsplit);
    EXPECT(long_sides >= 20, "only %d of them had both sides long", long_sides);
    EXPECT(slabbed >= 20, "only %d chunks of row runs held several z0s", slabbed);
    EXPECT(split_rows >= 20, "only %d of them had rows split over two axes", split_rows);
    EXPECT(whole_pieces >= 10, "only %d batches of columns took whole warp pieces a run",
           whole_pieces);
    EXPECT(bytes16 >= 40, "only %d batches of 1-byte matrices past ND_SMALL_MAX bytes", bytes16);
    EXPECT(words16 >= 40, "only %d batches of 2-byte matrices past ND_SMALL_MAX bytes", words16);
    EXPECT(sorted >= 3, "only %d batches left to the wide register sort", sorted);
    EXPECT(split_runs >= 100, "only %d split rows of whole input rows as row runs", split_runs);
    EXPECT(cross >= 100, "only %d batches of columns that run on across matrices", cross);
    return 1;
}

/* nd_small_choose on shapes of its measurements (chapter 11's NOTES.md,
 * "Small byte matrices of up to 16 KB in the small batch" and "Small
 * 2-byte matrices of up to 16 KB"): 1 and 2-byte matrices with a short
 * side of up to ND_SMALL_BYTES go to the batch, whole (not as batches of
 * their columns), apart in the output or stacked, but not those the wide
 * register sort takes, and 2-byte wide ones of more than 16 rows only up
 * to ND_SMALL_WIDE2_BYTES; 4-byte ones keep ND_SMALL_MAX. */
static int small_bytes_cases(void)
{
    static const struct {
        int e, perm[4], rank;
        int64_t dims[4], n_cols;
        int mode;
    } cases[] = {
        { 1, { 0, 2, 1 }, 3, { 45105, 392, 13 }, 13, 1 },      /* tall, 5096 bytes           */
        { 1, { 1, 0, 3, 2 }, 4, { 693, 88, 191, 24 }, 24, 1 }, /* apart in the output        */
        { 1, { 0, 2, 1 }, 3, { 33412, 10, 650 }, 650, 1 },     /* wide, whole: not columns   */
        { 1, { 2, 0, 3, 1 }, 4, { 936, 19, 91, 278 }, 278, 5 }, /* stacked                  */
        { 1, { 0, 2, 1 }, 3, { 1000, 546, 30 }, 30, 1 },       /* 16380 bytes                */
        { 1, { 0, 2, 1 }, 3, { 1000, 547, 30 }, 30, 0 },       /* 16410 bytes: too many      */
        { 1, { 0, 2, 1 }, 3, { 19831, 22, 726 }, 726, 0 },     /* the wide register sort's   */
        { 1, { 2, 0, 3, 1 }, 4, { 952, 18, 37, 638 }, 638, 0 }, /* the sort's, stacked       */
        { 1, { 0, 2, 1 }, 3, { 1000, 30, 547 }, 547, 0 },      /* wide, 16410 bytes          */
        { 2, { 0, 2, 1 }, 3, { 45105, 392, 13 }, 13, 1 },      /* 2-byte tall, 10192 bytes   */
        { 2, { 1, 0, 3, 2 }, 4, { 5315, 9, 622, 10 }, 10, 1 }, /* 2-byte, apart in the output */
        { 2, { 0, 2, 1 }, 3, { 1000, 546, 15 }, 15, 1 },       /* 2-byte, 16380 bytes        */
        { 2, { 0, 2, 1 }, 3, { 1000, 547, 15 }, 15, 0 },       /* 2-byte, 16410 bytes        */
        { 2, { 0, 2, 1 }, 3, { 61862, 15, 281 }, 281, 1 },     /* 2-byte wide, whole         */
        { 2, { 2, 0, 3, 1 }, 4, { 10, 9, 7929, 366 }, 366, 5 }, /* 2-byte wide, stacked      */
        { 2, { 0, 2, 1 }, 3, { 5, 16, 511 }, 511, 1 },         /* 16 rows, 16352 bytes       */
        { 2, { 0, 2, 1 }, 3, { 74891, 23, 95 }, 95, 1 },       /* 23 rows, 4370 bytes        */
        { 2, { 1, 0, 3, 2 }, 4, { 145, 228, 21, 251 }, 251, 0 }, /* 21 rows, 10542 bytes     */
        { 2, { 0, 2, 1 }, 3, { 4, 17, 241 }, 241, 0 },         /* 17 rows, 8194 bytes        */
        { 2, { 0, 2, 1 }, 3, { 4, 17, 240 }, 240, 0 },         /* 17 rows, the sort's        */
        { 4, { 0, 2, 1 }, 3, { 1000, 200, 10 }, 10, 0 },       /* 4-byte, 8000 bytes         */
    };
    int k;
    for (k = 0; k < (int)(sizeof cases / sizeof cases[0]); k++) {
        tp_problem p = tp_problem_make(cases[k].rank, cases[k].dims, cases[k].perm, cases[k].e);
        tp_plan plan = tp_problem_plan(&p);
        int mode = nd_small_choose(&plan, 0x10000, 0x20000, tp_problem_bytes(&p));
        EXPECT(mode == cases[k].mode && (mode == 0 || plan.n_cols == cases[k].n_cols),
               "case %d: the small batch's mode %d (%lld columns), not %d (%lld)", k, mode,
               (long long)plan.n_cols, cases[k].mode, (long long)cases[k].n_cols);
    }
    return 1;
}

/* The small batch's swizzled chunk (nd_swz, nd_small_swizzled): every
 * byte of a 16 KB chunk has one place, in its own 128 bytes, its word
 * kept whole. The words of one bank that a warp reads at once
 * (nd_small_wavefronts) are counted here a second way, with divisions
 * and a list of the words seen, on the same warps (sample 1) or on every
 * warp of the chunk (sample 0); 100 times the mean, as the library gives
 * it. */
static int small_swz_conflicts(const tp_plan *plan, int swz, int sample)
{
    const int64_t R = plan->n_rows, C = plan->n_cols, e = plan->elem_bytes, per = 16 / e;
    const int64_t n = nd_small_batch(plan) * R * C, groups = (n + per - 1) / per;
    const int64_t warps = (groups + 31) / 32,
                  counted = sample && warps > ND_SMALL_WAVE_WARPS ? ND_SMALL_WAVE_WARPS : warps;
    int64_t i, j, t, sum = 0, reads = 0;
    for (i = 0; i < counted; i++)
        for (j = 0; j < per; j++) {
            const int64_t w = i * warps / counted;   /* the warp */
            int64_t word[32];
            int k, lanes = 0, most = 0;
            for (t = 0; t < 32; t++) {   /* thread t's element j: output o, column c, row r */
                int64_t o = (w * 32 + t) * per + j, g = o / (R * C), c = o % (R * C) / R,
                        r = o % R;
                if (w * 32 + t >= groups || o >= n)
                    continue;
                word[lanes++] = nd_swz((int)(((g * R + r) * C + c) * e), swz) / 4;
            }
            if (lanes == 0)
                continue;
            for (k = 0; k < 32; k++) {   /* the words of k's bank that the warp reads */
                int64_t seen[32];
                int m = 0, u;
                for (t = 0; t < lanes; t++) {
                    if (word[t] % 32 != k)
                        continue;
                    for (u = 0; u < m && seen[u] != word[t]; u++)
                        ;
                    if (u == m)
                        seen[m++] = word[t];
                }
                most = m > most ? m : most;
            }
            sum += most;
            reads++;
        }
    return reads ? (int)(100 * sum / reads) : 100;
}

/* A (0, 2, 1) of B x R x C as the small batch's plan; 0 if it is not a
 * batch of whole matrices (nd_small_choose's 1) */
static int small_plan(int e, int64_t B, int64_t R, int64_t C, tp_plan *plan)
{
    const int perm[3] = { 0, 2, 1 };
    const int64_t dims[3] = { B, R, C };
    tp_problem p = tp_problem_make(3, dims, perm, e);
    *plan = tp_problem_plan(&p);
    return nd_small_choose(plan, 0x10000, 0x20000, tp_problem_bytes(&p)) == 1;
}

static int small_swizzle_cases(void)
{
    static int placed[ND_SMALL_BYTES];
    /* which plans swizzle: matrices measured in chapter 11's NOTES.md
     * ("The small batch's chunk swizzled", H200; words of a bank a read
     * from nd_small_wavefronts) and the rule's other conditions */
    static const struct {
        int e, perm[4], rank;
        int64_t dims[4];
        uintptr_t out;
        int swz;
    } cases[] = {
        { 2, { 0, 2, 1 }, 3, { 5933, 491, 8 }, 0x20002, 1 },        /* 25.9: one run, any out */
        { 2, { 0, 1, 3, 2 }, 4, { 253, 350, 100, 32 }, 0x20000, 1 }, /* 22.4: gained 37.0    */
        { 1, { 0, 1, 3, 2 }, 4, { 344, 675, 44, 32 }, 0x20000, 1 },  /* 11.0: gained 13.1    */
        { 1, { 0, 1, 3, 2 }, 4, { 155, 2947, 200, 4 }, 0x20000, 1 }, /* 9.06: gained 5.9     */
        { 2, { 0, 2, 1 }, 3, { 96056, 63, 32 }, 0x20000, 0 },        /* 8.00: lost 4.2       */
        { 1, { 0, 2, 1 }, 3, { 171098, 40, 32 }, 0x20000, 0 },       /* 5.00: lost 3.2       */
        { 1, { 0, 2, 1 }, 3, { 367852, 74, 11 }, 0x20000, 0 },       /* odd C: lost 3.1      */
        { 2, { 0, 2, 1 }, 3, { 594607, 16, 16 }, 0x20000, 0 },       /* 2.00: lost 6.1       */
        { 4, { 0, 2, 1 }, 3, { 45105, 100, 8 }, 0x20000, 0 },        /* 4-byte               */
        { 1, { 1, 0, 3, 2 }, 4, { 693, 88, 192, 24 }, 0x20000, 1 },  /* apart, groups on 16  */
        { 1, { 1, 0, 3, 2 }, 4, { 693, 88, 192, 24 }, 0x20008, 0 },  /* apart, out off 16    */
        { 1, { 1, 0, 3, 2 }, 4, { 693, 88, 191, 24 }, 0x20000, 0 },  /* apart, 4584-byte ones */
        { 2, { 1, 0, 3, 2 }, 4, { 5315, 9, 622, 8 }, 0x20000, 1 },   /* 2-byte, apart        */
        { 2, { 0, 2, 1 }, 3, { 45105, 45, 90 }, 0x20000, 0 },        /* a tile               */
    };
    int b, k, C, e, n, far = 0;
    tp_plan plan;
    for (b = 0; b < ND_SMALL_BYTES; b++)
        placed[b] = -1;
    for (b = 0; b < ND_SMALL_BYTES; b++) {
        int to = nd_swz(b, 1);
        EXPECT(to / 128 == b / 128 && to % 4 == b % 4 && to - b % 4 == nd_swz(b - b % 4, 1) &&
                   placed[to] < 0,
               "byte %d of the chunk swizzled to %d (byte %d went there)", b, to,
               to >= 0 && to < ND_SMALL_BYTES ? placed[to] : -2);
        placed[to] = b;
        EXPECT(nd_swz(b, 0) == b, "byte %d unswizzled to %d", b, nd_swz(b, 0));
    }
    /* tall matrices, 512 / E rows of C a multiple of 4 up to 28: 12 or
     * more words of a bank a read plain, 4 or fewer swizzled */
    for (C = 4; C <= 28; C += 4)
        for (e = 1; e <= 2; e++) {
            int plain, swz;
            EXPECT(small_plan(e, 1000, 512 / e, C, &plan), "%d-byte %d x %d: not a small batch", e,
                   512 / e, C);
            plain = nd_small_wavefronts(&plan, 0);
            swz = nd_small_wavefronts(&plan, 1);
            EXPECT(plain >= 1200 && swz <= 400, "%d-byte %d x %d: %.2f words of a bank a read, "
                   "%.2f swizzled", e, 512 / e, C, plain / 100.0, swz / 100.0);
        }
    /* 300 random batches of whole 1 and 2-byte matrices: the library's
     * count is the second count's on the same warps; and where the whole
     * chunk's count is 2 words or more from ND_SMALL_SWZ_WAVES, the
     * sample decides as the whole chunk would */
    srand(36);
    for (n = 0; n < 300;) {
        int64_t R = 2 + rand() % 999, Cs = 1 + rand() % 64;
        int whole, s;
        e = 1 + rand() % 2;
        if (R * Cs * e > ND_SMALL_BYTES || !small_plan(e, 1000, R, Cs, &plan))
            continue;
        n++;
        for (s = 0; s <= 1; s++)
            EXPECT(nd_small_wavefronts(&plan, s) == small_swz_conflicts(&plan, s, 1),
                   "%d-byte %lld x %lld (swizzled %d): %d, counted again %d", e, (long long)R,
                   (long long)Cs, s, nd_small_wavefronts(&plan, s),
                   small_swz_conflicts(&plan, s, 1));
        whole = small_swz_conflicts(&plan, 0, 0);
        if (whole >= ND_SMALL_SWZ_WAVES + 200 || whole < ND_SMALL_SWZ_WAVES - 200) {
            far++;
            EXPECT((nd_small_wavefronts(&plan, 0) >= ND_SMALL_SWZ_WAVES) ==
                       (whole >= ND_SMALL_SWZ_WAVES),
                   "%d-byte %lld x %lld: %d words x 100 a read on the sample, %d on the chunk", e,
                   (long long)R, (long long)Cs, nd_small_wavefronts(&plan, 0), whole);
        }
    }
    EXPECT(far >= 200, "only %d of 300 random batches far from the threshold", far);
    for (k = 0; k < (int)(sizeof cases / sizeof cases[0]); k++) {
        tp_problem p = tp_problem_make(cases[k].rank, cases[k].dims, cases[k].perm, cases[k].e);
        int mode, swz;
        plan = tp_problem_plan(&p);
        mode = nd_small_choose(&plan, 0x10000, cases[k].out, tp_problem_bytes(&p));
        swz = mode == 1 && nd_small_swizzled(&plan, cases[k].out);
        EXPECT(swz == cases[k].swz, "case %d: swizzled %d, not %d (mode %d, %.2f words a read)",
               k, swz, cases[k].swz, mode, mode == 1 ? nd_small_wavefronts(&plan, 0) / 100.0 : 0);
    }
    return 1;
}

/* Columns that run on across matrices (nd_small_cross, nd_cross_fits,
 * nd_cross_swizzled) on tiles measured in chapter 11's NOTES.md,
 * "Columns that run on across matrices" (H200): which the small batch
 * takes, and which of those it swizzles. */
static int cross_rule_cases(void)
{
    static const struct {
        int e, perm[4];
        int64_t dims[4];
        int mode, swz;
    } cases[] = {
        { 1, { 1, 3, 0, 2 }, { 12190, 10, 525, 7 }, ND_SMALL_CROSS, 0 }, /* behind PyTorch before */
        { 1, { 1, 3, 0, 2 }, { 180, 582, 214, 16 }, ND_SMALL_CROSS, 1 }, /* 4 | C: swizzled   */
        { 2, { 3, 1, 0, 2 }, { 1371, 31, 246, 11 }, ND_SMALL_CROSS, 0 }, /* 2-byte, odd C     */
        { 2, { 1, 3, 0, 2 }, { 979, 42, 505, 12 }, ND_SMALL_CROSS, 1 },  /* 2-byte, 4 | C     */
        { 4, { 3, 1, 0, 2 }, { 5892, 16, 74, 10 }, ND_SMALL_CROSS, 0 },  /* 4-byte: gained    */
        { 4, { 3, 1, 0, 2 }, { 18, 7540, 41, 16 }, 0, 0 },               /* 4-byte, 8 | C: lost */
        { 8, { 1, 3, 0, 2 }, { 261, 464, 34, 12 }, ND_SMALL_CROSS, 0 },  /* 8-byte            */
        { 16, { 1, 3, 0, 2 }, { 66, 3210, 41, 5 }, 0, 0 },               /* 16-byte: not measured */
    };
    int k;
    for (k = 0; k < (int)(sizeof cases / sizeof cases[0]); k++) {
        tp_problem p = tp_problem_make(4, cases[k].dims, cases[k].perm, cases[k].e);
        tp_plan plan = tp_problem_plan(&p);
        int mode = nd_small_choose(&plan, 0x10000, 0x20000, tp_problem_bytes(&p));
        int swz = mode == ND_SMALL_CROSS && nd_cross_swizzled(&plan);
        EXPECT((mode == ND_SMALL_CROSS) == (cases[k].mode == ND_SMALL_CROSS) &&
                   swz == cases[k].swz,
               "case %d: mode %d swizzled %d, not %d and %d", k, mode, swz, cases[k].mode,
               cases[k].swz);
    }
    return 1;
}

/* nd_small_split_runs' rule on named plans: tiles measured against the
 * funnel tile over split rows (chapter 11's NOTES.md) and the edges of
 * its two bounds, a column's output run of 96 bytes and 64 columns of
 * 1-byte elements; and which of them swizzle their chunk
 * (nd_split_runs_swizzled: 4 divides C). */
static int split_runs_rule_cases(void)
{
    static const struct {
        int e, perm[4], rank;
        int64_t dims[4];
        int taken, swz;
    } cases[] = {
        { 1, { 1, 3, 2, 0 }, 4, { 7, 1174, 953, 57 }, 1, 0 },   /* 57 columns: gained    */
        { 1, { 1, 3, 2, 0 }, 4, { 18, 1391, 196, 121 }, 0, 0 }, /* 121 columns: lost     */
        { 1, { 2, 1, 0 }, 3, { 16, 503884, 64 }, 1, 1 },        /* 64 columns, swizzled  */
        { 1, { 2, 1, 0 }, 3, { 16, 503884, 65 }, 0, 0 },        /* 65 columns            */
        { 2, { 0, 3, 2, 1 }, 4, { 1251, 5, 139, 132 }, 1, 1 },  /* 2-byte, 132 columns   */
        { 2, { 2, 1, 0 }, 3, { 13, 611195, 34 }, 1, 0 },        /* 2-byte, 34 columns    */
        { 1, { 2, 1, 0 }, 3, { 16, 6, 40 }, 1, 1 },             /* runs of 6 x 16 bytes  */
        { 1, { 2, 1, 0 }, 3, { 16, 5, 40 }, 0, 0 },             /* runs of 5 x 16 bytes  */
        { 2, { 2, 1, 0 }, 3, { 16, 3, 40 }, 1, 1 },             /* runs of 3 x 16 x 2    */
        { 2, { 0, 3, 2, 1 }, 4, { 138, 17, 408, 163 }, 0, 0 },  /* 2-byte, runs under 96 */
        { 4, { 1, 3, 2, 0 }, 4, { 7, 1174, 953, 57 }, 0, 0 },   /* 4-byte                */
        { 2, { 1, 3, 0, 2 }, 4, { 321, 328, 15, 189 }, 0, 0 },  /* a slow step not a row */
    };
    int k;
    for (k = 0; k < (int)(sizeof cases / sizeof cases[0]); k++) {
        tp_problem p = tp_problem_make(cases[k].rank, cases[k].dims, cases[k].perm, cases[k].e);
        tp_plan plan = tp_problem_plan(&p);
        int taken = plan.rows_lo != 0 && nd_small_split_runs(&plan);
        int swz = taken && nd_split_runs_swizzled(&plan);
        EXPECT(taken == cases[k].taken && swz == cases[k].swz, "case %d: taken %d, not %d; "
               "swizzled %d, not %d", k, taken, cases[k].taken, swz, cases[k].swz);
        EXPECT(!taken || (plan.n_rows == cases[k].dims[cases[k].perm[cases[k].rank - 1]] &&
                          plan.rows_lo == 0),
               "case %d: %lld rows in a matrix", k, (long long)plan.n_rows);
    }
    return 1;
}

/* permute_nd_rowtile and permute_nd_rowtile_thin, emulated: for random
 * permutations that keep short rows of whole words (3 and 4 axes, 1 to
 * 8-byte elements; words of 8 bytes where a row is a multiple of 8 bytes,
 * else of 4, or of 2 where a row is an odd number of 2-byte words; rows
 * left to others, nd_rowtile_leaves, must not be taken), every block,
 * step of C and thread walks its loads into a shared tile (each shared
 * word remembers which input word it holds, and must be written in this
 * step before it is read) and its stores out of it, within the shared
 * memory the launch gives it; the sink checks every output byte. Also:
 * every row length's tile, and every thin side's, fits the 34752 bytes
 * (ND_RT_SHARED_WORDS words of 4 bytes). */
static void rowtile_load(int64_t *shared, int64_t words, int64_t at, int64_t from, int *ok)
{
    if (at < 0 || at >= words) {
        fprintf(stderr, "a load to shared word %lld\n", (long long)at);
        *ok = 0;
        return;
    }
    shared[at] = from;
}

static void rowtile_store(sink *s, const int64_t *shared, int64_t words, int64_t at, int64_t to,
                          int unit, int *ok)
{
    if (at < 0 || at >= words || shared[at] < 0) {
        fprintf(stderr, "a store from shared word %lld, never loaded\n", (long long)at);
        *ok = 0;
        return;
    }
    store(s, to * unit, shared[at] * unit, unit);
}

static int rowtile_cases(void)
{
    static const int sizes[4] = { 1, 2, 4, 8 };
    static int64_t shared[2 * ND_RT_SHARED_WORDS];   /* nd_rowtile_capacity(2), the most */
    int n, fits = 0, thin[3] = { 0, 0, 0 }, halves[3] = { 0, 0, 0 }, block_loads = 0, W, t, u;
    for (u = 2; u <= 8; u *= 2)   /* words of 2, 4 and 8 bytes */
        for (W = 1; W * u <= (u == 2 ? 2 * ND_RT_MAX_WORDS_2 : 4 * ND_RT_MAX_WORDS); W++) {
            int T = nd_rowtile_side(W, u);
            EXPECT(T * nd_rowtile_pitch(W, T) <= nd_rowtile_capacity(u),
                   "rows of %d words of %d bytes overflow the tile", W, u);
            for (t = 1; t < T; t++)   /* a thin side of t rows: the long side at least T */
                EXPECT(nd_rowtile_long_side(t, W, u) >= T,
                       "rows of %d words of %d bytes, thin side %d: the long side is under %d", W,
                       u, t, T);
        }
    srand(11);
    for (n = 0; n < 400; n++) {
        int rank = 3 + rand() % 2, perm[4], k, e = sizes[rand() % 4], ok = 1;
        int64_t dims[4];
        for (k = 0; k < rank; k++) {
            dims[k] = 1 + rand() % (k == rank - 1 ? ND_RT_MAX_WORDS_2 * 4 / e + 2 : 70);
            perm[k] = k;
        }
        shuffle_but_last(perm, rank);   /* the last axis stays */
        if (n >= 300) {   /* (1, 0, 2) or (0, 2, 1, 3), one side short, the other long */
            /* W odd (4-byte accesses), whole sectors, or (a quarter) an odd
             * number of 2-byte words, of 1 or 2-byte elements */
            const int half = n % 8 >= 6;
            const int W = half ? 1 + 2 * (rand() % (ND_RT_MAX_WORDS_2 / 2 + 1))
                               : rand() % 2 ? 1 + 2 * (rand() % 32) : 8 * (1 + rand() % 7);
            const int T = nd_rowtile_side(W, half ? 2 : 4);
            const int64_t shorter = 2 + rand() % (T - 2), longer = T + rand() % 300;
            e = sizes[rand() % (half ? 2 : 3)];   /* 1, 2 or 4 (1 or 2 for 2-byte words) */
            dims[rank - 1] = W * (half ? 2 : 4) / e;
            dims[rank - 3] = n % 2 ? shorter : longer;
            dims[rank - 2] = n % 2 ? longer : shorter;
            for (k = 0; k < rank; k++)
                perm[k] = k;
            perm[rank - 3] = rank - 2;
            perm[rank - 2] = rank - 3;
            if (rank == 4) {   /* C first, or C between: (2, 1, 0, 3), never thin */
                dims[0] = 1 + rand() % 3;
                if (rand() % 2) {
                    dims[0] = dims[1];
                    dims[1] = 2 + rand() % 3;
                    perm[0] = 2;
                    perm[1] = 1;
                    perm[2] = 0;
                }
            }
        }
        tp_problem p = tp_problem_make(rank, dims, perm, e);
        tp_plan plan = tp_problem_plan(&p);
        nd_rowtile g;
        uint32_t grid[3], bx, by;
        sink s;
        if (!nd_rowtile_fit(&plan, 0x10000, 0x20000, &g, grid))
            continue;
        u = plan.row_len * e % 8 == 0 ? 8 : plan.row_len * e % 4 == 0 ? 4 : 2;   /* the widest */
        EXPECT(!(plan.row_len * e % 32 == 16 && plan.row_len * e >= 64) &&
                   !(u == 8 && plan.row_len * e >= 40 && plan.row_len * e <= 56) && g.unit == u &&
                   g.W == plan.row_len * e / g.unit &&
                   g.W * g.unit <= (g.unit == 2 ? 2 * ND_RT_MAX_WORDS_2 : 4 * ND_RT_MAX_WORDS),
               "rows of %lld bytes took the row tile in %d words of %d bytes",
               (long long)(plan.row_len * e), g.W, g.unit);
        EXPECT(g.thin >= 0 && g.thin <= 2 &&
                   (int64_t)g.Ta * g.Tb * g.W <= nd_rowtile_capacity(g.unit) &&
                   nd_rowtile_shared_bytes(&g) <= 4 * ND_RT_SHARED_WORDS,
               "a tile of %d x %d rows of %d words (thin %d), %d bytes of shared memory", g.Ta,
               g.Tb, g.W, g.thin, nd_rowtile_shared_bytes(&g));
        fits++;
        thin[g.thin]++;
        halves[g.thin] += g.unit == 2;
        block_loads += nd_rowtile_mode(&g) == 3;
        if (!sink_open(&s, &p, 0x10000, 0x20000))
            return 0;
        for (by = 0; by < grid[1]; by++)
            for (bx = 0; bx < grid[0]; bx++) {
                const int W = g.W, T = g.T, P = nd_rowtile_pitch(W, T), warps = ND_THREADS / 32;
                const int64_t words = nd_rowtile_shared_bytes(&g) / g.unit;   /* launched with */
                uint32_t tb = bx / g.tiles_a, ta = bx - tb * g.tiles_a;
                int64_t a0 = (int64_t)ta * g.Ta, b0 = (int64_t)tb * g.Tb, c;
                int na = (int)(g.na - a0 < g.Ta ? g.na - a0 : g.Ta);
                int nb = (int)(g.nb - b0 < g.Tb ? g.nb - b0 : g.Tb);
                EXPECT(g.thin || (g.Ta == T && g.Tb == T && P % 32 == W % 32 &&
                                  T * P <= nd_rowtile_capacity(g.unit)),
                       "pitch %d for rows of %d words, tile side %d", P, W, T);
                for (c = by; c < g.nc; c += grid[1]) {
                    int64_t src = c * g.c_in + b0 * g.b_in + a0 * W;
                    int64_t dst = c * g.c_out + a0 * g.a_out + b0 * W;
                    int o, k, i;
                    for (i = 0; i < 2 * ND_RT_SHARED_WORDS; i++)
                        shared[i] = -1;
                    if (g.thin == 0) {   /* a warp a line, both ways */
                        for (t = 0; t < ND_THREADS; t++)   /* warp t / 32, lane t % 32 */
                            for (o = t / 32; o < nb; o += warps)
                                for (k = t % 32; k < na * W; k += 32)
                                    rowtile_load(shared, words, (int64_t)o * P + k,
                                                 src + o * g.b_in + k, &ok);
                        for (t = 0; t < ND_THREADS; t++)
                            for (o = t / 32; o < na; o += warps) {
                                nd_lane_pos q = nd_lane_at(t % 32, W);
                                for (k = t % 32; k < nb * W; k += 32) {
                                    EXPECT(q.m * W + q.w == k, "word %d walked to row %d, word %d",
                                           k, q.m, q.w);
                                    rowtile_store(&s, shared, words, (int64_t)q.m * P + o * W + q.w,
                                                  dst + o * g.a_out + k, g.unit, &ok);
                                    nd_lane_step(&q, W);
                                }
                            }
                    } else if (g.thin == 1) {   /* the input's run, then A-lines */
                        EXPECT(g.Ta == g.na && g.b_in == g.na * W, "thin 1: A %lld, %d taken",
                               (long long)g.na, g.Ta);
                        for (t = 0; t < ND_THREADS; t++)
                            for (k = t; k < na * nb * W; k += ND_THREADS)
                                rowtile_load(shared, words, k, src + k, &ok);
                        for (t = 0; t < ND_THREADS; t++)
                            for (o = 0; o < na; o++) {
                                nd_lane_pos q = nd_lane_at(t, W);
                                const nd_lane_pos step = nd_lane_at(ND_THREADS, W);
                                for (k = t; k < nb * W; k += ND_THREADS) {
                                    EXPECT(q.m * W + q.w == k, "word %d walked to row %d, word %d",
                                           k, q.m, q.w);
                                    rowtile_store(&s, shared, words,
                                                  (int64_t)q.m * na * W + o * W + q.w,
                                                  dst + o * g.a_out + k, g.unit, &ok);
                                    nd_block_step(&q, step, W);
                                }
                            }
                    } else if (nd_rowtile_mode(&g) == 3) {   /* the same, the block a B-line */
                        EXPECT(g.Tb == g.nb && g.a_out == g.nb * W && nb < warps,
                               "thin 2 a block a line: B %lld, %d taken", (long long)g.nb, g.Tb);
                        for (t = 0; t < ND_THREADS; t++)
                            for (o = 0; o < nb; o++) {
                                nd_lane_pos q = nd_lane_at(t, W);
                                const nd_lane_pos step = nd_lane_at(ND_THREADS, W);
                                for (k = t; k < na * W; k += ND_THREADS) {
                                    EXPECT(q.m * W + q.w == k, "word %d walked to row %d, word %d",
                                           k, q.m, q.w);
                                    rowtile_load(shared, words, (int64_t)q.m * nb * W + o * W + q.w,
                                                 src + o * g.b_in + k, &ok);
                                    nd_block_step(&q, step, W);
                                }
                            }
                        for (t = 0; t < ND_THREADS; t++)
                            for (k = t; k < na * nb * W; k += ND_THREADS)
                                rowtile_store(&s, shared, words, k, dst + k, g.unit, &ok);
                    } else {   /* B-lines, then the output's run */
                        EXPECT(g.Tb == g.nb && g.a_out == g.nb * W && nb >= warps,
                               "thin 2: B %lld, %d taken", (long long)g.nb, g.Tb);
                        for (t = 0; t < ND_THREADS; t++)
                            for (o = t / 32; o < nb; o += warps) {
                                nd_lane_pos q = nd_lane_at(t % 32, W);
                                for (k = t % 32; k < na * W; k += 32) {
                                    rowtile_load(shared, words, (int64_t)q.m * nb * W + o * W + q.w,
                                                 src + o * g.b_in + k, &ok);
                                    nd_lane_step(&q, W);
                                }
                            }
                        for (t = 0; t < ND_THREADS; t++)
                            for (k = t; k < na * nb * W; k += ND_THREADS)
                                rowtile_store(&s, shared, words, k, dst + k, g.unit, &ok);
                    }
                    EXPECT(ok, "problem %d: shared memory walked wrong", n);
                }
            }
        if (!sink_close(&s))
            return 0;
    }
    EXPECT(fits >= 50, "only %d of 400 drawn problems took the row tile", fits);
    EXPECT(thin[1] >= 15 && thin[2] >= 15, "only %d and %d of them were thin tiles (1 and 2)",
           thin[1], thin[2]);
    EXPECT(halves[0] >= 15 && halves[1] >= 5 && halves[2] >= 5,
           "only %d, %d and %d of them were tiles of 2-byte words (square, thin 1, thin 2)",
           halves[0], halves[1], halves[2]);
    EXPECT(block_loads >= 5 && block_loads < thin[2], "%d of %d thin 2 tiles loaded a block a line",
           block_loads, thin[2]);
    /* The rows left to others are left only where the tile would have
     * taken them in 8 or 16-byte words: float (1, 0, 2) of 100 x 100 x
     * R, rows of 4R bytes, on buffers 16, 8 and 4-byte aligned. */
    {
        static const struct {
            int R;
            uintptr_t in, out;
            int unit;   /* the tile's word, 0 where it is left to others */
        } left[] = { { 10, 0x10000, 0x20000, 0 }, { 12, 0x10000, 0x20008, 0 },
                     { 14, 0x10008, 0x20000, 0 }, { 10, 0x10004, 0x20000, 4 },
                     { 12, 0x10000, 0x20004, 4 }, { 14, 0x1000c, 0x20004, 4 },
                     { 28, 0x10000, 0x20000, 0 }, { 28, 0x10008, 0x20000, 8 },
                     { 28, 0x10004, 0x20000, 4 }, { 16, 0x10004, 0x20000, 4 } };
        for (n = 0; n < (int)(sizeof left / sizeof left[0]); n++) {
            const int64_t dims[3] = { 100, 100, left[n].R };
            const int perm[3] = { 1, 0, 2 };
            tp_problem p = tp_problem_make(3, dims, perm, 4);
            tp_plan plan = tp_problem_plan(&p);
            nd_rowtile g;
            uint32_t grid[3];
            const int took = nd_rowtile_fit(&plan, left[n].in, left[n].out, &g, grid);
            EXPECT(took ? g.unit == left[n].unit : left[n].unit == 0,
                   "rows of %d bytes, buffers at %#lx and %#lx: words of %d bytes, "
                   "expected %d (0: left to others)", 4 * left[n].R, (unsigned long)left[n].in,
                   (unsigned long)left[n].out, took ? g.unit : 0, left[n].unit);
        }
    }
    return 1;
}

/* split_walk.h: a walk from i by steps of s gives, at every step, the
 * offset floor(i / lo) s_hi + (i mod lo) s_lo of the element it is at:
 * starts below 0 (tile rows above the matrix), below and above 2^32, lo
 * below and above the step, and a side that is not split (lo =
 * INT64_MAX), as the kernels use it. */
static int split_walk_cases(void)
{
    static const int64_t los[6] = { 1, 3, 11, 31, 300, INT64_MAX };
    static const int steps[5] = { 1, 4, 8, 29, 256 };
    int k, n, j;
    srand(9);
    for (n = 0; n < 3000; n++) {
        int64_t lo = los[rand() % 6], i;
        int s = steps[rand() % 5];
        switch (n % 3) {
        case 0: i = lo == INT64_MAX ? 0 : -(int64_t)(rand() % 40); break;   /* as the kernels */
        case 1: i = rand() % 100000; break;
        default: i = 0xFFFFFF00LL + rand() % 512; break;
        }
        split_walk w = split_walk_at(i, lo);
        split_step t = split_walk_step_of(w.lo, s);
        for (k = 0; k < 40; k++, i += s) {
            int64_t q = i >= 0 ? i / lo : -((-i + lo - 1) / lo), r = i - q * lo;
            EXPECT(split_walk_off(&w, 7, 1000003) == q * 1000003 + r * 7 && w.rem >= 0 &&
                       w.rem < lo,
                   "walk from %lld by %d (lo %lld), step %d: offset %lld, want %lld",
                   (long long)(i - (int64_t)k * s), s, (long long)lo, k,
                   (long long)split_walk_off(&w, 7, 1000003), (long long)(q * 1000003 + r * 7));
            split_walk_next(&w, t);
        }
    }
    for (j = 0; j < 2; j++) {   /* nd_walk_rows / nd_walk_cols equal nd_row_in / nd_col_out */
        nd_args a;
        memset(&a, 0, sizeof a);
        a.n_rows = a.n_cols = 5000;
        a.in_row = 13;
        a.out_col = 17;
        a.rows_lo = j ? 12 : 0;
        a.in_row_hi = 100003;
        a.cols_lo = j ? 0 : 7;
        a.out_col_hi = 70001;
        split_walk wr = nd_walk_rows(&a, 5), wc = nd_walk_cols(&a, 9);
        split_step tr = split_walk_step_of(wr.lo, 16), tc = split_walk_step_of(wc.lo, 16);
        for (k = 0; k < 200; k++) {
            EXPECT(split_walk_off(&wr, a.in_row, a.in_row_hi) == nd_row_in(&a, 5 + 16 * k),
                   "nd_walk_rows at row %d", 5 + 16 * k);
            EXPECT(split_walk_off(&wc, a.out_col, a.out_col_hi) == nd_col_out(&a, 9 + 16 * k),
                   "nd_walk_cols at column %d", 9 + 16 * k);
            split_walk_next(&wr, tr);
            split_walk_next(&wc, tc);
        }
    }
    return 1;
}

/* permute_nd_narrow_split (nd_index.h's narrow tile over split rows), on
 * random narrow tiles whose rows are split: (2, 1, 0) of A x B x C and
 * its 4-axis cousins, A and C below 32 (problem.h splits the rows only
 * where A is short). Every block and thread of the grid, the
 * loads into shared slots (holding the input element's index) through
 * nd_ns_load_at / nd_ns_load_add in batches of ND_NARROW_BATCH as the
 * kernel steps them, then the stores through nd_ns_store_at /
 * nd_ns_store_add: each slot read must have been loaded in this block,
 * and every output byte must come once from its own input byte. */
static int nsplit_cases(void)
{
    static const int sizes[5] = { 1, 2, 4, 8, 16 };
    static int64_t shared[256 * (TP_PLAN_SHORT + 8)];
    int n, fits = 0, grown = 0;
    srand(12);
    for (n = 0; n < 400; n++) {
        int e = sizes[rand() % 5], k, rank = 3 + rand() % 2, perm[4];
        int64_t dims[4];
        if (rank == 3) {   /* (2, 1, 0) of A x B x C */
            dims[0] = 2 + rand() % 30;   /* a fast side of 32 or more splits columns instead */
            dims[1] = 1 + rand() % 700;
            dims[2] = 1 + rand() % 31;
            perm[0] = 2, perm[1] = 1, perm[2] = 0;
        } else if (n % 2) {   /* (3, 1, 2, 0) of A x B1 x B2 x C: B1 B2 merge */
            dims[0] = 2 + rand() % 30;
            dims[1] = 1 + rand() % 60;
            dims[2] = 1 + rand() % 40;
            dims[3] = 1 + rand() % 31;
            perm[0] = 3, perm[1] = 1, perm[2] = 2, perm[3] = 0;
        } else {   /* (0, 3, 2, 1) of Z x A x B x C: a batch of them */
            dims[0] = 1 + rand() % 7;
            dims[1] = 2 + rand() % 30;
            dims[2] = 1 + rand() % 200;
            dims[3] = 1 + rand() % 31;
            perm[0] = 0, perm[1] = 3, perm[2] = 2, perm[3] = 1;
        }
        tp_problem p = tp_problem_make(rank, dims, perm, e);
        tp_plan plan = tp_problem_plan(&p);
        nd_args a;
        uint32_t grid[3], bx, by, bz;
        int H = nd_nsplit_fit(&plan);
        sink s;
        if (H == 0)
            continue;
        fits++;
        {   /* H: ND_NARROW_ROWS(e) / L, or as many as the tile holds, always for 1 and 2 bytes */
            const int64_t H0 = ND_NARROW_ROWS(e) / plan.rows_lo;
            const int full = plan.rows_lo * nd_nsplit_pitch((uint32_t)((H + 1) * plan.n_cols), e) >
                             ND_NSPLIT_TILE(e);
            EXPECT(H == H0 || (H > H0 && full), "H %d (from %lld) is neither", H, (long long)H0);
            EXPECT(e >= 4 || full, "%d-byte H %d leaves the tile room for one more", e, H);
            grown += H > H0;
        }
        EXPECT(nd_make_args(&plan, e, nd_tile_side(e), &a, grid), "no grid");
        a.group = (uint32_t)H;
        grid[0] = (uint32_t)((plan.n_rows / plan.rows_lo + H - 1) / H);
        if (!sink_open(&s, &p, 0x10000, 0x20000))
            return 0;
        for (bz = 0; bz < grid[2]; bz++)
            for (by = 0; by < grid[1]; by++)
                for (bx = 0; bx < grid[0]; bx++) {
                    const uint32_t C = (uint32_t)a.n_cols, L = (uint32_t)a.rows_lo;
                    const int64_t h0 = (int64_t)bx * H;
                    const uint32_t h = (uint32_t)(a.n_rows / L - h0 < H ? a.n_rows / L - h0 : H);
                    const uint32_t run = h * C, pitch = nd_nsplit_pitch((uint32_t)H * C, e);
                    const uint32_t cap = ND_NSPLIT_TILE(e);
                    const nd_ns_load ls = nd_ns_load_at(ND_THREADS, run, a.in_row);
                    const nd_ns_store ss = nd_ns_store_at(ND_THREADS, h, L, C, pitch, a.out_col);
                    int64_t z1, z2, in_off, out_off;
                    EXPECT(L * pitch <= cap && pitch >= (uint32_t)H * C,
                           "%u rows of pitch %u overflow the %u-element tile", L, pitch, cap);
                    for (z1 = bz; z1 < a.z_dims[1]; z1 += grid[2])
                        for (z2 = by; z2 < a.z_dims[2]; z2 += grid[1]) {
                            uint32_t t, i;
                            nd_offsets(&a, 0, z1, z2, &in_off, &out_off);
                            for (i = 0; i < cap; i++)
                                shared[i] = -1;
                            for (t = 0; t < ND_THREADS; t++) {
                                nd_ns_load x = nd_ns_load_at(t, run, a.in_row);
                                while (x.q < L)
                                    for (k = 0; k < ND_NARROW_BATCH; k++) {
                                        if (x.q < L) {
                                            EXPECT(x.q * pitch + x.r < cap, "a load to slot %u",
                                                   x.q * pitch + x.r);
                                            shared[x.q * pitch + x.r] = in_off + h0 * C + x.off;
                                        }
                                        nd_ns_load_add(&x, ls, run, a.in_row);
                                    }
                            }
                            for (t = 0; t < ND_THREADS; t++) {
                                nd_ns_store y;
                                for (y = nd_ns_store_at(t, h, L, C, pitch, a.out_col); y.c < C;
                                     nd_ns_store_add(&y, ss, h, L, C, pitch, a.out_col)) {
                                    EXPECT(y.at < cap && shared[y.at] >= 0,
                                           "a store from slot %u, not loaded in this block", y.at);
                                    store(&s, (out_off + h0 * L + y.off) * e, shared[y.at] * e, e);
                                }
                            }
                        }
                }
        if (!sink_close(&s))
            return 0;
    }
    EXPECT(fits >= 300, "only %d of 400 problems took the narrow tile over split rows", fits);
    EXPECT(grown >= 100, "only %d of them took more than ND_NARROW_ROWS(e) rows", grown);
    return 1;
}

/* Short rows whose output neighbours are another axis's (nd_rows_merge):
 * the 2-byte (1, 2, 0, 3) of the tensor sweep's 6 x 80 x 1694 x 76, made
 * small, and random ones: every output byte once, from the right place,
 * with the rows counted in the output's order (merge_runs says they
 * were). Rows of a multiple of 32 bytes, or whose output neighbours are
 * already z2's, stay as they were. */
static int rows_merge_cases(void)
{
    static const int sizes[5] = { 1, 2, 4, 8, 16 };
    int n, before = merge_runs;
    tp_problem p;
    int64_t d1[4] = { 6, 8, 17, 76 }, d2[3] = { 5, 300, 19 }, d3[4] = { 3, 5, 7, 16 };
    int64_t d4[3] = { 300, 5, 3 }, d5[4] = { 5, 6, 7, 3 };
    int p1[4] = { 1, 2, 0, 3 }, p2[3] = { 1, 0, 2 }, p3[4] = { 1, 2, 0, 3 }, p5[4] = { 2, 1, 0, 3 };
    p = tp_problem_make(4, d1, p1, 2);   /* rows of 152 bytes: merged */
    if (!check_problem(&p, 0x10000, 0x20000))
        return 0;
    EXPECT(merge_runs == before + 1, "6 x 8 x 17 x 76 (1, 2, 0, 3), 2 bytes, was not merged");
    p = tp_problem_make(3, d2, p2, 4);   /* rows of 76 bytes, z1 of 5 */
    if (!check_problem(&p, 0x10000, 0x20000))
        return 0;
    EXPECT(merge_runs == before + 2, "5 x 300 x 19 (1, 0, 2), 4 bytes, was not merged");
    p = tp_problem_make(4, d3, p3, 2);   /* rows of 32 bytes: whole sectors, not merged */
    if (!check_problem(&p, 0x10000, 0x20000))
        return 0;
    EXPECT(merge_runs == before + 2, "3 x 5 x 7 x 16 (1, 2, 0, 3), rows of 32 bytes, was merged");
    /* A z1 of more than half a block's rows: merged in 8-byte accesses
     * only (rows of 3 elements: 85 rows a bunch, 340 a block). */
    p = tp_problem_make(3, d4, p2, 8);   /* 8-byte rows of 24 bytes, z1 of 300 */
    if (!check_problem(&p, 0x10000, 0x20000))
        return 0;
    EXPECT(merge_runs == before + 3, "300 x 5 x 3 (1, 0, 2), 8 bytes, was not merged");
    p = tp_problem_make(3, d4, p2, 4);   /* 4-byte rows of 12 bytes: z1 too long */
    if (!check_problem(&p, 0x10000, 0x20000))
        return 0;
    EXPECT(merge_runs == before + 3, "300 x 5 x 3 (1, 0, 2), 4 bytes, was merged");
    /* (2, 1, 0, 3): the output's neighbours are z0's, which moves to z1's
     * place in 8-byte accesses, and stays in 4-byte ones. */
    p = tp_problem_make(4, d5, p5, 8);
    if (!check_problem(&p, 0x10000, 0x20000))
        return 0;
    EXPECT(merge_runs == before + 4, "5 x 6 x 7 x 3 (2, 1, 0, 3), 8 bytes, was not merged");
    p = tp_problem_make(4, d5, p5, 4);
    if (!check_problem(&p, 0x10000, 0x20000))
        return 0;
    EXPECT(merge_runs == before + 4, "5 x 6 x 7 x 3 (2, 1, 0, 3), 4 bytes, was merged");
    before = merge_runs;
    srand(1126);
    for (n = 0; n < 400; n++) {   /* the last axis stays, the others permuted */
        int64_t dims[4], total = 1;
        int perm[4], rank = 3 + rand() % 2, k, e = sizes[rand() % 5];
        for (k = 0; k < rank; k++) {
            dims[k] = 1 + rand() % (k == rank - 1 ? 70 : total > 3000 ? 4 : 30);
            total *= dims[k];
            perm[k] = k;
        }
        shuffle_but_last(perm, rank);
        p = tp_problem_make(rank, dims, perm, e);
        if (!check_problem(&p, 0x10000 + (uintptr_t)(rand() % 2) * e, 0x20000))
            return 0;
    }
    EXPECT(merge_runs - before >= 50, "only %d of 400 problems were merged", merge_runs - before);
    return 1;
}

/* permute_nd_narrow's block, on the CPU: for every element size and
 * column count, the rows a block takes (nd_narrow_rows) fit its shared
 * tile, in whole warps, no fewer than before; and for several row counts
 * of a block (its last block may have fewer), the loads' walk (8 a
 * batch) and the stores' walk (nd_narrow_next) each visit every element
 * of the block's rows once, and the shared slots stay in the tile. */
static int narrow_block_cases(void)
{
    static const int sizes[5] = { 1, 2, 4, 8, 16 };
    static unsigned char seen_load[4096 * 32], seen_store[4096 * 32];
    int i, C;
    for (i = 0; i < 5; i++)
        for (C = 1; C < TP_PLAN_SHORT; C++) {
            int E = sizes[i], R = nd_narrow_rows(E, C), pitch = nd_narrow_pitch(C);
            int cap = ND_NARROW_ROWS(E) * (TP_PLAN_SHORT + 1), counts[6], n;
            EXPECT(R % 32 == 0 && R >= ND_NARROW_ROWS(E) && R * pitch <= cap && R <= 4096,
                   "%d-byte elements, %d columns: %d rows a block (pitch %d, tile %d)", E, C, R,
                   pitch, cap);
            EXPECT(C != TP_PLAN_SHORT - 1 || R == ND_NARROW_ROWS(E),
                   "%d-byte, 31 columns: %d rows, not %d", E, R, ND_NARROW_ROWS(E));
            counts[0] = 1, counts[1] = 31, counts[2] = 33, counts[3] = R - 1, counts[4] = R;
            counts[5] = R / 3 + 1;
            for (n = 0; n < 6; n++) {
                int rows = counts[n], t, k0, k, r, c, cj, rj, e;
                int step_r = ND_THREADS / C, step_c = ND_THREADS - step_r * C;
                int jstep_c = ND_THREADS / rows, jstep_r = ND_THREADS - jstep_c * rows;
                memset(seen_load, 0, (size_t)rows * C);
                memset(seen_store, 0, (size_t)rows * C);
                for (t = 0; t < ND_THREADS; t++) {
                    r = t / C, c = t - (t / C) * C;
                    for (k0 = 0; k0 * ND_THREADS < rows * C; k0 += ND_NARROW_BATCH)
                        for (k = 0; k < ND_NARROW_BATCH; k++) {
                            if (r < rows) {
                                EXPECT(c < C && r * pitch + c < cap, "load slot past the tile");
                                seen_load[r * C + c]++;
                            }
                            nd_narrow_next(&c, &r, step_c, step_r, C);
                        }
                    for (cj = t / rows, rj = t - (t / rows) * rows; cj < C;) {
                        EXPECT(rj < rows && rj * pitch + cj < cap, "store slot past the tile");
                        seen_store[rj * C + cj]++;
                        nd_narrow_next(&rj, &cj, jstep_r, jstep_c, rows);
                    }
                }
                for (e = 0; e < rows * C; e++)
                    EXPECT(seen_load[e] == 1 && seen_store[e] == 1,
                           "%d-byte, %d columns, %d rows: element %d loaded %d, stored %d times", E,
                           C, rows, e, seen_load[e], seen_store[e]);
            }
        }
    return 1;
}

/* permute_nd_narrow and permute_nd_narrow_walk (ND_NARROW_KERNEL), thread
 * by thread: block x takes rows x R .. x R + R - 1 of every (z1, z2) its
 * grid visits. Its loads fill the shared tile (here: the input offset
 * each slot holds) in the kernel's order, and its stores empty it; where
 * the rows are split (the walk kernel) both walk their offsets as the
 * kernel does, else they multiply. The sink checks that every element
 * lands where tp_problem says, once. */
static void walk_narrow(sink *s, const nd_args *a, const uint32_t grid[3])
{
    static int64_t tile[ND_NARROW_ROWS(1) * (TP_PLAN_SHORT + 1)];
    const int e = s->p->elem_bytes, R = (int)a->group, C = (int)a->n_cols;
    const int pitch = nd_narrow_pitch(C), step_r = ND_THREADS / C, step_c = ND_THREADS - step_r * C;
    const nd_row_step s0 = nd_row_step_of(a, step_r), s1 = nd_row_step_of(a, step_r + 1);
    const int walk = a->rows_lo != 0;   /* the dispatcher's choice */
    uint32_t bx, by, bz;
    for (bz = 0; bz < grid[2]; bz++)
        for (by = 0; by < grid[1]; by++)
            for (bx = 0; bx < grid[0]; bx++) {
                const int64_t r0 = (int64_t)bx * R;
                const int rows = (int)(a->n_rows - r0 < R ? a->n_rows - r0 : R);
                const int jstep_c = ND_THREADS / rows, jstep_r = ND_THREADS - jstep_c * rows;
                const int64_t jstep = jstep_c * a->out_col + jstep_r;
                const int64_t jwrap = jstep + a->out_col - rows;
                int64_t z1, z2, in_off, out_off, o;
                int t, k0, k, r, c, rj, cj;
                for (z1 = bz; z1 < a->z_dims[1]; z1 += grid[2])
                    for (z2 = by; z2 < a->z_dims[2]; z2 += grid[1]) {
                        nd_offsets(a, 0, z1, z2, &in_off, &out_off);
                        for (t = 0; t < ND_THREADS; t++) {
                            nd_row_walk w;
                            r = t / C, c = t - (t / C) * C;
                            w = nd_row_walk_at(a, r0 + r);
                            for (k0 = 0; k0 * ND_THREADS < rows * C; k0 += ND_NARROW_BATCH)
                                for (k = 0; k < ND_NARROW_BATCH; k++) {
                                    if (r < rows)
                                        tile[r * pitch + c] =
                                            in_off + c + (walk ? w.off : nd_row_in(a, r0 + r));
                                    if (walk)
                                        nd_row_walk_next(&w, c + step_c >= C ? s1 : s0);
                                    nd_narrow_next(&c, &r, step_c, step_r, C);
                                }
                        }
                        for (t = 0; t < ND_THREADS; t++)
                            for (cj = t / rows, rj = t - (t / rows) * rows,
                                o = out_off + nd_col_out(a, cj) + r0 + rj;
                                 cj < C;) {
                                int64_t to = walk ? o : out_off + nd_col_out(a, cj) + r0 + rj;
                                store(s, to * e, tile[rj * pitch + cj] * e, e);
                                if (walk)
                                    o += rj + jstep_r >= rows ? jwrap : jstep;
                                nd_narrow_next(&rj, &cj, jstep_r, jstep_c, rows);
                            }
                    }
            }
}

/* The narrow kernel on plan, nd_narrow_rows rows a block, the slow row
 * stride off by one where broken: 1 where every output byte of p came
 * once from the right place, else 0 (why says so). */
static int narrow_writes_all(const tp_problem *p, const tp_plan *plan, int broken)
{
    nd_args a;
    uint32_t grid[3];
    sink s;
    EXPECT(nd_make_args(plan, p->elem_bytes, nd_tile_side(p->elem_bytes), &a, grid), "no args");
    a.group = (uint32_t)nd_narrow_rows(p->elem_bytes, (int)plan->n_cols);
    grid[0] = (uint32_t)((plan->n_rows + a.group - 1) / a.group);
    a.in_row_hi += broken;
    if (!sink_open(&s, p, 0, 0))
        return 0;
    walk_narrow(&s, &a, grid);
    return sink_close(&s);
}

/* A random problem for the narrow tiles' tests: rank 3 or 4, sides 2 to
 * 8, the last (the columns) 2 to 31, a random permutation. Returns the
 * rank. */
static int narrow_draw(int64_t dims[4], int perm[4])
{
    const int rank = 3 + rand() % 2;
    int k;
    for (k = 0; k < rank; k++) {
        dims[k] = 2 + rand() % 7;
        perm[k] = k;
    }
    dims[rank - 1] = 2 + rand() % 30;   /* the columns: fewer than TP_PLAN_SHORT */
    for (k = rank - 1; k > 0; k--) {
        int j = rand() % (k + 1), t = perm[k];
        perm[k] = perm[j];
        perm[j] = t;
    }
    return rank;
}

/* The narrow tile's rows joined to an other axis (nd_narrow_join): random
 * problems whose plan is a narrow tile of few rows; where the join takes
 * one, permute_nd_narrow_walk on the joined plan writes every output byte
 * once, from the right place, and a block takes two or more of the old
 * tile's row sets. Tiles of rows enough to fill half a block, and tiles
 * with no axis after their rows in the output, are left alone (a quarter
 * of them run through permute_nd_narrow). A joined plan with its slow
 * stride off by one is caught. */
static int narrow_join_cases(void)
{
    static const int sizes[5] = { 1, 2, 4, 8, 16 };
    int n, joined = 0, left = 0, broken_caught = 0;
    srand(25);
    for (n = 0; n < 12000 && joined < 200; n++) {
        int e = sizes[rand() % 5], perm[4];
        int64_t dims[4];
        const int rank = narrow_draw(dims, perm);
        tp_problem p;
        tp_plan plan, before;
        if (n % 4 != 3 && perm[rank - 1] != rank - 1) {
            /* mostly: the output's fastest axis 32 to 200 long (the rows),
             * the axis before it in the output another than the columns */
            dims[perm[rank - 1]] = 32 + rand() % 169;
            if (perm[rank - 2] == rank - 1) {
                perm[rank - 2] = perm[0];
                perm[0] = rank - 1;
            }
        }
        p = tp_problem_make(rank, dims, perm, e);
        plan = tp_problem_plan(&p);
        if (plan.kind != TP_PLAN_TILE || plan.n_cols >= TP_PLAN_SHORT || plan.rows_lo != 0 ||
            plan.cols_lo != 0)
            continue;
        before = plan;
        if (!nd_narrow_join(&plan)) {
            left++;
            EXPECT(memcmp(&plan, &before, sizeof plan) == 0, "a plan not joined was changed");
            if (left % 4 == 0 && !narrow_writes_all(&p, &plan, 0))
                return 0;   /* the narrow kernel on rows not split */
            continue;
        }
        joined++;
        EXPECT(plan.rows_lo == before.n_rows && plan.nz == before.nz - 1 &&
                   2 * before.n_rows <= nd_narrow_rows(e, (int)plan.n_cols),
               "joined %lld rows (of %d a block) into %lld", (long long)before.n_rows,
               nd_narrow_rows(e, (int)plan.n_cols), (long long)plan.n_rows);
        if (!narrow_writes_all(&p, &plan, 0))
            return 0;
        if (!broken_caught)   /* the slow stride wrong by one: caught */
            broken_caught = !narrow_writes_all(&p, &plan, 1);
    }
    EXPECT(joined >= 100 && left >= 100, "joined %d, left %d of the drawn narrow tiles", joined,
           left);
    EXPECT(broken_caught, "a wrong slow stride went unnoticed");
    return 1;
}

/* permute_nd_narrow_words_1, block by block and thread by thread: phase
 * 1's word loads (aligned, never past the input's end but element by
 * element) put each element's source in its shared slot; phase 2 reads
 * only slots this block filled and stores each column's run in aligned
 * words, or element by element at its ends. The slow row stride is off
 * by one where broken. */
static int narrow_words_writes_all(const tp_problem *p, const tp_plan *plan, int broken)
{
    static int64_t tile[ND_NARROW_ROWS(1) * (TP_PLAN_SHORT + 1)];
    const int64_t in_elems = tp_problem_elements(p);
    const int e = p->elem_bytes;
    nd_args a;
    uint32_t grid[3], bx, by, bz;
    sink s;
    EXPECT(nd_make_args(plan, e, nd_tile_side(e), &a, grid), "no args");
    a.group = (uint32_t)nd_narrow_rows(e, (int)plan->n_cols);
    grid[0] = (uint32_t)((plan->n_rows + a.group - 1) / a.group);
    a.in_row_hi += broken;
    if (!sink_open(&s, p, 0, 0))
        return 0;
    for (bz = 0; bz < grid[2]; bz++)
        for (by = 0; by < grid[1]; by++)
            for (bx = 0; bx < grid[0]; bx++) {
                int64_t z1, z2, in_off, out_off, A;
                for (z1 = bz; z1 < a.z_dims[1]; z1 += grid[2])
                    for (z2 = by; z2 < a.z_dims[2]; z2 += grid[1]) {
                        const int C = (int)a.n_cols, pitch = nd_narrow_pitch(C);
                        const uint32_t magic = nd_nw_magic(C);
                        nd_nw_block b;
                        int t, w, sr, c, i, kb, klo, khi, j0, ls, lw;
                        nd_offsets(&a, 0, z1, z2, &in_off, &out_off);
                        b = nd_nw_block_at(&a, e, bx, in_off, out_off);
                        ls = ND_THREADS / b.wl, lw = ND_THREADS - ls * b.wl;
                        for (i = 0; i < (int)(sizeof tile / sizeof tile[0]); i++)
                            tile[i] = -1;
                        for (t = 0; t < ND_THREADS; t++)
                            for (sr = t / b.wl, w = t % b.wl; sr < b.runs;
                                 nd_narrow_next(&w, &sr, lw, ls, b.wl)) {
                                if (!nd_nw_load_item(&a, &b, sr, w, &A, &kb, &klo, &khi))
                                    continue;
                                if (A % b.U != 0 || A < 0 || A >= in_elems) {
                                    if (!s.bad++)
                                        snprintf(why, sizeof why, "a word load at input byte %lld",
                                                 (long long)A);
                                    continue;
                                }
                                for (i = 0; i < b.U; i++) {
                                    const int kk = kb + i;
                                    if (kk >= klo && kk < khi) {
                                        const int r = nd_nw_row(kk, magic);
                                        if (r != kk / C && !s.bad++)
                                            snprintf(why, sizeof why, "byte %d's row %d", kk, r);
                                        if (A + i >= in_elems && !s.bad++)
                                            snprintf(why, sizeof why, "an element past the input");
                                        tile[r * pitch + kk - r * C] = A + i;
                                    }
                                }
                            }
                        ls = ND_THREADS / b.wo, lw = ND_THREADS - ls * b.wo;
                        for (t = 0; t < ND_THREADS; t++)
                            for (c = t / b.wo, w = t % b.wo; c < C;
                                 nd_narrow_next(&w, &c, lw, ls, b.wo)) {
                                if (!nd_nw_store_item(&a, &b, c, w, &A, &j0))
                                    continue;
                                if (A % b.U != 0 && !s.bad++)
                                    snprintf(why, sizeof why, "a word store at output byte %lld",
                                             (long long)A);
                                for (i = 0; i < b.U; i++)
                                    if (j0 + i >= 0 && j0 + i < b.rows) {
                                        const int64_t from = tile[(j0 + i) * pitch + c];
                                        if (from < 0 && !s.bad++)
                                            snprintf(why, sizeof why, "output byte %lld from a "
                                                     "shared slot not loaded", (long long)(A + i));
                                        store(&s, (A + i) * e, from * e, e);
                                    }
                            }
                    }
            }
    return sink_close(&s);
}

/* permute_nd_narrow_words_1 on random narrow byte tiles whose rows lie
 * one after another in the input, joined (nd_narrow_join) and not: every
 * output byte once, from the right place; a wrong slow stride caught;
 * 2-byte tiles left to the narrow tile. */
static int narrow_words_cases(void)
{
    int n, joined = 0, single = 0, two = 0, broken_caught = 0;
    srand(26);
    for (n = 0; n < 40000 && (joined < 200 || single < 200 || two < 100); n++) {
        int perm[4];
        int64_t dims[4];
        const int rank = narrow_draw(dims, perm);
        tp_problem p;
        tp_plan plan;
        if (perm[rank - 1] != rank - 1)
            dims[perm[rank - 1]] = n % 3 ? 2 + rand() % 200 : 300 + rand() % 1500;
        p = tp_problem_make(rank, dims, perm, 1 + n % 2);
        plan = tp_problem_plan(&p);
        if (plan.kind != TP_PLAN_TILE || plan.n_cols >= TP_PLAN_SHORT || plan.cols_lo != 0)
            continue;
        if (plan.rows_lo == 0)
            nd_narrow_join(&plan);
        if (!nd_nw_fit(&plan, 0, 0)) {
            two += p.elem_bytes == 2 && plan.in_row == plan.n_cols && plan.n_cols >= 2;
            continue;
        }
        if (plan.rows_lo != 0)
            joined++;
        else
            single++;
        if (!narrow_words_writes_all(&p, &plan, 0))
            return 0;
        if (!broken_caught && plan.rows_lo != 0 && plan.n_rows > plan.rows_lo)
            broken_caught = !narrow_words_writes_all(&p, &plan, 1);
    }
    EXPECT(joined >= 200 && single >= 200 && two >= 100,
           "split %d, not split %d of the byte tiles, 2-byte %d left", joined, single, two);
    EXPECT(broken_caught, "a wrong slow stride went unnoticed");
    return 1;
}

/* The packed words step aside on tiles of few columns (nd_packed_sparse):
 * tiles measured on both sides of its lines (chapter 11's NOTES.md,
 * "Packed words on few columns"; the % of the copy with the packed words
 * on, then off) fall on the side that ran faster, and the narrow tile
 * (joined where the join takes it) writes every output byte of the small
 * ones once, from the right place. */
static int packed_sparse_cases(void)
{
    static const struct {
        int e, rank, perm[4];
        int64_t dims[4];
        int sparse;
    } c[] = {
        { 1, 4, { 1, 3, 0, 2 }, { 786, 2694, 56, 4 }, 1 },     /* 2.3 then 14.4 */
        { 1, 4, { 1, 3, 0, 2 }, { 432, 157, 292, 12 }, 1 },    /* 12.0 then 16.3 */
        { 1, 4, { 3, 1, 0, 2 }, { 1258, 70, 236, 16 }, 0 },    /* 18.8 then 16.1 */
        { 1, 4, { 3, 1, 0, 2 }, { 2342, 39, 96, 28 }, 0 },     /* 26.9 then 16.9 */
        { 2, 4, { 3, 1, 0, 2 }, { 512, 765, 32, 16 }, 1 },     /* 25.6 then 30.7 */
        { 2, 4, { 3, 1, 0, 2 }, { 857, 200, 32, 24 }, 0 },     /* 36.6 then 30.6 */
        { 1, 4, { 1, 3, 0, 2 }, { 5, 13, 48, 4 }, 1 },         /* tests/run.sh's */
        { 2, 4, { 1, 3, 0, 2 }, { 3, 9, 40, 8 }, 1 },          /* tests/run.sh's */
        { 1, 3, { 0, 2, 1 }, { 3, 40, 8 }, 1 },                /* not joined */
    };
    int i, n = (int)(sizeof c / sizeof c[0]);
    for (i = 0; i < n; i++) {
        tp_problem p = tp_problem_make(c[i].rank, c[i].dims, c[i].perm, c[i].e);
        tp_plan plan = tp_problem_plan(&p);
        int quads = nd_quads_fit(&plan, 0, 0), pairs = nd_pairs_fit(&plan, 0, 0);
        EXPECT(quads || pairs, "case %d: the packed words do not fit", i);
        EXPECT(nd_packed_sparse(&plan, quads) == c[i].sparse, "case %d: nd_packed_sparse says %d",
               i, !c[i].sparse);
        if (tp_problem_elements(&p) > 100000)
            continue;   /* the measured tiles: only the rule */
        nd_narrow_join(&plan);
        if (!narrow_writes_all(&p, &plan, 0))
            return 0;
    }
    return 1;
}

/* Short rows laid end to end (nd_rows_flat): rows of 137 doubles, one a
 * block of whole rows, are laid end to end and every output byte is
 * written once, from the right place; rows that fill a block to within
 * an eighth are not, nor rows in 1-byte accesses. Random problems take
 * both walks. Then the walk's steps against a division, with 32-bit and
 * 64-bit sums of accesses (a tensor too large to walk here: only the
 * arithmetic). */
static int rows_flat_cases(void)
{
    static const int sizes[4] = { 1, 2, 4, 8 };
    int64_t d1[4] = { 5, 4, 7, 137 }, d2[3] = { 9, 7, 64 }, d3[3] = { 9, 7, 55 };
    int p1[4] = { 2, 1, 0, 3 }, p2[3] = { 1, 0, 2 };
    int n, k, before = flat_runs, runs = 0;
    tp_problem p = tp_problem_make(4, d1, p1, 8);
    nd_args a;
    if (!check_problem(&p, 0x10000, 0x20000))
        return 0;
    EXPECT(flat_runs == before + 1, "rows of 137 doubles were not laid end to end");
    p = tp_problem_make(3, d2, p2, 8);   /* 64 x 8 bytes: 32 16-byte accesses, 8 rows a bunch */
    if (!check_problem(&p, 0x10000, 0x20000))
        return 0;
    EXPECT(flat_runs == before + 1, "rows of 32 accesses were laid end to end");
    p = tp_problem_make(3, d3, p2, 1);   /* 55 bytes: 1-byte accesses keep whole rows */
    if (!check_problem(&p, 0x10000, 0x20000))
        return 0;
    EXPECT(flat_runs == before + 1, "rows of 55 bytes were laid end to end");
    before = flat_runs;
    srand(1127);
    for (n = 0; n < 600; n++) {   /* the last axis stays, the others permuted */
        int64_t dims[4];
        int perm[4], rank = 3 + rand() % 2, e = sizes[rand() % 4];
        for (k = 0; k < rank; k++) {
            dims[k] = k == rank - 1 ? 2 + rand() % 300 : 1 + rand() % 6;
            perm[k] = k;
        }
        shuffle_but_last(perm, rank);
        p = tp_problem_make(rank, dims, perm, e);
        runs += tp_problem_plan(&p).kind == TP_PLAN_ROWS;
        if (!check_problem(&p, 0x10000 + (uintptr_t)(rand() % 2) * e, 0x20000))
            return 0;
    }
    EXPECT(flat_runs - before >= 30 && runs - (flat_runs - before) >= 30,
           "%d of %d random row problems laid end to end: both walks need 30", flat_runs - before, runs);
    memset(&a, 0, sizeof a);
    for (n = 0; n < 2000; n++) {
        int64_t z2, v, f, blocks;
        uint32_t bx, t;
        a.vecs = 1 + rand() % (ND_THREADS - 1);
        a.z_dims[2] = n % 2 ? 1 + rand() % 100000 : (5LL << 32) / a.vecs + rand() % 1000;
        blocks = nd_rows_flat_blocks(a.z_dims[2], a.vecs);
        bx = (uint32_t)(((uint64_t)rand() << 16 ^ (uint64_t)rand()) % (uint64_t)blocks);
        t = (uint32_t)(rand() % ND_THREADS);
        k = rand() % ND_ROW_UNROLL;
        f = ((int64_t)bx * ND_ROW_UNROLL + k) * ND_THREADS + t;
        EXPECT(nd_row_flat_access(&a, bx, t, k, &z2, &v) == (f / a.vecs < a.z_dims[2]) &&
                   z2 == f / a.vecs && v == f % a.vecs,
               "access %lld of rows of %lld: row %lld, access %lld", (long long)f,
               (long long)a.vecs, (long long)z2, (long long)v);
    }
    return 1;
}

/* A random problem for the gathers' tests: `rank` axes of 1 to 7
 * elements of e bytes but the last, a row of row_base + rand() % row_span
 * elements (row_span 0: row_base), which stays last; the others are
 * shuffled. */
static tp_problem gather_problem(int rank, int e, int64_t row_base, int row_span)
{
    int64_t dims[4];
    int perm[4], k;
    for (k = 0; k < rank; k++) {
        dims[k] = k < rank - 1 ? 1 + rand() % 7 : row_span ? row_base + rand() % row_span : row_base;
        perm[k] = k;
    }
    shuffle_but_last(perm, rank);
    return tp_problem_make(rank, dims, perm, e);
}

/* The gather's arguments for plan's rows in `access`-byte words (their
 * axes sorted: the rows must then lie end to end in the output), and a
 * sink for the output. */
static int gather_open(const tp_problem *p, const tp_plan *plan, int access, nd_args *a, sink *s)
{
    uint32_t grid[3];
    char buf[128];
    if (!nd_make_args(plan, access, 16, a, grid))
        return 0;
    EXPECT(nd_gather_order(a), "%s: rows not end to end in the output",
           tp_problem_format(p, buf, sizeof buf));
    return sink_open(s, p, 0x10000, 0x20000);
}

/* The gathered rows (permute_nd_rows_gather): random problems whose rows
 * move in words of 4, 8 or 16 bytes (rows of 16 to 1304 bytes, elements
 * of 1 to 8 bytes), the axes sorted by nd_gather_order, every 16-byte
 * output group through nd_gather_group; each output byte written once
 * from the right place. Also the 64-bit division paths, against the
 * 32-bit ones. */
static int rows_gather_cases(void)
{
    static const int sizes[4] = { 1, 2, 4, 8 }, widths[3] = { 4, 8, 16 };
    int n, k, ran[3] = { 0, 0, 0 };
    srand(2711);
    for (n = 0; n < 900; n++) {
        int64_t w0, src[4], words, L;
        int rank = 3 + rand() % 2, wi = rand() % 3, w = widths[wi], e, per;
        tp_problem p;
        tp_plan plan;
        nd_args a;
        sink s;
        do
            e = sizes[rand() % 4];
        while (e > w);
        /* a row of L bytes whose widest access is w: an odd number of w-byte words below 16 */
        L = w == 16 ? 16 * (1 + rand() % 80) : w * (2 * (rand() % 80) + 1);
        if (L < 16)
            L += 2 * w;
        p = gather_problem(rank, e, L / e, 0);
        plan = tp_problem_plan(&p);
        if (plan.kind != TP_PLAN_ROWS || nd_access_bytes(plan.row_len * e, 0x10000, 0x20000) != w)
            continue;
        if (!gather_open(&p, &plan, w, &a, &s))
            return 0;
        words = tp_problem_bytes(&p) / w;
        per = 16 / w;
        for (w0 = 0; w0 < words; w0 += per) {
            nd_gather_group(&a, words, w0, per, src);
            for (k = 0; k < per; k++)
                if (src[k] >= 0)
                    store(&s, w * (w0 + k), w * src[k], w);
        }
        if (!sink_close(&s))
            return 0;
        ran[wi]++;
    }
    EXPECT(ran[0] >= 100 && ran[1] >= 100 && ran[2] >= 100,
           "too few random problems had rows of 4, 8 and 16-byte words: %d, %d, %d", ran[0], ran[1],
           ran[2]);
    for (n = 0; n < 2000; n++) {   /* 64-bit rows: the divisions agree */
        nd_args a;
        int64_t R, r1, want;
        memset(&a, 0, sizeof a);
        a.z_dims[0] = 1 + rand() % 50000;
        a.z_dims[1] = 1 + rand() % 50000;
        a.z_dims[2] = 1 + rand() % 50000;
        for (k = 0; k < 3; k++)
            a.z_in[k] = 1 + rand() % 100000;
        R = ((int64_t)rand() << 20 ^ rand()) % (a.z_dims[0] * a.z_dims[1] * a.z_dims[2]);
        r1 = R / a.z_dims[2];
        want = r1 / a.z_dims[1] * a.z_in[0] + r1 % a.z_dims[1] * a.z_in[1] +
               R % a.z_dims[2] * a.z_in[2];
        EXPECT(nd_gather_row_in(&a, R) == want, "row %lld of %lld x %lld x %lld", (long long)R,
               (long long)a.z_dims[0], (long long)a.z_dims[1], (long long)a.z_dims[2]);
    }
    return 1;
}

/* Rows of any length from 16 bytes gathered in bytes
 * (permute_nd_rows_gather_bytes, nd_gather_bytes_group): 400 random
 * problems of rows of 16 to 1212 bytes, every output byte written once
 * from the right place, and each group found the same with the 64-bit
 * division. */
static int rows_gather_bytes_cases(void)
{
    static const int sizes[3] = { 1, 2, 4 };
    int n, ran = 0;
    srand(2713);
    for (n = 0; n < 400; n++) {
        int64_t o, s1, s2, total;
        int rank = 3 + rand() % 2, e = sizes[rand() % 3], n1, b;
        tp_problem p;
        tp_plan plan;
        nd_args a;
        sink s;
        char buf[128];
        p = gather_problem(rank, e, 16 / e, 300);
        plan = tp_problem_plan(&p);
        if (plan.kind != TP_PLAN_ROWS || plan.row_len * e < 16)
            continue;
        if (!gather_open(&p, &plan, 1, &a, &s))
            return 0;
        total = tp_problem_bytes(&p);
        for (o = 0; o < total; o += 16) {
            int64_t t1, t2;
            int m1;
            nd_gather_bytes_group(&a, total, o, &s1, &s2, &n1);
            for (b = 0; b < 16 && o + b < total; b++)
                store(&s, o + b, b < n1 ? s1 + b : s2 + b, 1);
            /* the 64-bit division (past 2^32 bytes) finds the same places */
            nd_gather_bytes_group(&a, total + ((int64_t)1 << 33), o, &t1, &t2, &m1);
            EXPECT(t1 == s1 && m1 == n1 && (n1 == 16 || o + n1 >= total || t2 == s2),
                   "%s: byte %lld found apart in 32 and 64 bits",
                   tp_problem_format(&p, buf, sizeof buf), (long long)o);
        }
        if (!sink_close(&s))
            return 0;
        ran++;
    }
    EXPECT(ran >= 100, "only %d random problems had rows", ran);
    return 1;
}

/* permute_nd_elems_gather: random problems of 2 to 4 axes, 1 to
 * 16-byte elements (the index arithmetic is the same for every size, the
 * kernels are built for 4 and 8), any permutation. Each 16-byte group of
 * the output is decoded once and stepped element by element, as the
 * kernel does; every output byte must come from its own input byte. The
 * 64-bit decode must agree with the 32-bit one. */
static int elems_gather_cases(void)
{
    static const int sizes[5] = { 1, 2, 4, 8, 16 };
    int n, k, ran = 0;
    srand(2801);
    for (n = 0; n < 500; n++) {
        int64_t dims[4], o, src, total;
        int perm[4], rank = 2 + rand() % 3, e = sizes[rand() % 5], K = 16 / e, j;
        uint32_t i[4], i64[4];
        tp_problem p;
        nd_eg_args g;
        sink s;
        for (k = 0; k < rank; k++) {
            dims[k] = rand() % 4 == 0 ? 1 + rand() % 40 : 1 + rand() % 9;
            perm[k] = k;
        }
        for (k = rank - 1; k > 0; k--) {
            int t = rand() % (k + 1), x = perm[k];
            perm[k] = perm[t];
            perm[t] = x;
        }
        p = tp_problem_make(rank, dims, perm, e);
        EXPECT(nd_eg_make(&p, &g), "nd_eg_make refused a small problem");
        if (!sink_open(&s, &p, 0x10000, 0x20000))
            return 0;
        total = tp_problem_elements(&p);
        for (o = 0; o < total; o += K) {
            src = nd_eg_decode(&g, o, 0, i);
            EXPECT(nd_eg_decode(&g, o, 1, i64) == src && i64[0] == i[0] && i64[3] == i[3],
                   "the 64-bit decode of output element %lld differs", (long long)o);
            for (j = 0; j < K && o + j < total; j++) {
                store(&s, (o + j) * e, src * e, e);
                src = nd_eg_step(&g, i, src);
            }
        }
        if (!sink_close(&s))
            return 0;
        ran++;
    }
    EXPECT(ran == 500, "only %d problems ran", ran);
    return 1;
}

int main(void)
{
    run("named cases (2-D, batch, attention, NCHW <-> NHWC, reversal, rows, copy)",
        named_cases);
    run("600 random problems of 1 to 4 axes and 1 to 16-byte elements", random_cases);
    run("300 random 1 and 2-byte problems, many through the byte quads or the 2-byte pairs",
        random_byte_cases);
    run("a wrong output stride is caught", broken_plan_is_caught);
    run("a split side's offsets in 32 and in 64 bits", split_paths);
    run("400 random problems: rows of 2 to 16 bytes fold into one element, others stay",
        fold_rows_cases);
    run("1900 random batches of small matrices (stacked, both sides long, 1 and 2-byte ones up "
        "to 16 KB), wide (rows split too) and narrow tiles, split rows of whole input rows, and "
        "columns that run on across matrices, through permute_nd_small's loads and stores",
        small_batch_cases);
    run("1 and 2-byte matrices of up to 16 KB with a short side to the small batch, but the "
        "wide register sort's and 2-byte wide ones of more than 16 rows past 8 KB "
        "(nd_small_choose)",
        small_bytes_cases);
    run("the small batch's chunk swizzled where a model of its bank conflicts counts 8.5 words "
        "of a bank a read or more (nd_swz, nd_small_wavefronts, nd_small_swizzled): each byte "
        "one place, the model counted twice, 14 named plans",
        small_swizzle_cases);
    run("columns that run on across matrices (nd_small_cross): 8 named plans, which the small "
        "batch takes (not 4-byte ones of 8 | C, not 16-byte) and which it swizzles (1 and "
        "2-byte, 4 | C)",
        cross_rule_cases);
    run("split rows of whole input rows as row runs (nd_small_split_runs): 12 named plans at "
        "its bounds, a column's output run of 96 bytes and 64 columns of 1-byte elements, "
        "swizzled where 4 divides the columns",
        split_runs_rule_cases);
    run("400 random permutations of short rows through permute_nd_rowtile and its thin tiles", rowtile_cases);
    run("split sides walked with adds (split_walk.h) equal the divisions", split_walk_cases);
    run("400 random narrow tiles over split rows through permute_nd_narrow_split's loads and stores",
        nsplit_cases);
    run("407 permutations of short rows, counted in the output's order where their output "
        "neighbours are another axis's (nd_rows_merge)",
        rows_merge_cases);
    run("permute_nd_narrow's blocks: rows that fit its tile, every element loaded and stored once",
        narrow_block_cases);
    run("narrow tiles of few rows joined to the output's next axis (nd_narrow_join): random "
        "problems through permute_nd_narrow_walk, those left through permute_nd_narrow",
        narrow_join_cases);
    run("narrow byte tiles in words (permute_nd_narrow_words_1): random problems, rows split "
        "or not, every output byte once from the right place; 2-byte tiles left to the narrow "
        "tile",
        narrow_words_cases);
    run("tiles of few columns that the byte quads or 2-byte pairs would leave mostly empty "
        "(nd_packed_sparse): measured ones on the side that ran faster, small ones through "
        "permute_nd_narrow",
        packed_sparse_cases);
    run("short rows laid end to end (permute_nd_rows_flat): 3 named and 600 random problems, "
        "and the walk against a division",
        rows_flat_cases);
    run("rows gathered in the output's order (permute_nd_rows_gather): 900 random problems in "
        "4, 8 and 16-byte words, and the row's input in 32 and 64 bits",
        rows_gather_cases);
    run("rows of any length gathered in bytes (permute_nd_rows_gather_bytes): 400 random problems, "
        "in 32 and 64 bits",
        rows_gather_bytes_cases);
    run("elements gathered in the output's order (permute_nd_elems_gather): 500 random "
        "problems of 2 to 4 axes and 1 to 16-byte elements, decoded in 32 and 64 bits",
        elems_gather_cases);
    return failures ? 1 : 0;
}
