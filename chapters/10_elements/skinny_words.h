/*
 * chapters/10_elements/skinny_words.h - the whole per-thread body of
 * transpose_u8_skinny and transpose_u16_skinny (kernels.cu), apart from
 * the kernels so that tests/test_skinny.c can run the very same code on
 * the CPU for every block and thread and check every access (no GPU
 * needed). A kernel is: sk_phase1 for its thread, __syncthreads(),
 * sk_phase2. The memory accesses go through nine macros: under nvcc
 * this header defines them as the real loads and stores; a C file that
 * includes it defines them first (the test's checked emulation).
 *
 *   SK_LDG32(p)              32-bit global load at p (4-byte aligned)
 *   SK_LDG8(p)               one byte at p
 *   SK_LDS32(sh, b)          the 32-bit shared word at byte b (4-byte aligned)
 *   SK_STS32(sh, b, v)       ... stored
 *   SK_LDS_ELEM(sh, b, E)    the E-byte element at shared byte b
 *   SK_STS_ELEM(sh, b, v, E) ... stored (the low bits of v)
 *   SK_STG32(p, v)           32-bit global store at p (4-byte aligned)
 *   SK_STG128(p, a, b, c, d) words a, b, c, d stored at p (16-byte aligned)
 *   SK_STG_PART(p, v, f, t)  bytes f .. t - 1 of word v stored at the
 *                            aligned word p (a byte, a 16-bit half, a
 *                            byte at most; a 2-byte element's bytes
 *                            always go together)
 *
 * THE DESIGN: chapter 9's lever 5 (transpose_skinny) in 32-bit words.
 * A matrix of 1 or 2-byte elements with a short side k (rows <= cols:
 * "wide", k = rows; else "tall", k = cols) and a long side n. Each block
 * takes ALL k lines of the short side over a piece of w positions of the
 * long side, p0 = block * w .. p0 + len - 1 (len = w but at the end).
 * One side of the piece is one contiguous run of len k elements in
 * global memory (wide: the output, len rows of k; tall: the input, len
 * rows of k), starting on a word (p0 k E is a multiple of 16, and the
 * matrix's first byte must be a multiple of 4; but a tall run may start
 * anywhere where the kernel says so, A below); the other side is k
 * segments of len elements, seg_pitch elements apart, each starting
 * anywhere in a word (wide: the input rows; tall: the output rows). A
 * dense matrix has seg_pitch = n; chapter 11 gives the segments the
 * pitch of a tensor's axis, and the matrix's first byte of each (in_at,
 * out_at).
 *
 * A segment is moved as aligned 32-bit words. Segment bytes s .. s + len
 * E - 1 start sh = s mod 4 bytes into a word: its word m, bytes s + 4 m
 * .. s + 4 m + 3, is the aligned word at s - sh + 4 m and the next one
 * funnel-shifted by sh bytes.
 *
 * WIDE (k <= SK_REG_SIDE lines, sk_wide_regs): shared memory holds the
 * piece in the output's order, the run's word x at shared word x + x / 32.
 * Thread t takes word m of EVERY line, so its k words hold 4 / E
 * positions of all k lines: exactly the run's words m k .. m k + k - 1.
 * Phase 1 loads the k words (coalesced: consecutive lanes, consecutive
 * words of a line), takes each next word from the next lane by a
 * shuffle (lane 31 only lends its word: a warp stores 31 words of each
 * line), sorts the elements into run order with byte permutes in
 * registers (k, a constant in each case of a switch, fixes every
 * permute), and stores the k run words into shared memory (a word
 * skipped every 32, so that lanes k words apart fall in different
 * banks). For k <= 16 a thread takes 16 / k words of each line, for 17
 * to 32 one (SK_REG_WORDS).
 * Phase 2 copies the run out in 16-byte stores (where the run starts on
 * 16 bytes; 32-bit otherwise). Wide with k > SK_REG_SIDE (test sizes
 * and chapter 10's launch; the dispatchers stop at SK_PICK_WIDE) loads
 * line words as tall does and stores each element to its run place.
 *
 * TALL: shared memory holds k lines of w elements, line j at byte j *
 * pitch, pitch = w E + 4 (an odd number of words: a walk down a column
 * of words meets 32 banks). Phase 1 loads the run as aligned words and
 * stores each element into its line (element idx = 4 u / E + b of the
 * run is position idx / k of line idx % k); phase 2 stores each output
 * word m of each line, shared words 4 m - 4 and 4 m funnel-shifted by 4
 * - sh bytes, the first and last in part (SK_STG_PART: a neighbouring
 * block writes their other bytes). A thread walks its items (a word of
 * the run, or word m of line j) with a quotient and remainder stepped by
 * adds (chapter 9's walk), SK_BATCH loads in flight before their stores.
 *
 * So every global access is a word (16 bytes for the wide run) but at
 * the ends of segments and of the run, and consecutive threads take
 * consecutive words: both sides coalesce as in a copy.
 */
