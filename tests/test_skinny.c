/*
 * test_skinny.c - chapter 10's transpose_u8_skinny and transpose_u16_skinny
 * run on the CPU (no GPU needed). Their whole per-thread body is in
 * chapters/10_elements/skinny_words.h; this file defines its memory
 * macros as checked emulations and runs the very same code for every
 * block of the grid the launch functions use, and in each block for every
 * thread: phase 1 for threads 0..255 into an explicit shared array, then
 * phase 2 (the barrier between them). One part of the kernels runs
 * differently here: where a wide piece's thread takes the next word of a
 * line from the next lane (a shuffle), the emulation, one thread at a
 * time, loads that word itself; lane 31, which has no next lane and so
 * must store nothing, gets a wrong word instead, so that a lane 31 that
 * stored would be caught. It checks, for many shapes (both
 * orientations, short sides from 1 to 255 elements, so every case of
 * the wide kernels' switch on k up to 32, long sides shorter and
 * longer than a block's piece, ragged last pieces):
 *   - every global and shared access lies inside its buffer, and every
 *     32-bit access is aligned to 4;
 *   - every output byte is written exactly once, and the output is the
 *     transpose of the input (random bytes, against a plain CPU loop);
 *     with segments further apart than their length and the matrix
 *     inside larger buffers (chapter 11's strides), every output byte
 *     outside the matrix stays unwritten;
 *     (the shared array starts as 0xa5 bytes in every block, so a byte
 *     that phase 1 never stored shows as a wrong byte, but for 1 in 256);
 *   - the checks can fail: the same run with the partial stores of the
 *     segments' ends dropped must be caught.
 * Random cases come from a fixed starting value, so a failure repeats.
 *
 * Prints "PASS  skinny: name" or "FAIL  skinny: name: why" per test.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define UNIT_PREFIX "skinny"
#include "unit.h"   /* EXPECT, run(), failures, why */

/* ---- The checked memory of the emulation ------------------------------------ */

typedef struct {
    const uint8_t *in;
    int64_t in_bytes;
    uint8_t *out;
    int64_t out_bytes;
    uint8_t *count;          /* writes per output byte                   */
    uint8_t *sh;             /* the block's shared array                 */
    int sh_bytes;
    int drop_parts;          /* 1: SK_STG_PART stores nothing (the check must notice) */
    int bad;                 /* errors so far; the first one in msg     */
    char msg[256];
} emu_state;

static emu_state emu;

static void emu_error(const char *what, int64_t at)
{
    if (emu.bad++ == 0)
        snprintf(emu.msg, sizeof emu.msg, "%s (at byte %lld)", what, (long long)at);
}

static uint32_t emu_ldg32(const uint8_t *p)
{
    int64_t a = p - emu.in;
    uint32_t v = 0;
    int u;
    if (a < 0 || a + 4 > emu.in_bytes || a % 4 != 0) {
        emu_error("a 32-bit load outside the input or not aligned", a);
        return 0;
    }
    for (u = 0; u < 4; u++)
        v |= (uint32_t)p[u] << (8 * u);
    return v;
}

static uint32_t emu_ldg8(const uint8_t *p)
{
    int64_t a = p - emu.in;
    if (a < 0 || a >= emu.in_bytes) {
        emu_error("a byte load outside the input", a);
        return 0;
    }
    return *p;
}

static int emu_shared_ok(int b, int n, int aligned)
{
    if (b < 0 || b + n > emu.sh_bytes || (aligned && b % 4 != 0)) {
        emu_error("a shared access outside the piece or not aligned", b);
        return 0;
    }
    return 1;
}

static uint32_t emu_lds(const uint8_t *sh, int b, int n)
{
    uint32_t v = 0;
    int u;
    (void)sh;
    if (!emu_shared_ok(b, n, n == 4))
        return 0;
    for (u = 0; u < n; u++)
        v |= (uint32_t)emu.sh[b + u] << (8 * u);
    return v;
}

static void emu_sts(uint8_t *sh, int b, uint32_t v, int n)
{
    int u;
    (void)sh;
    if (!emu_shared_ok(b, n, n == 4))
        return;
    for (u = 0; u < n; u++)
        emu.sh[b + u] = (uint8_t)(v >> (8 * u));
}

static void emu_stg_bytes(uint8_t *p, uint32_t v, int from, int to, int need_aligned)
{
    int64_t a = p - emu.out;
    int u;
    if (a < 0 || a % 4 != 0 || (need_aligned && a + 4 > emu.out_bytes)) {
        emu_error("a store of a word outside the output or not aligned", a);
        return;
    }
    for (u = from; u < to; u++) {
        if (a + u >= emu.out_bytes) {
            emu_error("a store past the output's end", a + u);
            return;
        }
        p[u] = (uint8_t)(v >> (8 * u));
        emu.count[a + u]++;
    }
}

