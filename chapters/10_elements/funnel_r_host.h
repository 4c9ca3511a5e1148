/*
 * chapters/10_elements/funnel_r_host.h - __funnelshift_r for host code, as
 * the CUDA documentation defines it: the 64 bits hi:lo shifted right by
 * sh mod 32, the low 32 bits kept. The headers whose per-thread code
 * tests/ runs on the CPU (staged_index.h, skinny_words.h, chapter 11's
 * shift16.h) use it there in place of the intrinsic.
 */
#ifndef CH10_FUNNEL_R_HOST_H
#define CH10_FUNNEL_R_HOST_H

#include <stdint.h>

static inline uint32_t funnel_r_host(uint32_t lo, uint32_t hi, uint32_t sh)
{
    sh &= 31;
    return sh ? (lo >> sh) | (hi << (32 - sh)) : lo;
}

#endif