#ifndef CH10_SKINNY_WORDS_H
#define CH10_SKINNY_WORDS_H

#include <stdint.h>

#ifdef __CUDACC__
#include "funnel_tile.cuh"   /* funnel_store, for SK_STG_PART */
#define SK_DEV static __device__ __forceinline__
#define SK_UNROLL _Pragma("unroll")
#define SK_FUNNEL_R(lo, hi, sh) __funnelshift_r((lo), (hi), (sh))
#define SK_PERM(a, b, s) __byte_perm((a), (b), (s))
#define SK_SHFL 1   /* the next lane's word by a shuffle */
#define SK_SHFL_NEXT(v) __shfl_down_sync(0xffffffffu, (v), 1)
#define SK_LDG32(p) (*(const uint32_t *)(p))
#define SK_LDG8(p) ((uint32_t) * (const uint8_t *)(p))
#define SK_LDS32(sh, b) (*(const uint32_t *)((sh) + (b)))
#define SK_STS32(sh, b, v) (*(uint32_t *)((sh) + (b)) = (v))
#define SK_LDS_ELEM(sh, b, E) \
    ((E) == 1 ? (uint32_t)(sh)[b] : (uint32_t) * (const uint16_t *)((sh) + (b)))
#define SK_STS_ELEM(sh, b, v, E)                          \
    do {                                                  \
        if ((E) == 1)                                     \
            (sh)[b] = (uint8_t)(v);                       \
        else                                              \
            *(uint16_t *)((sh) + (b)) = (uint16_t)(v);    \
    } while (0)
#define SK_STG32(p, v) (*(uint32_t *)(p) = (v))
#define SK_STG128(p, a, b, c, d) (*(uint4 *)(p) = make_uint4((a), (b), (c), (d)))
#define SK_STG_PART(p, v, f, t) funnel_store((p), (v), (f), (t))
#define SK_PHASES 1
#elif defined(SK_LDG32)   /* a C file's checked emulation (tests/test_skinny.c) */
#define SK_DEV static inline
#define SK_UNROLL
#include "funnel_r_host.h"
#define SK_FUNNEL_R(lo, hi, sh) funnel_r_host((lo), (hi), (sh))
/* __byte_perm as the CUDA documentation defines it: byte u of the result
 * is byte (s >> 4 u) & 7 of the 8 bytes b:a. */
static inline uint32_t sk_perm_host(uint32_t a, uint32_t b, uint32_t s)
{
    const uint64_t x = (uint64_t)b << 32 | a;
    uint32_t v = 0;
    int u;
    for (u = 0; u < 4; u++)
        v |= (uint32_t)(x >> (8 * ((s >> (4 * u)) & 7)) & 0xff) << (8 * u);
    return v;
}
#define SK_PERM(a, b, s) sk_perm_host((a), (b), (s))
#define SK_SHFL 0   /* one thread at a time: each loads its next word itself, */
#define SK_SHFL_NEXT(v) ((void)(v), 0xdeadbeefu)   /* but lane 31, which has no next lane */
#if !defined(SK_LDG8) || !defined(SK_LDS32) || !defined(SK_STS32) || !defined(SK_LDS_ELEM) || \
    !defined(SK_STS_ELEM) || !defined(SK_STG32) || !defined(SK_STG128) || !defined(SK_STG_PART)