/* 16 bytes at p, which must be 16-byte aligned */
static void emu_stg128(uint8_t *p, uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    if ((uintptr_t)p % 16 != 0) {
        emu_error("a 16-byte store not aligned to 16", p - emu.out);
        return;
    }
    emu_stg_bytes(p, a, 0, 4, 1);
    emu_stg_bytes(p + 4, b, 0, 4, 1);
    emu_stg_bytes(p + 8, c, 0, 4, 1);
    emu_stg_bytes(p + 12, d, 0, 4, 1);
}

#define SK_LDG32(p) emu_ldg32((const uint8_t *)(p))
#define SK_LDG8(p) emu_ldg8((const uint8_t *)(p))
#define SK_LDS32(sh, b) emu_lds((sh), (b), 4)
#define SK_STS32(sh, b, v) emu_sts((sh), (b), (v), 4)
#define SK_LDS_ELEM(sh, b, E) emu_lds((sh), (b), (E))
#define SK_STS_ELEM(sh, b, v, E) emu_sts((sh), (b), (v), (E))
#define SK_STG32(p, v) emu_stg_bytes((p), (v), 0, 4, 1)
#define SK_STG128(p, a, b, c, d) emu_stg128((p), (a), (b), (c), (d))
#define SK_STG_PART(p, v, f, t) \
    do {                        \
        if (!emu.drop_parts)    \
            emu_stg_bytes((p), (v), (f), (t), 0); \
    } while (0)
#include "problem.h"
#include "../chapters/11_batched/nd_index.h"   /* nd_skinny_fit; includes skinny_words.h */

/* ---- One case ---------------------------------------------------------------- */

static uint64_t rng_state = 88172645463325252ull;   /* for unit_xorshift */
static uint32_t next_random(void)
{
    return unit_xorshift(&rng_state);
}

/* Runs the emulation of one matrix: k lines of n e-byte elements (wide:
 * the input is k x n, its rows seg_pitch elements apart, the output n x k
 * dense; tall: the input n x k dense, the output k x n with rows
 * seg_pitch apart), at byte in_at of an input buffer and out_at of an
 * output buffer, each `pad` bytes longer than the matrix needs. Returns 1
 * if every check passes, else 0 with `why` set: besides the checks above,
 * every output byte outside the matrix must stay unwritten. */
static int check_strided(int wide, int64_t k, int64_t n, int64_t seg_pitch, int e, int64_t in_at,
                         int64_t out_at, int64_t pad, int drop_parts, int any)
{
    const int64_t seg_bytes = ((k - 1) * seg_pitch + n) * e, run_bytes = k * n * e;
    const int64_t in_bytes = in_at + (wide ? seg_bytes : run_bytes) + pad;
    const int64_t out_bytes = out_at + (wide ? run_bytes : seg_bytes) + pad;
    sk_geom g = sk_make_strided(wide, k, n, seg_pitch, e, in_bytes);
    int64_t blocks = sk_blocks(&g), b, j, p;
    uint8_t *in = malloc(in_bytes), *out = malloc(out_bytes), *want = malloc(out_bytes);
    uint8_t *mine = calloc(out_bytes, 1);   /* 1: a byte of the output matrix */
    int t, ok = 1, u;

    memset(&emu, 0, sizeof emu);
    emu.in = in;
    emu.in_bytes = in_bytes;
    emu.out = out;
    emu.out_bytes = out_bytes;
    emu.count = calloc(out_bytes, 1);
    emu.sh_bytes = sk_shared_bytes(&g);
    emu.sh = malloc(emu.sh_bytes);
    emu.drop_parts = drop_parts;
    for (b = 0; b < in_bytes; b++)
        in[b] = (uint8_t)next_random();
    memset(out, 0, out_bytes);
    memset(want, 0, out_bytes);
    for (j = 0; j < k; j++)   /* element p of line j */
        for (p = 0; p < n; p++)
            for (u = 0; u < e; u++) {
                int64_t seg = (j * seg_pitch + p) * e + u, run = (p * k + j) * e + u;
                int64_t src = in_at + (wide ? seg : run), dst = out_at + (wide ? run : seg);
                want[dst] = in[src];
                mine[dst] = 1;
            }

    for (b = 0; b < blocks && !emu.bad; b++) {
        memset(emu.sh, 0xa5, emu.sh_bytes);
        for (t = 0; t < SK_THREADS; t++)
            sk_phase1(in, in_at, emu.sh, &g, b, t, e, g.wide, any);
        for (t = 0; t < SK_THREADS; t++)
            sk_phase2(emu.sh, out, out_at, &g, b, t, e, g.wide);
    }
    snprintf(why, sizeof why, "%s%s, k %lld, n %lld, pitch %lld, %d-byte, at %lld/%lld: ",
             wide ? "wide" : "tall", any ? " (runs start anywhere)" : "", (long long)k,
             (long long)n, (long long)seg_pitch, e, (long long)in_at, (long long)out_at);
    if (emu.bad) {
        snprintf(why + strlen(why), sizeof why - strlen(why), "%s", emu.msg);
        ok = 0;
    }
    for (b = 0; ok && b < out_bytes; b++)
        if (emu.count[b] != mine[b] || out[b] != want[b]) {
            snprintf(why + strlen(why), sizeof why - strlen(why),
                     "output byte %lld (%s the matrix) written %d times, holds %d, should hold %d",
                     (long long)b, mine[b] ? "in" : "outside", emu.count[b], out[b], want[b]);
            ok = 0;
        }
    free(in);
    free(out);
    free(want);
    free(mine);
    free(emu.count);
    free(emu.sh);
    return ok;
}

