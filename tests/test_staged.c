/*
 * test_staged.c - chapter 10's transpose_u8_staged and transpose_u16_staged
 * run on the CPU (no GPU needed). Their whole per-thread body is in
 * chapters/10_elements/staged_index.h; this file defines the six memory
 * macros it uses as checked emulations and runs the very same code for
 * every block of the grid the launch functions use, and in each block for
 * every thread: phase 1 for threads 0..255 into an explicit shared array,
 * then phase 2 (the barrier between them). It checks, for many shapes and
 * base addresses (every misalignment of the input and output buffers):
 *   - every global access lies inside its buffer, and every word access
 *     (16-byte loads, 32-bit stores) and element access is aligned to
 *     its size; every shared access is inside the array, and no shared
 *     word is stored twice in a block (two threads would race);
 *   - after phase 1, every shared word holds what the design says (plane
 *     k, row R, element v of word m: input element (R - t_k, P (P m +
 *     v) + k) of the tile): a check written from the design, apart from
 *     the code it checks;
 *   - every output element is written exactly once, with the right input
 *     element: the emulation runs once per byte of the offsets (input
 *     byte o holds byte q of o in run q), so the output says exactly
 *     where each of its bytes came from; the shared array starts as
 *     0xa5 bytes, so a byte that was never stored there shows too;
 *   - on a tile away from the matrix's edges: no element-wide load, and
 *     element-wide stores only at the ragged ends of the output segments
 *     (P elements per column whose segment starts mid-word, none else);
 *   - on a full tile: every warp-wide shared access touches each bank with
 *     at most one word (32 banks of 4 bytes; a model, not a measurement).
 * The same checks run for strided matrices (staged_index.h's general
 * form, st_geom): input row pitch in_row >= cols, output
 * pitch out_col >= rows, offsets in_off and out_off, and buffers longer
 * than the matrix (in_pad, out_pad); every byte of the output buffer
 * outside the matrix must stay unwritten, and a 16-byte load is allowed
 * anywhere inside the whole input buffer. test_out_shift_classes checks
 * the plane argument itself: for any out_col and out_off, every column's
 * output misalignment is its class's (column modulo P).
 * Random cases come from a fixed seed, so a failure repeats.
 *
 * Prints "PASS  staged: name" or "FAIL  staged: name: why" per test.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define UNIT_PREFIX "staged"
#include "unit.h"   /* EXPECT, run(), failures, why */

/* ---- The checked memory of the emulation ----------------------------------- */

#define ST_THREADS_MAX 256   /* the log's size; staged_index.h's ST_THREADS must fit */

typedef struct {
    uintptr_t in_lo, in_hi, out_lo, out_hi;   /* the buffers, [lo, hi)        */
    const uint32_t *sh;                       /* the block's shared array     */
    int sh_words;
    unsigned char *written;                   /* per shared byte: stored yet? */
    unsigned char *count;                     /* writes per output byte       */
    int counting;                             /* run 0 counts, the others not */
    int bad;                                  /* errors so far (first in why) */
    long narrow_loads, narrow_stores;         /* in the current block         */
    /* the bank model: one record per shared access of the current phase */
    int logging, tid, seq[ST_THREADS_MAX];
    int log_n;
    struct { int warp, seq, word; } log[ST_THREADS_MAX * 16];
} emu_state;
static emu_state E;

static void error(const char *fmt, ...)
{
    va_list ap;
    if (E.bad++)
        return;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
}

static int global_ok(uintptr_t a, int bytes, uintptr_t lo, uintptr_t hi, const char *what)
{
    if (a % (uintptr_t)bytes != 0) {
        error("a %d-byte %s at byte %ld of its buffer is not aligned", bytes, what,
              (long)(a - lo));
        return 0;
    }
    if (a < lo || a + (uintptr_t)bytes > hi) {
        error("a %d-byte %s at byte %ld, outside its buffer of %ld bytes", bytes, what,
              (long)(a - lo), (long)(hi - lo));
        return 0;
    }
    return 1;
}

static void emu_ldg16(const uint8_t *p, uint32_t *dst)
{
    memset(dst, 0, 16);
    if (global_ok((uintptr_t)p, 16, E.in_lo, E.in_hi, "load"))
        memcpy(dst, p, 16);   /* little-endian, as the GPU */
}

