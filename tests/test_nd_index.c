/*
 * test_nd_index.c - chapter 11's permute_nd kernels, run on the CPU (no
 * GPU needed): for random problems of 1 to 4 axes and every element size,
 * the index arithmetic the kernels use (chapters/11_batched/nd_index.h)
 * is walked over every block and thread of the grid they are launched
 * with, and every byte each thread would store is checked: written once,
 * every byte of the output written, each from the input element that
 * tp_problem_source names. The staged kernels (1 and 2-byte tiles that
 * the quads and pairs refuse) run chapter 10's staged_index.h itself, on
 * real bytes, with checked memory (walk_staged). The grid's y and z are
 * capped at 3 here (65535 on a GPU), so the kernels' loops over the other
 * axes run too. Random
 * cases come from a fixed starting value, so a failure repeats.
 *
 * Prints "PASS  nd_index: name" or "FAIL  nd_index: name: why" per test.
 */
#include <stdarg.h>
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
                        int64_t v, z0, z1, z2, in_off, out_off;
                        if (!nd_row_access(a, bx, t, k, &z2, &v))
                            continue;
                        for (z0 = bz; z0 < a->z_dims[0]; z0 += grid[2])
                            for (z1 = by; z1 < a->z_dims[1]; z1 += grid[1]) {
                                nd_offsets(a, z0, z1, z2, &in_off, &out_off);
                                store(s, (out_off + v) * w, (in_off + v) * w, w);
                            }
                    }
}

/* ---- The staged kernels (permute_nd_staged_1 and _2) ---------------------------

 * Their whole per-thread body is chapter 10's staged_index.h, which moves
 * values through registers and shared words, so it is run on real bytes:
 * the input buffer holds byte q of each byte's own offset in run q (as
 * tests/test_staged.c does), and after the runs every output byte says
 * which input byte it came from. The six memory macros are checked
 * emulations: every global access inside its buffer and aligned to its
 * size, every shared access inside the planes; run 0 counts the writes of
 * every output byte in the sink (check_problem then finds bytes never
 * written). The buffers are placed at the addresses' offsets modulo 16,
 * which staged_index.h's arithmetic depends on. */
static struct {
    uintptr_t in_lo, in_hi, out_lo, out_hi;
    const uint32_t *sh;
    int sh_words, counting;
    sink *s;
} SE;
static int staged_runs;   /* problems that took the staged kernels */

static void se_fail(const char *fmt, ...)
{
    va_list ap;
    if (SE.s->bad++)
        return;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
}

static int se_global(uintptr_t a, int bytes, uintptr_t lo, uintptr_t hi, const char *what)
{
    if (a % (uintptr_t)bytes != 0 || a < lo || a + (uintptr_t)bytes > hi) {
        se_fail("staged: a %d-byte %s at byte %lld of a buffer of %lld bytes (misaligned or "
                "outside)", bytes, what, (long long)(a - lo), (long long)(hi - lo));
        return 0;
    }
    return 1;
}

static void se_ldg16(const uint8_t *p, uint32_t *dst)
{
    memset(dst, 0, 16);
    if (se_global((uintptr_t)p, 16, SE.in_lo, SE.in_hi, "load"))
        memcpy(dst, p, 16);
}