#error "define all the memory macros (SK_LDG32 ...) before including skinny_words.h"
#endif
#define SK_PHASES 1
#endif
/* Otherwise (plain C, no memory macros: chapter 11's nd_index.h for a
 * host test) only the geometry below. */

#define SK_THREADS 256         /* both kernels: 8 warps                        */
#define SK_PIECE_BYTES 32768   /* about this many bytes of matrix a block      */
#define SK_BATCH 8             /* items loaded before the first is stored      */
#define SK_MAX_SIDE 255        /* the short side, in elements, at most (chapter
                                  10's funnel tiles take 256 and more): at 255
                                  2-byte elements w is 64 (sk_make)           */

#define SK_REG_SIDE 32         /* wide pieces of at most this many lines are
                                  sorted in registers (sk_wide_regs)          */
#define SK_REG_WORDS(k) ((k) <= 16 ? 16 / (k) : 1)   /* ... words of each line a
                                  thread: 16 words or fewer for k <= 16       */
#define SK_LANES 31            /* lanes of a warp that store; lane 31 lends    */
#define SK_BLOCK_WORDS (SK_THREADS / 32 * SK_LANES)   /* words of a line a block, each r */

typedef struct {
    int64_t n;            /* the long side                                   */
    int64_t seg_pitch;    /* elements from one segment's start to the next's:
                             wide: the input's row pitch; tall: the output's */
    int64_t in_bytes;     /* bytes of the whole input buffer (loads stay in it) */
    int k;                /* the short side                                  */
    int e;                /* bytes an element: 1 or 2                        */
    int wide;             /* 1: the input's rows are the short side (k x n),
                             0: its columns are (n x k)                      */
    int w;                /* positions of the long side a block, w e % 16 == 0 */
    int pitch;            /* tall: bytes of a shared line, w e + 4           */
} sk_geom;

/* The geometry for k lines of n e-byte elements, whose segments lie
 * seg_pitch elements apart, in an input buffer of in_bytes bytes. The
 * run side is dense: k elements a position, one position after another.
 * Wide with k <= SK_REG_SIDE: w = the words sk_wide_regs takes of a line
 * (SK_REG_WORDS(k) SK_BLOCK_WORDS), in positions. Otherwise w as close to
 * SK_PIECE_BYTES / (k e) as a multiple of 32 allows, at least 32. */
static inline sk_geom sk_make_strided(int wide, int64_t k, int64_t n, int64_t seg_pitch, int e,
                                      int64_t in_bytes)
{
    sk_geom g;
    int64_t w;
    g.wide = wide;
    g.k = (int)k;
    g.n = n;
    g.seg_pitch = seg_pitch;
    g.e = e;
    g.in_bytes = in_bytes;
    w = SK_PIECE_BYTES / (k * e) / 32 * 32;
    g.w = (int)(w < 32 ? 32 : w);
    if (wide && k <= SK_REG_SIDE)
        g.w = (int)(SK_REG_WORDS(k) * SK_BLOCK_WORDS * 4 / e);
    g.pitch = g.w * e + 4;
    return g;
}

/* A dense rows x cols matrix of e-byte elements, transposed: wide if
 * rows <= cols. */
static inline sk_geom sk_make(int64_t rows, int64_t cols, int e)
{
    int wide = rows <= cols;
    return sk_make_strided(wide, wide ? rows : cols, wide ? cols : rows, wide ? cols : rows, e,
                           rows * cols * e);
}

/* Shared bytes a block: wide, the run's words with one skipped every 32;
 * tall, k lines of `pitch`. */
static inline int sk_shared_bytes(const sk_geom *g)
{
    if (g->wide) {
        const int words = (g->w * g->k * g->e + 3) / 4;
        return 4 * (words + words / 32 + 1);
    }
    return g->k * g->pitch;
}