/* A dense rows x cols matrix, as chapter 10's kernels see it. */
static int check_case(int64_t rows, int64_t cols, int e, int drop_parts)
{
    int wide = rows <= cols;
    int64_t k = wide ? rows : cols, n = wide ? cols : rows;
    return check_strided(wide, k, n, n, e, 0, 0, 0, drop_parts, 0);
}

/* ---- The tests ----------------------------------------------------------------- */

/* Every short side from 1 to the most bytes, both orientations, with a
 * long side that leaves a ragged last piece. */
static int test_every_short_side(void)
{
    int e, k;
    for (e = 1; e <= 2; e++)
        for (k = 1; k <= SK_MAX_SIDE; k++) {
            sk_geom g = sk_make(k, 1000, e);
            int64_t n = 2 * g.w + 1 + (k % 7);   /* three pieces, the last short */
            if (!check_case(k, n, e, 0) || !check_case(n, k, e, 0))
                return 0;
        }
    return 1;
}

/* Random shapes: a short side of 1..255 elements, a long side of 1..5000,
 * including long sides shorter than the short one (then the other is
 * the short side) and squares. */
static int test_random_shapes(void)
{
    int i;
    for (i = 0; i < 400; i++) {
        int e = 1 + (int)(next_random() % 2);
        int64_t k = 1 + next_random() % SK_MAX_SIDE;
        int64_t n = 1 + next_random() % 5000;
        if (i % 10 == 0)
            n = k;   /* a square: "wide" */
        if (!(i % 2 ? check_case(k, n, e, 0) : check_case(n, k, e, 0)))
            return 0;
    }
    return 1;
}

/* Segments further apart than their length, and matrices inside larger
 * buffers (chapter 11's tensors): random pitches and offsets, at any
 * element but the wide output's run (on a word). */
static int test_strided(void)
{
    int i;
    for (i = 0; i < 300; i++) {
        int e = 1 + (int)(next_random() % 2), wide = (int)(next_random() % 2);
        int64_t k = 1 + next_random() % SK_MAX_SIDE;
        int64_t n = 1 + next_random() % 3000;
        int64_t pitch = n + (i % 3 ? (int64_t)(next_random() % 50) : 0);
        int64_t in_at = e * (int64_t)(next_random() % 9);
        int64_t out_at = wide ? 4 * (int64_t)(next_random() % 5) : e * (int64_t)(next_random() % 9);
        int64_t pad = next_random() % 9;
        /* a tall run off a word needs A (runs that start anywhere); on a word, either */
        int any = !wide && (in_at % 4 != 0 || next_random() % 2);
        if (!wide && !any)
            in_at = 4 * (in_at / 4);
        if (!check_strided(wide, k, n, pitch, e, in_at, out_at, pad, 0, any))
            return 0;
    }
    return 1;
}

/* permute_nd_skinny (chapter 11): a tensor's plan, nd_skinny_fit's
 * geometry and nd_offsets' first bytes of each matrix, every (z1, z2) and
 * block as the kernel walks them; the output against the CPU reference
 * (tp_problem_reference). Returns 1 if the plan does not fit or every
 * check passes; *fits counts the plans that fit, *off_word the tall
 * matrices whose input starts inside a word. */