static uint32_t emu_ldg_elem(const uint8_t *p, int e)
{
    E.narrow_loads++;
    if (!global_ok((uintptr_t)p, e, E.in_lo, E.in_hi, "load"))
        return 0;
    return e == 1 ? p[0] : (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static int shared_ok(const uint32_t *sh, int i)
{
    if (sh != E.sh) {
        error("a shared access through another pointer");
        return 0;
    }
    if (i < 0 || i >= E.sh_words) {
        error("shared word %d, outside the array of %d words", i, E.sh_words);
        return 0;
    }
    if (E.logging && E.log_n < (int)(sizeof E.log / sizeof E.log[0])) {
        E.log[E.log_n].warp = E.tid / 32;
        E.log[E.log_n].seq = E.seq[E.tid]++;
        E.log[E.log_n].word = i;
        E.log_n++;
    }
    return 1;
}

static uint32_t emu_lds(const uint32_t *sh, int i)
{
    return shared_ok(sh, i) ? sh[i] : 0;
}

static void emu_sts(uint32_t *sh, int i, uint32_t v)
{
    if (shared_ok(sh, i)) {
        /* (only phase 1 stores: two stores to one word would race) */
        if (E.written[4 * i])
            error("shared word %d stored twice in one block", i);
        sh[i] = v;
        memset(E.written + 4 * i, 1, 4);
    }
}

static void out_byte(uint8_t *p, uint8_t v)
{
    *p = v;
    if (E.counting && E.count[(uintptr_t)p - E.out_lo]++ == 1)
        error("output byte %ld written twice", (long)((uintptr_t)p - E.out_lo));
}

static void emu_stg32(uint8_t *p, uint32_t v)
{
    int b;
    if (global_ok((uintptr_t)p, 4, E.out_lo, E.out_hi, "store"))
        for (b = 0; b < 4; b++)
            out_byte(p + b, (uint8_t)(v >> (8 * b)));
}

static void emu_stg_elem(uint8_t *p, uint32_t v, int e)
{
    int b;
    E.narrow_stores++;
    if (global_ok((uintptr_t)p, e, E.out_lo, E.out_hi, "store"))
        for (b = 0; b < e; b++)
            out_byte(p + b, (uint8_t)(v >> (8 * b)));
}

#define ST_LDG16(p, dst) emu_ldg16((p), (dst))
#define ST_LDG_ELEM(p, e) emu_ldg_elem((p), (e))
#define ST_LDS(sh, i) emu_lds((sh), (i))
#define ST_STS(sh, i, v) emu_sts((sh), (i), (v))
#define ST_STG32(p, v) emu_stg32((p), (v))
#define ST_STG_ELEM(p, v, e) emu_stg_elem((uint8_t *)(p), (v), (e))
#include "../chapters/10_elements/staged_index.h"

typedef char threads_fit[ST_THREADS <= ST_THREADS_MAX ? 1 : -1];

/* ---- The bank model ------------------------------------------------------------ */

/* The most passes any warp-wide shared access of the logged phase takes:
 * the accesses of a warp with the same sequence number are one
 * instruction; it takes as many passes as the most distinct words any one
 * bank is asked for. */
static int bank_passes(void)
{
    static int words[8][16][32], n[8][16];
    int worst = 0, a, w, q, j, b;
    memset(n, 0, sizeof n);
    for (a = 0; a < E.log_n; a++) {
        w = E.log[a].warp, q = E.log[a].seq;
        if (w >= 8 || q >= 16) {
            error("the bank model's table is too small (warp %d, access %d)", w, q);
            return 0;
        }
        for (j = 0; j < n[w][q] && words[w][q][j] != E.log[a].word; j++)
            ;
        if (j == n[w][q] && j < 32)
            words[w][q][n[w][q]++] = E.log[a].word;
    }
    for (w = 0; w < 8; w++)
        for (q = 0; q < 16; q++) {
            int per_bank[32] = { 0 };
            for (j = 0; j < n[w][q]; j++)
                if ((b = ++per_bank[words[w][q][j] % 32]) > worst)
                    worst = b;
        }
    return worst;
}

/* ---- One emulated launch ------------------------------------------------------- */

typedef struct {
    int elem;                 /* 1 or 2                                   */
    int rows, cols;
    int a_in, a_out;          /* the buffers' addresses modulo 16         */
    /* Strided (st_geom): input element (r, c) at
     * in_off + r in_row + c, output element (c, r) at out_off + c out_col
     * + r, and in_pad / out_pad elements after the matrix's last one in
     * each buffer. Dense (chapter 10): in_row = cols, out_col = rows, the
     * rest 0 (set_dense). */
    int64_t in_row, out_col, in_off, out_off, in_pad, out_pad;
    int sample;               /* 0: every block; n: the edge blocks and
                                 about 1 in n of the others               */
} staged_case;

typedef struct {
    int worst_passes;         /* bank model, full tiles                   */
    int full_tiles;           /* how many were logged                     */
    long inner_tiles;         /* tiles away from the edges, checked for
                                 element-wide accesses                    */
} staged_stats;

static int tile_cols(int elem) { return elem == 1 ? ST8_COLS : ST16_COLS; }

static void set_dense(staged_case *k)
{
    k->in_row = k->cols, k->out_col = k->rows;
    k->in_off = k->out_off = k->in_pad = k->out_pad = 0;
}

/* The buffers' sizes, in elements. */
static int64_t in_elems(const staged_case *k)
{
    return k->in_off + (int64_t)(k->rows - 1) * k->in_row + k->cols + k->in_pad;
}
static int64_t out_elems(const staged_case *k)
{
    return k->out_off + (int64_t)(k->cols - 1) * k->out_col + k->rows + k->out_pad;
}

/* What the kernels pass staged_index.h. */
static st_geom geometry(const staged_case *k)
{
    st_geom g;
    g.rows = k->rows, g.cols = k->cols;
    g.in_row = k->in_row, g.out_col = k->out_col;
    g.in_off = k->in_off, g.out_off = k->out_off;
    g.in_bytes = in_elems(k) * k->elem;
    return g;
}

static int block_selected(const staged_case *k, int bx, int by, int gx, int gy)
{
    if (!k->sample || bx == 0 || by == 0 || bx == gx - 1 || by == gy - 1)
        return 1;
    return (unsigned)(bx * 2654435761u + by * 40503u) % (unsigned)k->sample == 0;
}

/* An independent check of phase 1, from the design rather than the code:
 * after it, element v of word m of plane p's row R must be input element
 * (r0 + R - t_p, c0 + P (P m + v) + p), for every such element inside
 * the tile, t_p being the output shift of column c0 + p. */
static void check_planes(const staged_case *k, const uint8_t *in, const uint8_t *out,
                         const uint32_t *sh, int r0, int c0)
{
    int e = k->elem, P = 4 / e, tc = tile_cols(e), words = tc / (P * P);
    int n_rows = st_min(ST_TILE_ROWS, k->rows - r0), n_cols = st_min(tc, k->cols - c0);
    int p, i, m, v, b;
    st_geom g = geometry(k);
    for (p = 0; p < P; p++) {
        int t = st_out_shift(out, &g, r0, c0 + p, e);
        for (i = 0; i < n_rows; i++)
            for (m = 0; m < words; m++)
                for (v = 0; v < P; v++) {
                    int c = P * (P * m + v) + p;
                    int w = e == 1 ? st8_word(p, i + t, m) : st16_word(p, i + t, m);
                    if (c >= n_cols)
                        continue;
                    for (b = 0; b < e; b++) {
                        size_t src = (size_t)(k->in_off + (int64_t)(r0 + i) * k->in_row + c0 +
                                              c) * (size_t)e + (size_t)b;
                        int byte = 4 * w + e * v + b;
                        if (!E.written[byte])
                            error("tile (%d, %d): plane %d row %d word %d element %d (input "
                                  "row %d, column %d) never stored", r0, c0, p, i + t, m, v,
                                  r0 + i, c0 + c);
                        else if (((const uint8_t *)sh)[byte] != in[src])
                            error("tile (%d, %d): plane %d row %d word %d element %d holds "
                                  "0x%02x, want input row %d, column %d: 0x%02x", r0, c0, p,
                                  i + t, m, v, ((const uint8_t *)sh)[byte], r0 + i, c0 + c,
                                  in[src]);
                    }
                }
    }
}

static void emulate(const staged_case *k, const uint8_t *in, uint8_t *out, uint32_t *sh,
                    unsigned char *written, staged_stats *st)
{
    int tc = tile_cols(k->elem), P = 4 / k->elem;
    int gx = (k->cols + tc - 1) / tc, gy = (k->rows + ST_TILE_ROWS - 1) / ST_TILE_ROWS;
    int words = k->elem == 1 ? ST8_SHARED_WORDS : ST16_SHARED_WORDS;
    int bx, by, tid;
    st_geom g = geometry(k);
    E.sh = sh;
    E.sh_words = words;
    E.written = written;
    for (by = 0; by < gy; by++)
        for (bx = 0; bx < gx; bx++) {
            int r0 = by * ST_TILE_ROWS, c0 = bx * tc, passes;
            int full = r0 + ST_TILE_ROWS <= k->rows && c0 + tc <= k->cols;
            /* away from the matrix's first and last rows and columns */
            int inner = bx > 0 && by > 0 && bx < gx - 1 && by < gy - 1;
            if (!block_selected(k, bx, by, gx, gy))
                continue;
            memset(sh, 0xa5, (size_t)words * 4);
            memset(written, 0, (size_t)words * 4);
            E.narrow_loads = E.narrow_stores = 0;
            E.logging = full && E.counting;
            E.log_n = 0;
            memset(E.seq, 0, sizeof E.seq);
            for (tid = 0; tid < ST_THREADS; tid++) {
                E.tid = tid;
                if (k->elem == 1)
                    st8_phase1(in, sh, out, &g, r0, c0, tid);
                else
                    st16_phase1(in, sh, out, &g, r0, c0, tid);
            }
            if (E.logging && (passes = bank_passes()) > st->worst_passes)
                st->worst_passes = passes;
            check_planes(k, in, out, sh, r0, c0);
            E.log_n = 0;
            memset(E.seq, 0, sizeof E.seq);
            for (tid = 0; tid < ST_THREADS; tid++) {
                E.tid = tid;
                if (k->elem == 1)
                    st8_phase2(sh, out, &g, r0, c0, tid);
                else
                    st16_phase2(sh, out, &g, r0, c0, tid);
            }
            if (E.logging && (passes = bank_passes()) > st->worst_passes)
                st->worst_passes = passes;
            st->full_tiles += E.logging;
            if (inner && E.counting) {
                /* Ragged ends: P elements for every column whose output
                 * segment starts mid-word (t != 0), none elsewhere. */
                long want = 0;
                int c;
                for (c = 0; c < tc; c++)
                    if (st_out_shift(out, &g, r0, c0 + c, k->elem) != 0)
                        want += P;
                if (E.narrow_loads != 0 && !E.bad++)
                    snprintf(why, sizeof why, "tile (%d, %d) away from the edges loads %ld "
                             "single elements", by, bx, E.narrow_loads);
                if (E.narrow_stores != want && !E.bad++)
                    snprintf(why, sizeof why, "tile (%d, %d) away from the edges stores %ld "
                             "single elements, want %ld", by, bx, E.narrow_stores, want);
                st->inner_tiles++;
            }
        }
}

/* An aligned block of `bytes` bytes with room to place a buffer at any
 * address modulo 16. */
static uint8_t *place(uint8_t **block, size_t bytes, int mod16)
{
    uintptr_t a;
    *block = malloc(bytes + 48);
    if (!*block)
        return NULL;
    a = ((uintptr_t)*block + 15) & ~(uintptr_t)15;
    return (uint8_t *)(a + (uintptr_t)mod16);
}

/* Runs one case; 1 if every check held (else why says the first miss). */
static int check_case(const staged_case *k, staged_stats *st)
{
    size_t bytes = (size_t)in_elems(k) * (size_t)k->elem;
    size_t out_bytes = (size_t)out_elems(k) * (size_t)k->elem, d, c, r;
    long want_writes = 0, writes = 0;
    int tc = tile_cols(k->elem);
    int gx = (k->cols + tc - 1) / tc, gy = (k->rows + ST_TILE_ROWS - 1) / ST_TILE_ROWS;
    uint8_t *in_block, *out_block, *in, *out;
    uint32_t sh[ST16_SHARED_WORDS > ST8_SHARED_WORDS ? ST16_SHARED_WORDS : ST8_SHARED_WORDS];
    unsigned char written[sizeof sh];
    int runs = 1, q, b, ok = 1;
    while (runs < 4 && ((bytes - 1) >> (8 * runs)) != 0)
        runs++;
    in = place(&in_block, bytes, k->a_in);
    out = place(&out_block, out_bytes, k->a_out);
    E.count = calloc(out_bytes, 1);
    if (!in || !out || !E.count) {
        snprintf(why, sizeof why, "out of memory");
        free(in_block), free(out_block), free(E.count);
        return 0;
    }
    E.in_lo = (uintptr_t)in, E.in_hi = (uintptr_t)(in + bytes);
    E.out_lo = (uintptr_t)out, E.out_hi = (uintptr_t)(out + out_bytes);
    E.bad = 0;
    memset(st, 0, sizeof *st);
    for (q = 0; q < runs && ok; q++) {
        for (d = 0; d < bytes; d++)
            in[d] = (uint8_t)(d >> (8 * q));
        memset(out, 0x5a, out_bytes);
        E.counting = q == 0;
        emulate(k, in, out, sh, written, st);
        if (E.bad) {
            ok = 0;
            break;
        }
        /* output element (c, r), byte b: from input element (r, c) */
        for (c = 0; c < (size_t)k->cols && ok; c++)
            for (r = 0; r < (size_t)k->rows && ok; r++) {
                int chosen = block_selected(k, (int)(c / (size_t)tc), (int)(r / ST_TILE_ROWS),
                                            gx, gy);
                want_writes += chosen * k->elem;
                for (b = 0; b < k->elem; b++) {
                    size_t src = (size_t)(k->in_off + (int64_t)r * k->in_row + (int64_t)c) *
                                     (size_t)k->elem + (size_t)b;
                    d = (size_t)(k->out_off + (int64_t)c * k->out_col + (int64_t)r) *
                            (size_t)k->elem + (size_t)b;
                    if (q == 0 && E.count[d] != chosen) {
                        snprintf(why, sizeof why, "output byte %zu (row %zu, column %zu) "
                                 "written %d times, want %d", d, c, r, E.count[d], chosen);
                        ok = 0;
                        break;
                    }
                    if (chosen && out[d] != (uint8_t)(src >> (8 * q))) {
                        snprintf(why, sizeof why, "output byte %zu (row %zu, column %zu): "
                                 "byte %d of its source is 0x%02x, want 0x%02x (input byte "
                                 "%zu)", d, c, r, q, out[d], (unsigned)(uint8_t)(src >> (8 * q)),
                                 src);
                        ok = 0;
                        break;
                    }
                }
            }
        /* ... and nothing else: the matrix's bytes were each written once,
         * so any more writes went to bytes outside it (a gap between
         * output rows, or the buffer's ends) */
        if (q == 0 && ok) {
            for (d = 0; d < out_bytes; d++)
                writes += E.count[d];
            if (writes != want_writes) {
                snprintf(why, sizeof why, "%ld output bytes written, want %ld (bytes outside "
                         "the matrix were written)", writes, want_writes);
                ok = 0;
            }
        }
    }
    free(in_block);
    free(out_block);
    free(E.count);
    E.count = NULL;
    return ok;
}

/* ---- The cases ------------------------------------------------------------------- */

static staged_stats total;   /* the bank model over every case run so far */

static void add_stats(const staged_stats *st)
{
    if (st->worst_passes > total.worst_passes)
        total.worst_passes = st->worst_passes;
    total.full_tiles += st->full_tiles;
    total.inner_tiles += st->inner_tiles;
}

static int one(int elem, int rows, int cols, int a_in, int a_out, int sample)
{
    staged_case k;
    staged_stats st;
    k.elem = elem, k.rows = rows, k.cols = cols, k.a_in = a_in, k.a_out = a_out;
    k.sample = sample;
    set_dense(&k);
    if (!check_case(&k, &st)) {
        char first[512];
        snprintf(first, sizeof first, "%.500s", why);
        snprintf(why, sizeof why, "%d x %d, %d-byte, input at 16n + %d, output at 16n + %d: %s",
                 rows, cols, elem, a_in, a_out, first);
        return 0;
    }
    add_stats(&st);
    return 1;
}

static const int shapes[][2] = {
    { 1, 1 },    { 1, 2 },    { 1, 3 },    { 1, 4 },    { 1, 5 },     { 1, 31 },  { 1, 33 },
    { 1, 63 },   { 1, 64 },   { 1, 65 },   { 1, 200 },  { 1, 4097 },  { 2, 1 },   { 3, 1 },
    { 5, 1 },    { 63, 1 },   { 64, 1 },   { 65, 1 },   { 200, 1 },   { 4097, 1 }, { 2, 2 },
    { 3, 5 },    { 17, 83 },  { 83, 17 },  { 63, 65 },  { 64, 64 },   { 65, 63 }, { 64, 32 },
    { 128, 128 }, { 129, 127 }, { 127, 129 }, { 67, 131 }, { 200, 3 }, { 3, 200 }, { 191, 97 },
};

/* Every shape of the list at four input and four output misalignments
 * (2-byte: even ones). */
static int fixed_shapes(int elem)
{
    static const int ins[4] = { 0, 3, 8, 13 }, outs[4] = { 0, 1, 2, 3 };
    int s, a, b;
    for (s = 0; s < (int)(sizeof shapes / sizeof shapes[0]); s++)
        for (a = 0; a < 4; a++)
            for (b = 0; b < 4; b++) {
                int ai = ins[a], ao = outs[b];
                if (elem == 2 && ((ai | ao) & 1))
                    continue;   /* 2-byte elements lie at even addresses */
                if (!one(elem, shapes[s][0], shapes[s][1], ai, ao, 0))
                    return 0;
            }
    return 1;
}

static int test_u8_fixed(void) { return fixed_shapes(1); }
static int test_u16_fixed(void) { return fixed_shapes(2); }

static unsigned long long rng = 0x9e3779b97f4a7c15ull;
static unsigned rnd(unsigned n)
{
    rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
    return (unsigned)(rng >> 11) % n;
}

/* A side of 1 .. 600, small ones as likely as large ones. */
static int random_side(void)
{
    static const int top[4] = { 8, 70, 200, 600 };
    return 1 + (int)rnd((unsigned)top[rnd(4)]);
}

static int random_shapes(int elem)
{
    int n;
    for (n = 0; n < 300; n++) {
        int rows = random_side(), cols = random_side();
        int a_in = (int)rnd(16), a_out = (int)rnd(4);
        if (elem == 2)
            a_in &= ~1, a_out &= ~1;
        if (!one(elem, rows, cols, a_in, a_out, 0))
            return 0;
    }
    return 1;
}

static int test_u8_random(void) { return random_shapes(1); }
static int test_u16_random(void) { return random_shapes(2); }

/* ---- Strided matrices (staged_index.h's st_geom) ------------------------------ */

static int strided(int elem, int rows, int cols, int64_t in_row, int64_t out_col, int64_t in_off,
                   int64_t out_off, int64_t in_pad, int64_t out_pad, int a_in, int a_out)
{
    staged_case k;
    staged_stats st;
    k.elem = elem, k.rows = rows, k.cols = cols, k.a_in = a_in, k.a_out = a_out;
    k.sample = 0;
    k.in_row = in_row, k.out_col = out_col, k.in_off = in_off, k.out_off = out_off;
    k.in_pad = in_pad, k.out_pad = out_pad;
    if (!check_case(&k, &st)) {
        char first[512];
        snprintf(first, sizeof first, "%.500s", why);
        snprintf(why, sizeof why, "%d x %d, %d-byte, in_row %lld, out_col %lld, in_off %lld, "
                 "out_off %lld, pads %lld and %lld, input at 16n + %d, output at 16n + %d: %s",
                 rows, cols, elem, (long long)in_row, (long long)out_col, (long long)in_off,
                 (long long)out_off, (long long)in_pad, (long long)out_pad, a_in, a_out, first);
        return 0;
    }
    add_stats(&st);
    return 1;
}

/* A pitch of cols (rows) plus 0 .. 69, often 0 (then only the offsets
 * differ from a dense matrix). */
static int64_t random_pitch(int side)
{
    return side + (rnd(3) ? (int64_t)rnd(70) : 0);
}

static int random_strided(int elem)
{
    int n;
    for (n = 0; n < 300; n++) {
        int rows = random_side(), cols = random_side();
        int64_t in_row = random_pitch(cols), out_col = random_pitch(rows);
        int64_t in_off = rnd(3) ? rnd(300) : 0, out_off = rnd(3) ? rnd(300) : 0;
        int64_t in_pad = rnd(2) ? rnd(40) : 0, out_pad = rnd(2) ? rnd(40) : 0;
        int a_in = (int)rnd(16), a_out = (int)rnd(4);
        if (elem == 2)
            a_in &= ~1, a_out &= ~1;
        if (!strided(elem, rows, cols, in_row, out_col, in_off, out_off, in_pad, out_pad, a_in,
                     a_out))
            return 0;
    }
    return 1;
}

static int test_u8_strided(void) { return random_strided(1); }
static int test_u16_strided(void) { return random_strided(2); }

/* Chosen strided shapes: every pitch and offset modulo 4 on a shape of
 * 3 x 3 tiles (so the middle one is away from the edges), odd ones and
 * multiples of 4, at every output misalignment; a pitch far above the
 * extent (rows of the matrix far apart in a large buffer); the matrix at
 * the very start and the very end of its buffers. */
static int strided_fixed(int elem)
{
    int tc = tile_cols(elem), rows = 2 * ST_TILE_ROWS + 37, cols = 2 * tc + 11;
    int di, dc, o, a;
    for (di = 0; di < 4; di++)
        for (dc = 0; dc < 4; dc++)
            for (o = 0; o < 4; o++)
                for (a = 0; a < 4; a += elem)
                    if (!strided(elem, rows, cols, cols + di, rows + dc, 5 * o + 1, 3 * o + di,
                                 o, 3 - o, 4 * a + 1 - (elem - 1), a))
                        return 0;
    return strided(elem, 70, 90, 1001, 333, 17, 5, 0, 0, 3 & -elem, 2) &&
           strided(elem, 130, 150, 150, 131, 0, 0, 0, 0, 0, 0) &&
           strided(elem, 130, 150, 157, 133, 0, 0, 0, 0, 14, 2) &&
           strided(elem, 1, 200, 201, 1, 3, 0, 0, 0, 1 & -elem, 0) &&
           strided(elem, 200, 1, 2, 203, 0, 7, 0, 0, 0, 0);
}

static int test_u8_strided_fixed(void) { return strided_fixed(1); }
static int test_u16_strided_fixed(void) { return strided_fixed(2); }

/* The plane argument for strided output: st_out_shift of class k = c mod
 * P (column c0 + k) is the misalignment, in elements, of EVERY column c
 * of the tile, worked out in full from the byte address out + E (out_off
 * + (c0 + c) out_col + r0) for any out_col, out_off and base address
 * (r0 and c0 multiples of the tile's sides, as the grid makes them). */
static int test_out_shift_classes(void)
{
    int n;
    for (n = 0; n < 20000; n++) {
        int E_ = 1 + (int)rnd(2), P = 4 / E_, tc = tile_cols(E_), c;
        st_geom g;
        uintptr_t base = (uintptr_t)0x1000 + (uintptr_t)(rnd(4) & (unsigned)-E_);
        int r0 = ST_TILE_ROWS * (int)rnd(100), c0 = tc * (int)rnd(100);
        memset(&g, 0, sizeof g);
        g.out_col = 1 + (int64_t)rnd(100000) * (rnd(2) ? 1 : 65537);
        g.out_off = (int64_t)rnd(1000000) * (rnd(2) ? 1 : 4099);
        for (c = 0; c < tc; c++) {
            uint64_t addr = (uint64_t)base +
                            (uint64_t)E_ * (uint64_t)(g.out_off + (int64_t)(c0 + c) * g.out_col + r0);
            int want = (int)(addr % 4) / E_;
            int got = st_out_shift((const void *)base, &g, r0, c0 + c % P, E_);
            EXPECT(got == want, "%d-byte, out_col %lld, out_off %lld, base %% 4 = %d, r0 %d, "
                   "column %d: class %d's shift is %d, the column's is %d", E_,
                   (long long)g.out_col, (long long)g.out_off, (int)(base % 4), r0, c0 + c,
                   c % P, got, want);
        }
    }
    return 1;
}

/* The large odd shapes, every edge block and about 1 in 29 of the others. */
static int test_u8_large(void)
{
    return one(1, 4097, 4095, 0, 0, 29) && one(1, 8191, 5003, 0, 0, 29) &&
           one(1, 8191, 5003, 7, 3, 29);
}
static int test_u16_large(void)
{
    return one(2, 4097, 4095, 0, 0, 29) && one(2, 8191, 5003, 0, 0, 29) &&
           one(2, 8191, 5003, 6, 2, 29);
}

/* After the cases above: every warp-wide shared access of every full tile
 * they ran touched every bank with at most one word, and tiles away from
 * the edges were checked for element-wide accesses. */
static int test_bank_model(void)
{
    EXPECT(total.full_tiles > 0, "no full tile was run");
    EXPECT(total.inner_tiles > 0, "no tile away from the edges was run");
    EXPECT(total.worst_passes == 1, "a warp-wide shared access takes %d passes (bank model)",
           total.worst_passes);
    return 1;
}

/* The two intrinsics' host versions against values worked out by hand. */
static int test_intrinsics(void)
{
    uint32_t x[4] = { 0x03020100u, 0x13121110u, 0x23222120u, 0x33323130u };
    EXPECT(funnel_r_host(0x44332211u, 0x88776655u, 8) == 0x55443322u, "funnel by 8");
    EXPECT(funnel_r_host(0x44332211u, 0x88776655u, 0) == 0x44332211u, "funnel by 0");
    EXPECT(funnel_r_host(0x44332211u, 0x88776655u, 40) == 0x55443322u, "funnel by 40");
    EXPECT(st_byte_perm_host(0x33221100u, 0x77665544u, 0x5410) == 0x55441100u, "perm 0x5410");
    EXPECT(st_byte_perm_host(0x33221100u, 0x77665544u, 0x7632) == 0x77663322u, "perm 0x7632");
    st_transpose4(x);
    EXPECT(x[0] == 0x30201000u && x[1] == 0x31211101u && x[2] == 0x32221202u &&
           x[3] == 0x33231303u, "4 x 4 transpose: %08x %08x %08x %08x", x[0], x[1], x[2], x[3]);
    return 1;
}

/* --quick (tests/check_staged_mutants.sh): all but the two large shapes. */
int main(int argc, char **argv)
{
    int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
    run("the host funnel shift, byte permute and 4 x 4 transpose", test_intrinsics);
    run("u8: 35 edge shapes x 16 base misalignments", test_u8_fixed);
    run("u16: 35 edge shapes x 4 base misalignments", test_u16_fixed);
    run("u8: 300 random shapes, random misalignments", test_u8_random);
    run("u16: 300 random shapes, random misalignments", test_u16_random);
    run("strided: a column's output shift is its class's (c mod P), any pitch and offset",
        test_out_shift_classes);
    run("u8 strided: 3 x 3 tiles, every pitch and offset mod 4, at the buffers' ends",
        test_u8_strided_fixed);
    run("u16 strided: 3 x 3 tiles, every pitch and offset mod 4, at the buffers' ends",
        test_u16_strided_fixed);
    run("u8 strided: 300 random pitches, offsets, pads and misalignments", test_u8_strided);
    run("u16 strided: 300 random pitches, offsets, pads and misalignments", test_u16_strided);
    if (!quick) {
        run("u8: 4097 x 4095 and 8191 x 5003, edge blocks and 1 in 29 others", test_u8_large);
        run("u16: 4097 x 4095 and 8191 x 5003, edge blocks and 1 in 29 others", test_u16_large);
    }
    run("bank model: one pass per warp-wide shared access on full tiles", test_bank_model);
    return failures ? 1 : 0;
}