/* Where the dispatchers (chapter 10's u8 and u16, chapter 11's
 * permute_nd) take the skinny kernels, for a short side of k elements:
 * tall (wide == 0: input rows of k elements) for k < 32, wide for k <= 32.
 * Measured on an H100 (chapter 10's NOTES.md, "Skinny matrices in
 * words"): tall, faster than the tiles at k = 7, 10 and 20 (against
 * chapter 11's narrow tile) and slower from 37 up; 31 is not a measured
 * point. Wide, sorted in registers up to SK_REG_SIDE lines: 92.9 to
 * 97.0% of the copy at 10 to 32 rows, where the tiles reached 20.0 to
 * 77.9% ("Wide pieces sorted in registers" and "Wide pieces of 17 to 32
 * lines"). */
#define SK_PICK_TALL 31
#define SK_PICK_WIDE 32
static inline int sk_pick(int wide, int64_t k)
{
    return k <= (wide ? SK_PICK_WIDE : SK_PICK_TALL);
}

/* 1 if a wide skinny matrix of k rows of e-byte elements goes to the
 * skinny kernels before the packed-word kernels (chapter 10's quads and
 * vec16, chapter 11's quads and pairs): every wide k that sk_pick takes
 * but 2-byte rows of whole sectors (16 and 32 rows), where
 * transpose_u16_vec16 was 1.5 and 3.6 points ahead; on the eight other
 * shapes whose kernel changed the skinny kernels were 1.4 to 83.7
 * points ahead (H100; chapter 10's NOTES.md, "Wide pieces of 17 to 32
 * lines"). */
static inline int sk_before_packed(int e, int64_t k)
{
    return sk_pick(1, k) && !(e == 2 && k % 16 == 0);
}

/* Blocks of the grid: one per piece. */
static inline int64_t sk_blocks(const sk_geom *g)
{
    return (g->n + g->w - 1) / g->w;
}

#ifdef SK_PHASES
/* A quotient and remainder by d, moved on by a fixed step with adds
 * (one division at the start): chapter 9's walk, for any step. */
typedef struct {
    int64_t q;
    int r, d, dr;
    int64_t dq;
} sk_walk;

SK_DEV sk_walk sk_walk_start(int64_t x, int d, int64_t step)
{
    sk_walk a;
    a.q = x / d;
    a.r = (int)(x % d);
    a.d = d;
    a.dq = step / d;
    a.dr = (int)(step % d);
    return a;
}

SK_DEV void sk_walk_step(sk_walk *a)   /* by the step */
{
    a->q += a->dq;
    a->r += a->dr;
    if (a->r >= a->d) {
        a->r -= a->d;
        a->q++;
    }
}

/* Wide: the shared byte of the run's byte o (word x at x + x / 32). */
SK_DEV int sk_run_byte(int o)
{
    return 4 * ((o >> 2) + (o >> 7)) + (o & 3);
}

/* A word of 4 / E parts (E-byte elements), part b of it part p[b] of the
 * word v[w[b]]. */
SK_DEV uint32_t sk_compose(const uint32_t *v, const int E, const int *w, const int *p)
{
    if (E == 2)
        return SK_PERM(v[w[0]], v[w[1]],
                       (2 * p[0]) | (2 * p[0] + 1) << 4 | (4 + 2 * p[1]) << 8 |
                           (5 + 2 * p[1]) << 12);
    return SK_PERM(SK_PERM(v[w[0]], v[w[1]], p[0] | (4 + p[1]) << 4),
                   SK_PERM(v[w[2]], v[w[3]], p[2] | (4 + p[3]) << 4), 0x5410);
}

/* The aligned word of the input at byte a: past the input's last byte,
 * the bytes before it one at a time, the rest 0. */
SK_DEV uint32_t sk_load_word(const uint8_t *in, int64_t a, int64_t total)
{
    uint32_t v = 0;
    int u;
    if (a + 4 <= total)
        return SK_LDG32(in + a);
    for (u = 0; u < 4; u++)
        if (a + u < total)
            v |= SK_LDG8(in + a + u) << (8 * u);
    return v;
}

/* Wide phase 1 for K = k <= SK_REG_SIDE lines, K a constant: thread t,
 * lane t % 32 of warp t / 32, takes word m = m0 + r SK_BLOCK_WORDS of
 * every line, r < R. The K words of one m hold 4 / E positions of all K
 * lines, which are the run's words m K .. m K + K - 1: it loads them,
 * sorts their elements into run order (sk_compose) and stores them at
 * their places (word x at x + x / 32). Lane 31 stores nothing: its words
 * are the next words lane 30 needs (the shuffle). */
