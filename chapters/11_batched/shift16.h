/*
 * chapters/11_batched/shift16.h - one lane's part of permute_nd_rows_shift16
 * (permute_nd.cu), apart from the kernel so that tests/test_shift16.c can
 * run the very same code on the CPU, lane by lane with the warp's shuffle
 * emulated, and check every access (no GPU needed). The kernel, for each
 * of its groups: s16_load for its lane, the shuffle (each lane takes its
 * right neighbour's four words; lane 31 its own `next`), s16_store.
 * Memory goes through five macros: under nvcc this header defines them as
 * the real accesses; a C file that includes it defines them first (the
 * test's checked emulation).
 *
 *   S16_LDG128(p, w)         the 16 bytes at p (16-byte aligned) into w[0..3]
 *   S16_LDG8(p)              one byte at p
 *   S16_STG128(p, w)         w[0..3] stored at p (16-byte aligned)
 *   S16_STG32(p, v)          a 32-bit store at p (4-byte aligned)
 *   S16_STG_PART(p, v, f, t) bytes f .. t - 1 of word v stored at the
 *                            aligned word p (chapter 10's funnel_store)
 *
 * THE DESIGN: the shifted rows (permute_nd.cu) in 16 bytes a lane. A
 * row of L bytes goes from input byte s to output byte d. Output
 * group g of the row is the 16 aligned bytes at (d & ~15) + 16 g, row
 * bytes q .. q + 15 with q = (d & ~15) + 16 g - d (from -15). Their input
 * bytes s + q .. s + q + 15 start sh = (s - d) mod 16 bytes into the
 * aligned 16 bytes at src = s + q - sh: the lane loads those (one 16-byte
 * load), its right neighbour the next 16, and the eight words w[0..7]
 * give output word i as w[a + i] and w[a + i + 1] funnel-shifted by b
 * bytes (a = sh / 4, b = sh mod 4; a and b are the row's, the same in
 * every lane). A group wholly inside the row is one 16-byte store; the
 * row's first and last groups are stored a word at a time, in part where
 * a word crosses the row's end (S16_STG_PART).
 */
#ifndef CH11_SHIFT16_H
#define CH11_SHIFT16_H

#include <stdint.h>

#ifdef __CUDACC__
#include "../10_elements/funnel_tile.cuh"   /* funnel_store */
#define S16_DEV static __device__ __forceinline__
#define S16_HD static __host__ __device__ __forceinline__
#define S16_UNROLL _Pragma("unroll")
#define S16_FUNNEL_R(lo, hi, sh) __funnelshift_r((lo), (hi), (sh))
#define S16_LDG128(p, w)                                  \
    do {                                                  \
        uint4 v_ = *(const uint4 *)(p);                   \
        (w)[0] = v_.x;                                    \
        (w)[1] = v_.y;                                    \
        (w)[2] = v_.z;                                    \
        (w)[3] = v_.w;                                    \
    } while (0)
#define S16_LDG8(p) ((uint32_t) * (const uint8_t *)(p))
#define S16_STG128(p, w) (*(uint4 *)(p) = make_uint4((w)[0], (w)[1], (w)[2], (w)[3]))
#define S16_STG32(p, v) (*(uint32_t *)(p) = (v))
#define S16_STG_PART(p, v, f, t) funnel_store((p), (v), (f), (t))
#else
#define S16_DEV static inline
#define S16_HD static inline
#define S16_UNROLL
#include "../10_elements/funnel_r_host.h"
#define S16_FUNNEL_R(lo, hi, sh) funnel_r_host((lo), (hi), (sh))
#if !defined(S16_LDG128) || !defined(S16_LDG8) || !defined(S16_STG128) || \
    !defined(S16_STG32) || !defined(S16_STG_PART)
#error "define the memory macros (S16_LDG128 ...) before including shift16.h"
#endif
#endif

/* The 16 aligned bytes at byte a of an input of `total` bytes into w:
 * one load where they lie inside it, else byte by byte, 0 outside. */
S16_DEV void s16_load16(const uint8_t *in, int64_t a, int64_t total, uint32_t w[4])
{
    int i, u;
    if (a >= 0 && a + 16 <= total) {
        S16_LDG128(in + a, w);
        return;
    }
    for (i = 0; i < 4; i++) {
        w[i] = 0;
        for (u = 0; u < 4; u++)
            if (a + 4 * i + u >= 0 && a + 4 * i + u < total)
                w[i] |= S16_LDG8(in + a + 4 * i + u) << (8 * u);
    }
}

