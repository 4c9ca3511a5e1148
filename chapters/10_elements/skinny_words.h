/*
 * chapters/10_elements/skinny_words.h - the whole per-thread body of
 * transpose_u8_skinny and transpose_u16_skinny (kernels.cu), apart from
 * the kernels so that tests/test_skinny.c can run the very same code on
 * the CPU for every block and thread and check every access (no GPU
 * needed). A kernel is: sk_phase1 for its thread, __syncthreads(),
 * sk_phase2. The memory accesses go through eight macros: under nvcc
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
 *   SK_STG_PART(p, v, f, t)  bytes f .. t - 1 of word v stored at the
 *                            aligned word p (a byte, a 16-bit half, a
 *                            byte at most; a 2-byte element's bytes
 *                            always go together)
 *
 * THE DESIGN: chapter 9's lever 5 (transpose_skinny) in 32-bit words.
 * A matrix of 1 or 2-byte elements with a short side k (rows <= cols:
 * "wide", k = rows; else "tall", k = cols) and a long side n. Each block
 * takes ALL k lines of the short side over a piece of w positions of the
 * long side, p0 = block * w .. p0 + len - 1 (len = w but at the end),
 * about SK_PIECE_BYTES bytes, w a multiple of 32. In shared memory the
 * piece is k lines of w elements, line j at byte j * pitch, pitch = w E +
 * 4 (a multiple of 4, an odd number of words: a walk down a column of
 * words meets 32 banks). One side of the piece is one contiguous run of
 * len k elements in global memory (wide: the output, len rows of k;
 * tall: the input, len rows of k), starting on a word (p0 k E is a
 * multiple of 4, and so must be the matrix's first byte); the other side
 * is k segments of len elements, seg_pitch elements apart, each starting
 * anywhere in a word (wide: the input rows; tall: the output rows). A
 * dense matrix has seg_pitch = n; chapter 11 gives the segments the
 * pitch of a tensor's axis, and the matrix's first byte of each (in_at,
 * out_at).
 *
 *   The run is moved as aligned 32-bit words, each word's elements
 *   (4 / E of them, element idx = 4 u / E + b of the run is position
 *   idx / k of line idx % k) stored into or gathered from their lines one
 *   element at a time.
 *   A segment is moved as aligned 32-bit words too. Segment bytes s ..
 *   s + len E - 1 start sh = s mod 4 bytes into a word. Wide (loads):
 *   shared word m of line j is input bytes s + 4 m .. s + 4 m + 3, the
 *   aligned input words at s - sh + 4 m and the next one funnel-shifted
 *   by sh bytes. Tall (stores): output word m of the segment, at s - sh +
 *   4 m, is line bytes 4 m - sh .. 4 m - sh + 3, the shared words at 4 m -
 *   4 and 4 m funnel-shifted by 4 - sh bytes; the first and last words
 *   are stored in part (SK_STG_PART): a neighbouring block writes their
 *   other bytes.
 *
 * So every global access is a 32-bit word but at the ends of segments and
 * of the run, and consecutive threads take consecutive words: both sides
 * coalesce as in a copy. The price is in shared memory: one access per
 * element on the run's side. A thread walks its items (a word of the run,
 * or word m of line j) with a quotient and remainder stepped by adds
 * (chapter 9's walk), SK_BATCH loads in flight before their stores.
 */
#ifndef CH10_SKINNY_WORDS_H
#define CH10_SKINNY_WORDS_H

#include <stdint.h>

#ifdef __CUDACC__
#include "funnel_tile.cuh"   /* funnel_store, for SK_STG_PART */
#define SK_DEV static __device__ __forceinline__
#define SK_UNROLL _Pragma("unroll")
#define SK_FUNNEL_R(lo, hi, sh) __funnelshift_r((lo), (hi), (sh))
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
#define SK_STG_PART(p, v, f, t) funnel_store((p), (v), (f), (t))
#define SK_PHASES 1
#elif defined(SK_LDG32)   /* a C file's checked emulation (tests/test_skinny.c) */
#define SK_DEV static inline
#define SK_UNROLL
#include "funnel_r_host.h"
#define SK_FUNNEL_R(lo, hi, sh) funnel_r_host((lo), (hi), (sh))
#if !defined(SK_LDG8) || !defined(SK_LDS32) || !defined(SK_STS32) || !defined(SK_LDS_ELEM) || \
    !defined(SK_STS_ELEM) || !defined(SK_STG32) || !defined(SK_STG_PART)
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

typedef struct {
    int64_t n;            /* the long side                                   */
    int64_t seg_pitch;    /* elements from one segment's start to the next's:
                             wide: the input's row pitch; tall: the output's */
    int64_t in_bytes;     /* bytes of the whole input buffer (loads stay in it) */
    int k;                /* the short side                                  */
    int e;                /* bytes an element: 1 or 2                        */
    int wide;             /* 1: the input's rows are the short side (k x n),
                             0: its columns are (n x k)                      */
    int w;                /* positions of the long side a block, w % 32 == 0 */
    int pitch;            /* bytes of a shared line: w e + 4                 */
} sk_geom;