SK_DEV void sk_wide_regs(const uint8_t *in, int64_t in_at, uint8_t *sh, const sk_geom *g,
                         int64_t block, int t, const int E, const int K)
{
    const int R = SK_REG_WORDS(K);   /* words of each line a thread */
    const int64_t p0 = block * g->w;
    const int len = (int)(g->n - p0 < g->w ? g->n - p0 : g->w);
    const int words = (len * E + 3) / 4;   /* <= R SK_BLOCK_WORDS (sk_make_strided) */
    const int per = 4 / E, lane = t % 32, m0 = t / 32 * SK_LANES + lane;
    uint32_t v[SK_REG_SIDE];   /* v[r K + j]: word m0 + r SK_BLOCK_WORDS of line j */
    int j, i, b, r;
    /* every thread loads, those past the piece too (their words are not
     * stored), so that the whole warp takes part in the shuffles */
    SK_UNROLL
    for (r = 0; r < R; r++)
        SK_UNROLL
        for (j = 0; j < K; j++) {
            const int64_t s = in_at + (j * g->seg_pitch + p0) * E;   /* line j's first byte */
            v[r * K + j] = sk_load_word(in, s - (s & 3) + 4 * (int64_t)(m0 + r * SK_BLOCK_WORDS),
                                        g->in_bytes);
        }
    SK_UNROLL
    for (r = 0; r < R; r++)
        SK_UNROLL
        for (j = 0; j < K; j++) {   /* the next word: the next lane's, or loaded (the CPU) */
            /* line j's sh from 32-bit sums (only the low 2 bits count): the
             * 64-bit ones above would stay in registers */
            const uint32_t s32 = (uint32_t)in_at + ((uint32_t)g->seg_pitch * j + (uint32_t)p0) * E;
            const int sh8 = (int)(s32 & 3);
            uint32_t hi = SK_SHFL_NEXT(v[r * K + j]);
            if (!SK_SHFL && sh8 != 0 && lane != 31) {
                const int64_t s = in_at + (j * g->seg_pitch + p0) * E;
                hi = sk_load_word(in, s - sh8 + 4 * (int64_t)(m0 + r * SK_BLOCK_WORDS + 1),
                                  g->in_bytes);
            }
            v[r * K + j] = SK_FUNNEL_R(v[r * K + j], hi, 8 * sh8);
        }
    SK_UNROLL
    for (r = 0; r < R; r++)
        if (lane < SK_LANES && m0 + r * SK_BLOCK_WORDS < words)
            SK_UNROLL
            for (i = 0; i < K; i++) {   /* run word m K + i: elements q = per i + b */
                int w[4], p[4];
                const int x = (m0 + r * SK_BLOCK_WORDS) * K + i;
                SK_UNROLL
                for (b = 0; b < per; b++) {   /* element q: position q / K, line q % K */
                    w[b] = (per * i + b) % K;
                    p[b] = (per * i + b) / K;
                }
                SK_STS32(sh, 4 * (x + x / 32), sk_compose(v + r * K, E, w, p));
            }
}

/* Phase 1 in items walked one after another: tall, and wide with more
 * than SK_REG_SIDE lines (arguments as sk_phase1's, below). */