/* Group g of a row whose output starts at byte d: the row byte the group
 * starts at, q (from -15). */
S16_HD int64_t s16_q(int64_t d, int64_t g)
{
    return (d & ~(int64_t)15) + 16 * g - d;
}

/* The groups of a row of L bytes: enough for one that starts 15 bytes
 * into its first group. */
S16_HD int64_t s16_groups(int64_t L)
{
    return (L + 15 + 15) / 16;
}

/* How the blocks of permute_nd_rows_shift16 share the rows out: a row of
 * L bytes needs s16_row_warps(L) warps, one lane a group, and takes that
 * many neighbouring warps of the grid, counted across blocks (warp k of
 * block b is the grid's warp 8 b + k for blocks of 8 warps). Only the
 * last block can have warps without a row. A warp's lanes take groups
 * g0 .. g0 + 31 of one row, g0 a multiple of 32, as the shuffle wants. */
S16_HD int64_t s16_row_warps(int64_t L)
{
    return (s16_groups(L) + 31) / 32;
}

/* Thread t of block b, in blocks of `threads`: the row (its z2, of Z2)
 * and the row's group g it takes; 0 where its warp has no row (a whole
 * warp, so the warp's shuffle has every lane or none). */
S16_HD int s16_block_group(int64_t L, int threads, int64_t Z2, uint32_t b, int t, int64_t *z2,
                           int64_t *g)
{
    const int64_t w = s16_row_warps(L), gw = (int64_t)b * (threads / 32) + t / 32;
    *z2 = gw / w;
    *g = (gw - *z2 * w) * 32 + t % 32;
    return *z2 < Z2;
}

/* Before the shuffle: the lane's 16 input bytes for group q into x, and,
 * for lane 31 (last = 1), the next 16 (its right neighbour's) into next.
 * A lane loads where its group or its left neighbour's needs the bytes
 * (q < L + 16); nothing otherwise (zeros). */
S16_DEV void s16_load(const uint8_t *in, int64_t total, int64_t s, int64_t d, int64_t L,
                      int64_t q, int last, uint32_t x[4], uint32_t next[4])
{
    const int sh = (int)((s - d) & 15);
    const int64_t src = s + q - sh;
    int i;
    for (i = 0; i < 4; i++)
        x[i] = next[i] = 0;
    if (q < L + 16)
        s16_load16(in, src, total, x);
    if (last && q < L && sh != 0)
        s16_load16(in, src + 16, total, next);
}

/* Output word i of the group from the eight words x[0..3], y[0..3] (y:
 * the right neighbour's x), shifted by sh bytes: words a + i and a + i + 1
 * (a = sh / 4), funnel-shifted by sh mod 4 bytes. The switch keeps every
 * index a constant (registers, not a local array) once i is unrolled. */
S16_DEV uint32_t s16_word(const uint32_t x[4], const uint32_t y[4], int sh, int i)
{
    const uint32_t w[8] = { x[0], x[1], x[2], x[3], y[0], y[1], y[2], y[3] };
    uint32_t lo, hi;
    switch (sh >> 2) {
    case 0: lo = w[i]; hi = w[i + 1]; break;
    case 1: lo = w[i + 1]; hi = w[i + 2]; break;
    case 2: lo = w[i + 2]; hi = w[i + 3]; break;
    default: lo = w[i + 3]; hi = w[i + 4]; break;
    }
    return S16_FUNNEL_R(lo, hi, 8 * (sh & 3));
}

/* After the shuffle: the group's 16 output bytes, those inside the row. */
S16_DEV void s16_store(uint8_t *out, int64_t s, int64_t d, int64_t L, int64_t q,
                       const uint32_t x[4], const uint32_t y[4])
{
    const int sh = (int)((s - d) & 15);
    uint32_t v[4];
    int i;
    if (q >= L)
        return;
    S16_UNROLL
    for (i = 0; i < 4; i++)
        v[i] = s16_word(x, y, sh, i);
    if (q >= 0 && q + 16 <= L) {
        S16_STG128(out + d + q, v);
        return;
    }
    S16_UNROLL
    for (i = 0; i < 4; i++) {
        const int64_t qi = q + 4 * i;   /* the word's first byte in the row */
        const int from = qi < 0 ? (int)(-qi < 4 ? -qi : 4) : 0;
        const int to = L - qi < 4 ? (int)(L - qi > 0 ? L - qi : 0) : 4;
        if (from == 0 && to == 4)
            S16_STG32(out + d + qi, v[i]);
        else if (from < to)
            S16_STG_PART(out + d + qi, v[i], from, to);
    }
}

#endif