/* The geometry for k lines of n e-byte elements, whose segments lie
 * seg_pitch elements apart, in an input buffer of in_bytes bytes: w as
 * close to SK_PIECE_BYTES / (k e) as a multiple of 32 allows, at least
 * 32. The run side is dense: k elements a position, one position after
 * another. */
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

/* Shared bytes a block: k lines of `pitch`. */
static inline int sk_shared_bytes(const sk_geom *g)
{
    return g->k * g->pitch;
}

/* Where the dispatchers (chapter 10's u8 and u16, chapter 11's
 * permute_nd) take the skinny kernels, for a short side of k elements:
 * tall (wide == 0: input rows of k elements) for k < 32, wide for k <= 16.
 * Measured on an H100 (chapter 10's NOTES.md, "Skinny matrices in
 * words"): faster than the tiles at k = 10 both ways and at k = 7, 10
 * and 20 tall (against chapter 11's narrow tile); slower at k = 28 wide
 * and at 37 to 255 both ways. The limits between, 16 and 31, are not
 * measured points. */
#define SK_PICK_TALL 31
#define SK_PICK_WIDE 16
static inline int sk_pick(int wide, int64_t k)
{
    return k <= (wide ? SK_PICK_WIDE : SK_PICK_TALL);
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

SK_DEV void sk_walk_one(sk_walk *a)   /* by 1 */
{
    if (++a->r == a->d) {
        a->r = 0;
        a->q++;
    }
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

/* Before the barrier: thread t of block `block` fills the k lines of the
 * piece in shared memory `sh`, from the matrix at byte in_at of the input
 * (a multiple of 4). E is g->e, given as a constant by each kernel so that
 * the compiler folds it. */
SK_DEV void sk_phase1(const uint8_t *in, int64_t in_at, uint8_t *sh, const sk_geom *g,
                      int64_t block, int t, const int E)
{
    const int k = g->k;
    const int64_t p0 = block * g->w;
    const int len = (int)(g->n - p0 < g->w ? g->n - p0 : g->w);
    int64_t base;
    int b;

    if (g->wide) {   /* k input segments (rows) of len elements: word m of line j */
        const int words = (len * E + 3) / 4;
        const int64_t items = (int64_t)k * words;
        sk_walk at = sk_walk_start(t, words, SK_THREADS);   /* q = j, r = m */
        for (base = t; base < items; base += (int64_t)SK_BATCH * SK_THREADS) {
            uint32_t v[SK_BATCH];
            int off[SK_BATCH];   /* the word's shared byte */
            SK_UNROLL
            for (b = 0; b < SK_BATCH; b++, sk_walk_step(&at)) {
                off[b] = -1;
                if (base + (int64_t)b * SK_THREADS < items) {
                    const int64_t s = in_at + (at.q * g->seg_pitch + p0) * E;   /* line j's first byte */
                    const int sh8 = (int)(s & 3);
                    const int64_t a = s - sh8 + 4 * (int64_t)at.r;
                    uint32_t lo = sk_load_word(in, a, g->in_bytes), hi = 0;
                    if (sh8 != 0)
                        hi = sk_load_word(in, a + 4, g->in_bytes);
                    v[b] = SK_FUNNEL_R(lo, hi, 8 * sh8);
                    off[b] = (int)at.q * g->pitch + 4 * at.r;
                }
            }
            SK_UNROLL
            for (b = 0; b < SK_BATCH; b++)
                if (off[b] >= 0)
                    SK_STS32(sh, off[b], v[b]);
        }
    } else {   /* one input run of len rows of k: word u, its elements into their lines */
        const int64_t run = (int64_t)len * k * E, start = in_at + p0 * k * E;
        const int64_t words = (run + 3) / 4, count = (int64_t)len * k;
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
                if (base + (int64_t)b * SK_THREADS < words)
                    v[b] = sk_load_word(in, start + 4 * (base + (int64_t)b * SK_THREADS),
                                        g->in_bytes);
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

/* After the barrier: thread t of block `block` writes the piece to the
 * matrix at byte out_at of out (a multiple of 4). */
SK_DEV void sk_phase2(const uint8_t *sh, uint8_t *out, int64_t out_at, const sk_geom *g,
                      int64_t block, int t, const int E)
{
    const int k = g->k;
    const int64_t p0 = block * g->w;
    const int len = (int)(g->n - p0 < g->w ? g->n - p0 : g->w);
    int64_t u;

    if (g->wide) {   /* one output run of len rows of k: word u gathered from the lines */
        const int64_t run = (int64_t)len * k * E, start = out_at + p0 * k * E;
        const int64_t words = (run + 3) / 4, count = (int64_t)len * k;
        sk_walk at = sk_walk_start((int64_t)t * (4 / E), k, (int64_t)SK_THREADS * (4 / E));
        for (u = t; u < words; u += SK_THREADS, sk_walk_step(&at)) {
            sk_walk el = at;
            uint32_t v = 0;
            int c;
            for (c = 0; c < 4 / E; c++, sk_walk_one(&el))
                if (el.q * k + el.r < count)
                    v |= SK_LDS_ELEM(sh, el.r * g->pitch + (int)el.q * E, E) << (8 * E * c);
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