SK_DEV void sk_phase1_items(const uint8_t *in, int64_t in_at, uint8_t *sh, const sk_geom *g,
                            int64_t block, int t, const int E, const int W, const int A)
{
    const int k = g->k;
    const int64_t p0 = block * g->w;
    const int len = (int)(g->n - p0 < g->w ? g->n - p0 : g->w);
    int64_t base;
    int b;

    if (W) {   /* k input segments (rows) of len elements: word m of line j, */
               /* each element stored at its run place                   */
        const int words = (len * E + 3) / 4;
        const int64_t items = (int64_t)k * words;
        sk_walk at = sk_walk_start(t, words, SK_THREADS);   /* q = j, r = m */
        for (base = t; base < items; base += (int64_t)SK_BATCH * SK_THREADS) {
            uint32_t v[SK_BATCH];
            int off[SK_BATCH];   /* the word's first element's place in the run */
            int pos[SK_BATCH];   /* ... and its position, 4 m / E */
            SK_UNROLL
            for (b = 0; b < SK_BATCH; b++, sk_walk_step(&at)) {
                off[b] = -1;
                pos[b] = 0;
                if (base + (int64_t)b * SK_THREADS < items) {
                    const int64_t s = in_at + (at.q * g->seg_pitch + p0) * E;   /* line j's first byte */
                    const int sh8 = (int)(s & 3);
                    const int64_t a = s - sh8 + 4 * (int64_t)at.r;
                    uint32_t lo = sk_load_word(in, a, g->in_bytes), hi = 0;
                    if (sh8 != 0)
                        hi = sk_load_word(in, a + 4, g->in_bytes);
                    v[b] = SK_FUNNEL_R(lo, hi, 8 * sh8);
                    pos[b] = at.r * (4 / E);
                    off[b] = pos[b] * k + (int)at.q;
                }
            }
            SK_UNROLL
            for (b = 0; b < SK_BATCH; b++)
                if (off[b] >= 0) {   /* element c: position 4 m / E + c, run element off + c k */
                    int c;
                    SK_UNROLL
                    for (c = 0; c < 4 / E; c++)
                        if (pos[b] + c < len)
                            SK_STS_ELEM(sh, sk_run_byte((off[b] + c * k) * E),
                                        v[b] >> (8 * E * c), E);
                }
        }
    } else {   /* one input run of len rows of k: word u, its elements into their lines */
        const int64_t run = (int64_t)len * k * E, start = in_at + p0 * k * E;
        const int64_t words = (run + 3) / 4, count = (int64_t)len * k;
        /* A: the run may start sh8 bytes into a word (a batch's matrix,
         * chapter 11); its word u is then aligned words u and u + 1 from
         * start - sh8, shifted (a hypothesis, not profiled: the second
         * load, the next thread's first, mostly hits the L1) */
        const int sh8 = A ? (int)(start & 3) : 0;
        /* element idx = 4 u / E of the run: q = position, r = line */
        sk_walk at = sk_walk_start((int64_t)t * (4 / E), k, (int64_t)SK_THREADS * (4 / E));
        for (base = t; base < words; base += (int64_t)SK_BATCH * SK_THREADS) {
            uint32_t v[SK_BATCH];
            int pos[SK_BATCH], line[SK_BATCH];   /* the word's first element */
            SK_UNROLL
            for (b = 0; b < SK_BATCH; b++, sk_walk_step(&at)) {
                pos[b] = (int)at.q;
                line[b] = at.r;
                v[b] = 0;
                if (base + (int64_t)b * SK_THREADS < words) {
                    const int64_t a = start - sh8 + 4 * (base + (int64_t)b * SK_THREADS);
                    v[b] = sk_load_word(in, a, g->in_bytes);
                    if (sh8 != 0)   /* A only */
                        v[b] = SK_FUNNEL_R(v[b], sk_load_word(in, a + 4, g->in_bytes), 8 * sh8);
                }
            }
            SK_UNROLL
            for (b = 0; b < SK_BATCH; b++) {
                int c, p = pos[b], j = line[b];
                for (c = 0; c < 4 / E; c++) {
                    if (base + (int64_t)b * SK_THREADS < words && (int64_t)p * k + j < count)
                        SK_STS_ELEM(sh, j * g->pitch + p * E, v[b] >> (8 * E * c), E);
                    if (++j == k) {   /* the next element of the run */
                        j = 0;
                        p++;
                    }
                }
            }
        }
    }
}

#define SK_REG_CASES(X) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) \
    X(9) X(10) X(11) X(12) X(13) X(14) X(15) X(16) X(17) X(18) X(19) X(20) \
    X(21) X(22) X(23) X(24) X(25) X(26) X(27) X(28) X(29) X(30) X(31) X(32)