static uint32_t se_ldg_elem(const uint8_t *p, int e)
{
    if (!se_global((uintptr_t)p, e, SE.in_lo, SE.in_hi, "load"))
        return 0;
    return e == 1 ? p[0] : (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static int se_shared(const uint32_t *sh, int i)
{
    if (sh != SE.sh || i < 0 || i >= SE.sh_words) {
        se_fail("staged: shared word %d, outside the planes of %d words", i, SE.sh_words);
        return 0;
    }
    return 1;
}

static void se_stg(uint8_t *p, uint32_t v, int bytes)
{
    int b;
    if (!se_global((uintptr_t)p, bytes, SE.out_lo, SE.out_hi, "store"))
        return;
    for (b = 0; b < bytes; b++) {
        uintptr_t d = (uintptr_t)p + (uintptr_t)b - SE.out_lo;
        p[b] = (uint8_t)(v >> (8 * b));
        if (SE.counting && SE.s->count[d]++ == 1)
            se_fail("output byte %lld written twice", (long long)d);
    }
}

#define ST_LDG16(p, dst) se_ldg16((p), (dst))
#define ST_LDG_ELEM(p, e) se_ldg_elem((p), (e))
#define ST_LDS(sh, i) (se_shared((sh), (i)) ? (sh)[i] : 0u)
#define ST_STS(sh, i, v)            \
    do {                            \
        if (se_shared((sh), (i)))   \
            (sh)[i] = (v);          \
    } while (0)
#define ST_STG32(p, v) se_stg((uint8_t *)(p), (v), 4)
#define ST_STG_ELEM(p, v, e) se_stg((uint8_t *)(p), (v), (e))
#include "../chapters/10_elements/staged_index.h"

/* A buffer of `bytes` bytes at `addr` modulo 16. */
static uint8_t *se_place(uint8_t **block, int64_t bytes, uintptr_t addr)
{
    *block = malloc((size_t)bytes + 48);
    if (!*block)
        return NULL;
    return (uint8_t *)((((uintptr_t)*block + 15) & ~(uintptr_t)15) + addr % 16);
}

/* permute_nd_staged_1 or _2 (ND_STAGED_KERNEL in permute_nd.cu): every
 * block of the grid, its loops over (z1, z2), each tile phase 1 for every
 * thread, the barrier, phase 2; then every written byte's source. */
static void walk_staged(sink *s, const nd_args *a, const uint32_t grid[3])
{
    static uint32_t plane[ST16_SHARED_WORDS > ST8_SHARED_WORDS ? ST16_SHARED_WORDS
                                                               : ST8_SHARED_WORDS];
    int e = s->p->elem_bytes, runs = 1, q, tid;
    int64_t bytes = s->bytes > 0 ? s->bytes : 1, d;   /* (a problem has an element) */
    uint8_t *in_block, *out_block, *in, *out;
    int64_t *src = calloc((size_t)bytes, sizeof *src);
    uint32_t bx, by, bz;

    in = se_place(&in_block, bytes, s->in_addr);
    out = se_place(&out_block, bytes, s->out_addr);
    if (!in || !out || !src) {
        if (!s->bad++)
            snprintf(why, sizeof why, "out of host memory");
        free(in_block), free(out_block), free(src);
        return;
    }
    while (runs < 8 && ((uint64_t)(bytes - 1) >> (8 * runs)) != 0)
        runs++;
    SE.in_lo = (uintptr_t)in, SE.in_hi = (uintptr_t)(in + bytes);
    SE.out_lo = (uintptr_t)out, SE.out_hi = (uintptr_t)(out + bytes);
    SE.sh = plane;
    SE.sh_words = e == 1 ? ST8_SHARED_WORDS : ST16_SHARED_WORDS;
    SE.s = s;
    for (q = 0; q < runs && !s->bad; q++) {
        for (d = 0; d < bytes; d++)
            in[d] = (uint8_t)((uint64_t)d >> (8 * q));
        for (d = 0; d < bytes; d++)
            out[d] = 0x5a;
        SE.counting = q == 0;
        for (bz = 0; bz < grid[2]; bz++)
            for (by = 0; by < grid[1]; by++)
                for (bx = 0; bx < grid[0]; bx++) {
                    int64_t r0, c0, z1, z2;
                    st_geom g;
                    nd_tile_origin(a, bx, &r0, &c0);
                    g.rows = (int)a->n_rows, g.cols = (int)a->n_cols;
                    g.in_row = a->in_row, g.out_col = a->out_col;
                    g.in_bytes = bytes;   /* the whole input: tp_problem_bytes */
                    for (z1 = bz; z1 < a->z_dims[1]; z1 += grid[2])
                        for (z2 = by; z2 < a->z_dims[2]; z2 += grid[1]) {
                            nd_offsets(a, 0, z1, z2, &g.in_off, &g.out_off);
                            memset(plane, 0xa5, sizeof plane);
                            for (tid = 0; tid < ST_THREADS; tid++)
                                if (e == 1)
                                    st8_phase1(in, plane, out, &g, (int)r0, (int)c0, tid);
                                else
                                    st16_phase1(in, plane, out, &g, (int)r0, (int)c0, tid);
                            for (tid = 0; tid < ST_THREADS; tid++)
                                if (e == 1)
                                    st8_phase2(plane, out, &g, (int)r0, (int)c0, tid);
                                else
                                    st16_phase2(plane, out, &g, (int)r0, (int)c0, tid);
                        }
                }
        for (d = 0; d < bytes; d++)
            src[d] |= (int64_t)out[d] << (8 * q);
    }
    for (d = 0; d < bytes && !s->bad; d++) {
        int64_t want = tp_problem_source(s->p, d / e) * e + d % e;
        if (s->count[d] && src[d] != want && !s->bad++)
            snprintf(why, sizeof why, "staged: output byte %lld from input byte %lld, want "
                     "%lld", (long long)d, (long long)src[d], (long long)want);
    }
    free(in_block);
    free(out_block);
    free(src);
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
    int w = plan.elem_bytes, ok;
    char buf[128];

    s.p = p;
    s.bytes = tp_problem_bytes(p);
    s.in_addr = in_addr;
    s.out_addr = out_addr;
    s.bad = 0;
    s.count = calloc((size_t)s.bytes, 1);
    if (!s.count) {
        snprintf(why, sizeof why, "out of host memory");
        return 0;
    }
    if (plan.kind == TP_PLAN_COPY) {
        for (i = 0; i < s.bytes; i += plan.elem_bytes)   /* cudaMemcpyAsync */
            store(&s, i, i, plan.elem_bytes);
    } else {
        /* launch_permute_nd's choice: quads, pairs, staged, split, tile, rows */
        int quads = nd_quads_fit(&plan, in_addr, out_addr);
        int pairs = nd_pairs_fit(&plan, in_addr, out_addr);
        int staged = !quads && !pairs && nd_staged_fit(&plan, in_addr, out_addr);
        if (plan.kind == TP_PLAN_ROWS)
            w = nd_access_bytes(plan.row_len * plan.elem_bytes, in_addr, out_addr);
        int side = quads ? ND_QUAD_TILE : pairs ? ND_PAIR_TILE : nd_tile_side(plan.elem_bytes);
        if (staged ? !nd_make_args_rc(&plan, w, ND_STAGED_ROWS, ND_STAGED_COLS(plan.elem_bytes),
                                      &a, grid)
                   : !nd_make_args(&plan, w, side, &a, grid)) {
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
        } else if (staged) {
            walk_staged(&s, &a, grid);
            staged_runs++;
        } else if (plan.kind == TP_PLAN_TILE) {
            walk_tile(&s, &a, grid);
            split_runs += plan.rows_lo != 0 || plan.cols_lo != 0;
        }
        else
            walk_rows(&s, &a, grid, w);
    }
    for (i = 0; i < s.bytes && !s.bad; i++)
        if (s.count[i] == 0) {
            snprintf(why, sizeof why, "output byte %lld never written", (long long)i);
            s.bad = 1;
        }
    ok = !s.bad;
    if (!ok) {   /* name the problem in front of what went wrong */
        char msg[sizeof why + sizeof buf + 2];
        snprintf(msg, sizeof msg, "%s: %s", tp_problem_format(p, buf, sizeof buf), why);
        snprintf(why, sizeof why, "%.*s", (int)sizeof why - 1, msg);
    }
    free(s.count);
    return ok;
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
        { 3, { 4, 130, 67 }, { 0, 2, 1 }, 2 },        /* staged: 3 x 3 tiles of 64 x 32 */
        { 3, { 70, 5, 131 }, { 2, 1, 0 }, 1 },        /* staged, reversed: strided sides */
        { 4, { 6, 5, 33, 67 }, { 1, 0, 3, 2 }, 2 },   /* staged, z1 and z2 looped (grid cap 3) */
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
    /* 5 x 17 x 40 swapped, NCHW <-> NHWC and back, 9 columns, 6 rows, and
     * the three marked staged: 1 and 2-byte tiles that miss the quads and
     * the pairs */
    EXPECT(staged_runs == 8, "%d named problems took the staged kernels, want 8", staged_runs);
    return 1;
}

/* Random problems: rank 1 to 4, sides 1 to 40 (their product kept small),
 * any permutation, every element size, and buffers at addresses aligned
 * to 16 or only to the element size. */
static int random_cases(void)
{
    static const int sizes[5] = { 1, 2, 4, 8, 16 };
    int n, before = staged_runs;
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
    EXPECT(staged_runs - before > 0, "none of the 600 took the staged kernels");
    return 1;
}

/* Random 1 and 2-byte problems whose sides are multiples of 8 more often
 * than not, so that most take the byte quads or the 2-byte pairs and some
 * just miss them (those take the staged kernels). */
static int random_byte_cases(void)
{
    int n, before = quads_runs, before2 = pairs_runs, before3 = staged_runs;
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
    EXPECT(staged_runs - before3 > 0, "none of the 300 took the staged kernels");
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

/* The staged walk can fail, and needs its tile's true shape: a 2-byte
 * plan given nd_make_args's square 64 x 64 tile (not 64 rows x 32
 * columns) leaves columns 32..63 of every tile unwritten, and must be
 * caught. nd_staged_fit refuses a 2-byte buffer at an odd address and a
 * split side (those keep permute_nd_tile_2 and permute_nd_split_*). */
static int staged_checks(void)
{
    static const int64_t dims[3] = { 2, 70, 90 };
    static const int perm[3] = { 0, 2, 1 };
    static const int64_t dims4[4] = { 5, 6, 7, 9 };
    static const int perm4[4] = { 2, 0, 3, 1 };
    tp_problem p = tp_problem_make(3, dims, perm, 2), p4 = tp_problem_make(4, dims4, perm4, 1);
    tp_plan plan = tp_problem_plan(&p), plan4 = tp_problem_plan(&p4);
    nd_args a;
    uint32_t grid[3];
    sink s;

    EXPECT(nd_staged_fit(&plan, 0x1002, 0x2000), "2-byte plan at even addresses refused");
    EXPECT(!nd_staged_fit(&plan, 0x1001, 0x2000), "2-byte plan at an odd input address taken");
    EXPECT(!nd_staged_fit(&plan, 0x1000, 0x2003), "2-byte plan at an odd output address taken");
    EXPECT(plan4.kind == TP_PLAN_TILE && (plan4.rows_lo != 0 || plan4.cols_lo != 0),
           "5 x 6 x 7 x 9, perm {2,0,3,1} no longer splits a side (pick another)");
    EXPECT(!nd_staged_fit(&plan4, 0x1000, 0x2000), "a split plan taken by the staged kernels");
    s.p = &p;
    s.bytes = tp_problem_bytes(&p);
    s.in_addr = 0x1000;
    s.out_addr = 0x2000;
    s.bad = 0;
    s.count = calloc((size_t)s.bytes, 1);
    EXPECT(s.count != NULL, "out of host memory");
    EXPECT(nd_make_args(&plan, 2, ND_STAGED_ROWS, &a, grid), "no grid");
    walk_staged(&s, &a, grid);
    for (int64_t i = 0; i < s.bytes && !s.bad; i++)
        s.bad += s.count[i] == 0;
    free(s.count);
    EXPECT(s.bad > 0, "a 2-byte staged walk with a square tile went through");
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

int main(void)
{
    run("named cases (2-D, batch, attention, NCHW <-> NHWC, reversal, rows, copy)",
        named_cases);
    run("600 random problems of 1 to 4 axes and 1 to 16-byte elements", random_cases);
    run("300 random 1 and 2-byte problems, many through the byte quads or the 2-byte pairs",
        random_byte_cases);
    run("a wrong output stride is caught", broken_plan_is_caught);
    run("staged: a square tile for 2-byte elements is caught; odd addresses and splits refused",
        staged_checks);
    run("a split side's offsets in 32 and in 64 bits", split_paths);
    return failures ? 1 : 0;
}