static int check_nd(int rank, const int64_t *dims, const int *perm, int e, int *fits,
                    int *off_word)
{
    tp_problem p = tp_problem_make(rank, dims, perm, e);
    tp_plan plan = tp_problem_plan(&p);
    int64_t bytes = tp_problem_bytes(&p), b, z1, z2, in_off, out_off;
    sk_geom g;
    nd_args a;
    uint32_t grid[3];
    uint8_t *in, *out, *want;
    int t, ok = 1, any;

    if (!nd_skinny_fit(&plan, 0, 0, bytes, &g) || !nd_make_args(&plan, e, nd_tile_side(e), &a, grid))
        return 1;
    any = nd_skinny_any(&plan, &g);   /* as the dispatcher */
    (*fits)++;
    in = malloc(bytes);
    out = calloc(bytes, 1);
    want = malloc(bytes);
    memset(&emu, 0, sizeof emu);
    emu.in = in;
    emu.out = out;
    emu.in_bytes = emu.out_bytes = bytes;
    emu.count = calloc(bytes, 1);
    emu.sh_bytes = sk_shared_bytes(&g);
    emu.sh = malloc(emu.sh_bytes);
    for (b = 0; b < bytes; b++)
        in[b] = (uint8_t)next_random();
    tp_problem_reference(&p, in, want);
    for (z1 = 0; z1 < a.z_dims[1]; z1++)
        for (z2 = 0; z2 < a.z_dims[2]; z2++) {
            nd_offsets(&a, 0, z1, z2, &in_off, &out_off);
            *off_word += in_off * e % 4 != 0 && any;
            for (b = 0; b < sk_blocks(&g) && !emu.bad; b++) {
                memset(emu.sh, 0xa5, emu.sh_bytes);
                for (t = 0; t < SK_THREADS; t++)
                    sk_phase1(in, in_off * e, emu.sh, &g, b, t, e, g.wide, any);
                for (t = 0; t < SK_THREADS; t++)
                    sk_phase2(emu.sh, out, out_off * e, &g, b, t, e, g.wide);
            }
        }
    tp_problem_format(&p, why, sizeof why);
    snprintf(why + strlen(why), sizeof why - strlen(why), " (%s): ", g.wide ? "wide" : "tall");
    if (emu.bad) {
        snprintf(why + strlen(why), sizeof why - strlen(why), "%s", emu.msg);
        ok = 0;
    }
    for (b = 0; ok && b < bytes; b++)
        if (emu.count[b] != 1 || out[b] != want[b]) {
            snprintf(why + strlen(why), sizeof why - strlen(why),
                     "output byte %lld written %d times, holds %d, should hold %d", (long long)b,
                     emu.count[b], out[b], want[b]);
            ok = 0;
        }
    free(in);
    free(out);
    free(want);
    free(emu.count);
    free(emu.sh);
    return ok;
}

/* Tensors of 3 and 4 axes, 1 and 2-byte elements, random permutations,
 * one or two sides small: every plan the skinny tiles take is checked;
 * at least 100 of them must fit, or the test proves little, and tall
 * matrices whose input starts inside a word must be among them. */
static int test_tensors(void)
{
    int i, fits = 0, off_word = 0;   /* tall matrices off a word */
    for (i = 0; i < 3000 && fits < 300; i++) {
        int rank = 3 + (int)(next_random() % 2), e = 1 + (int)(next_random() % 2), k, perm[4];
        int64_t dims[4], size = 1;
        for (k = 0; k < rank; k++) {
            dims[k] = next_random() % 3 ? 1 + next_random() % 40 : 1 + next_random() % 700;
            size *= dims[k];
            perm[k] = k;
        }
        if (size * e > (1 << 21))
            continue;
        for (k = rank - 1; k > 0; k--) {   /* Fisher-Yates */
            int j = (int)(next_random() % (uint32_t)(k + 1)), x = perm[k];
            perm[k] = perm[j];
            perm[j] = x;
        }
        if (!check_nd(rank, dims, perm, e, &fits, &off_word))
            return 0;
    }
    EXPECT(fits >= 100, "only %d of the drawn tensors fit the skinny tiles", fits);
    EXPECT(off_word >= 100, "only %d tall matrices started inside a word", off_word);
    return 1;
}

/* The checks can fail: with the ends of the segments left unstored (the
 * partial words), a shape whose output rows start mid-word must fail. */
static int test_checks_can_fail(void)
{
    EXPECT(!check_case(1001, 7, 1, 1), "dropping the partial stores went unnoticed (tall)");
    EXPECT(!check_case(7, 1001, 1, 1), "dropping the partial stores went unnoticed (wide)");
    EXPECT(check_case(1001, 7, 1, 0), "the same shape fails with the stores kept");
    return 1;
}

int main(void)
{
    run("every short side from 1 to 255 elements, both orientations, 1 and 2 bytes", test_every_short_side);
    run("400 random shapes", test_random_shapes);
    run("300 random strided matrices inside larger buffers", test_strided);
    run("tensors of 3 and 4 axes through permute_nd's plan (nd_skinny_fit)", test_tensors);
    run("the checks catch dropped partial stores", test_checks_can_fail);
    return failures ? 1 : 0;
}