#define SK_REG_CASE(K)                                    \
    case K:                                               \
        sk_wide_regs(in, in_at, sh, g, block, t, E, K);   \
        return;

/* Before the barrier: thread t of block `block` fills the piece in shared
 * memory `sh`, from the matrix at byte in_at of the input (a multiple of
 * 4, or of E where A). E is g->e, W is g->wide and A says a tall run may
 * start inside a word (each word then two aligned words, shifted), each
 * given as a constant by the kernel so that the compiler folds them (a
 * kernel for each: chapter 10's and chapter 11's own kernels give A = 0,
 * and keep the code they had); the switch gives sk_wide_regs its k as a
 * constant in each case. */
SK_DEV void sk_phase1(const uint8_t *in, int64_t in_at, uint8_t *sh, const sk_geom *g,
                      int64_t block, int t, const int E, const int W, const int A)
{
    if (W && g->k <= SK_REG_SIDE)
        switch (g->k) {
            SK_REG_CASES(SK_REG_CASE)
        }
    sk_phase1_items(in, in_at, sh, g, block, t, E, W, A);
}

/* After the barrier: thread t of block `block` writes the piece to the
 * matrix at byte out_at of out (a multiple of 4). */
SK_DEV void sk_phase2(const uint8_t *sh, uint8_t *out, int64_t out_at, const sk_geom *g,
                      int64_t block, int t, const int E, const int W)
{
    const int k = g->k;
    const int64_t p0 = block * g->w;
    const int len = (int)(g->n - p0 < g->w ? g->n - p0 : g->w);
    int64_t u;

    if (W) {   /* one output run, in shared memory in its order: a copy */
        const int64_t run = (int64_t)len * k * E, start = out_at + p0 * k * E;
        const int64_t words = (run + 3) / 4;
        int64_t quads = 0;   /* 16-byte stores where the run starts on 16 bytes */
        if ((((uintptr_t)(out + start)) & 15) == 0)
            quads = run / 16;
        for (u = t; u < quads; u += SK_THREADS) {
            const int b = 4 * (4 * (int)u + (int)u / 8);   /* words 4 u .. 4 u + 3, together */
            SK_STG128(out + start + 16 * u, SK_LDS32(sh, b), SK_LDS32(sh, b + 4),
                      SK_LDS32(sh, b + 8), SK_LDS32(sh, b + 12));
        }
        for (u = 4 * quads + t; u < words; u += SK_THREADS) {
            const uint32_t v = SK_LDS32(sh, 4 * ((int)u + (int)u / 32));
            if (4 * u + 4 <= run)
                SK_STG32(out + start + 4 * u, v);
            else
                SK_STG_PART(out + start + 4 * u, v, 0, (int)(run - 4 * u));
        }
    } else {   /* k output segments (rows) of len elements: word m of line j */
        const int words = (len * E + 6) / 4;   /* a segment that starts 3 bytes in */
        const int64_t items = (int64_t)k * words;
        sk_walk at = sk_walk_start(t, words, SK_THREADS);   /* q = j, r = m */
        for (u = t; u < items; u += SK_THREADS, sk_walk_step(&at)) {
            const int64_t s = out_at + (at.q * g->seg_pitch + p0) * E;   /* line j's first output byte */
            const int sh8 = (int)(s & 3), m = at.r, line = (int)at.q * g->pitch;
            if (4 * m < sh8 + len * E) {
                uint32_t hi = SK_LDS32(sh, line + 4 * m), v = hi;
                if (sh8 != 0)
                    v = SK_FUNNEL_R(m > 0 ? SK_LDS32(sh, line + 4 * m - 4) : 0u, hi,
                                    8 * (4 - sh8));
                {
                    const int from = m == 0 ? sh8 : 0;
                    const int to = sh8 + len * E - 4 * m < 4 ? sh8 + len * E - 4 * m : 4;
                    if (from == 0 && to == 4)
                        SK_STG32(out + s - sh8 + 4 * m, v);
                    else
                        SK_STG_PART(out + s - sh8 + 4 * m, v, from, to);
                }
            }
        }
    }
}

#endif /* SK_PHASES */

#endif
