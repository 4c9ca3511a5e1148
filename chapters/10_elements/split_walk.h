/*
 * chapters/10_elements/split_walk.h - a side split over two axes, walked.
 * Chapter 11's plans split a short tile side over two axes (problem.h):
 * element i of the side is at i / lo * s_hi + i % lo * s_lo. A kernel
 * that divides for every row it loads carries a division per load, and
 * each division brings a 32-bit and a 64-bit path into the code (chapter
 * 11's NOTES.md, "Small batches, folded rows, row tiles and walked split
 * sides"). A walk divides once, for its
 * first element, and steps from there with adds: to i + s, hi grows by
 * s / lo and rem by s % lo, and by one more where rem passes lo. The
 * steps' quotients come from split_walk_step_of (no division where lo >
 * s, the usual case). Host and device code both use it (tests/test_nd_index.c
 * checks it against the formula).
 */
#ifndef CH10_SPLIT_WALK_H
#define CH10_SPLIT_WALK_H

#include <stdint.h>

#ifdef __CUDACC__
#define SW_HD static __host__ __device__ __forceinline__
#else
#define SW_HD static inline
#endif

typedef struct {
    int64_t hi, rem, lo;   /* i = hi lo + rem, 0 <= rem < lo */
} split_walk;

typedef struct {
    int64_t dq, dr;        /* a step of s: s / lo, s % lo */
} split_step;

/* The walk at element i (i may be negative: hi is then the floor, rem
 * still in 0 .. lo - 1; only where lo is a real extent, for the offset
 * would overflow with a "never" lo). */
SW_HD split_walk split_walk_at(int64_t i, int64_t lo)
{
    split_walk w;
    w.lo = lo;
    if (i >= 0 && i <= 0xFFFFFFFFLL && lo <= 0xFFFFFFFFLL)
        w.hi = (uint32_t)i / (uint32_t)lo;
    else if (i >= 0)
        w.hi = i / lo;
    else
        w.hi = -((-i + lo - 1) / lo);
    w.rem = i - w.hi * lo;
    return w;
}

/* A step of s elements (0 < s < 2^31) for walks of this lo. */
SW_HD split_step split_walk_step_of(int64_t lo, int s)
{
    split_step t;
    t.dq = 0;
    t.dr = s;
    if (lo <= s) {
        t.dq = (uint32_t)s / (uint32_t)lo;
        t.dr = s - t.dq * lo;
    }
    return t;
}

SW_HD void split_walk_next(split_walk *w, split_step t)
{
    w->hi += t.dq;
    w->rem += t.dr;
    if (w->rem >= w->lo) {
        w->rem -= w->lo;
        w->hi++;
    }
}

/* The element's offset: hi s_hi + rem s_lo. */
SW_HD int64_t split_walk_off(const split_walk *w, int64_t s_lo, int64_t s_hi)
{
    return w->hi * s_hi + w->rem * s_lo;
}

#endif
