/*
 * test_shift16.c - chapter 11's permute_nd_rows_shift16 run on the CPU (no
 * GPU needed). One lane's part of it is in chapters/11_batched/shift16.h;
 * this file defines its memory macros as checked emulations and runs a
 * warp as the kernel does: s16_load for lanes 0..31 (lane l takes group
 * g0 + l, g0 a multiple of 32), the shuffle (lane l's y is lane l + 1's x;
 * lane 31's is its own `next`), s16_store for lanes 0..31. For rows of
 * random lengths (1 to 3000 bytes) from and to every byte offset, in
 * buffers that begin and end near the row (so the loads' clipping at both
 * ends of the input is exercised), it checks:
 *   - every load inside the input, 16-byte loads aligned to 16; every
 *     store inside the output, aligned to its size;
 *   - every byte of the output row written exactly once, with its input
 *     byte (random bytes), and no byte outside the row written;
 *   - the checks can fail: the same run with lane 31's `next` left out
 *     (the bug a shifted row's last lane would have) must be caught.
 * Prints "PASS  shift16: name" or "FAIL  shift16: name: why" per test.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define UNIT_PREFIX "shift16"
#include "unit.h"   /* EXPECT, run(), failures, why */

static struct {
    const uint8_t *in;
    uint8_t *out;
    int64_t in_bytes, out_bytes;
    uint8_t *count;
    int bad;
    char msg[200];
} emu;

static void emu_error(const char *what, int64_t at)
{
    if (emu.bad++ == 0)
        snprintf(emu.msg, sizeof emu.msg, "%s (byte %lld)", what, (long long)at);
}

static void emu_ldg128(const uint8_t *p, uint32_t w[4])
{
    int64_t a = p - emu.in;
    int i, u;
    if (a < 0 || a + 16 > emu.in_bytes || a % 16 != 0) {
        emu_error("a 16-byte load outside the input or not aligned", a);
        return;
    }
    for (i = 0; i < 4; i++)
        for (w[i] = 0, u = 0; u < 4; u++)
            w[i] |= (uint32_t)p[4 * i + u] << (8 * u);
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

static void emu_stg(uint8_t *p, uint32_t v, int from, int to, int align)
{
    int64_t a = p - emu.out;
    int u;
    if (a < 0 || a % align != 0) {
        emu_error("a store not aligned to its size", a);
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

static void emu_stg128(uint8_t *p, const uint32_t w[4])
{
    int i;
    if ((p - emu.out) % 16 != 0) {
        emu_error("a 16-byte store not aligned", p - emu.out);
        return;
    }
    for (i = 0; i < 4; i++)
        emu_stg(p + 4 * i, w[i], 0, 4, 4);
}

#define S16_LDG128(p, w) emu_ldg128((p), (w))
#define S16_LDG8(p) emu_ldg8(p)
#define S16_STG128(p, w) emu_stg128((p), (w))
#define S16_STG32(p, v) emu_stg((p), (v), 0, 4, 4)
#define S16_STG_PART(p, v, f, t) emu_stg((p), (v), (f), (t), 4)
#include "../chapters/11_batched/shift16.h"

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;   /* for unit_xorshift */
static uint32_t next_random(void)
{
    return unit_xorshift(&rng_state);
}

/* One row of L bytes from input byte s to output byte d, the input
 * in_bytes and the output out_bytes long; drop_next: lane 31 never gets
 * its `next`. 1 if every check passes, else 0 with `why` set. */
static int check_row(int64_t s, int64_t d, int64_t L, int64_t in_bytes, int64_t out_bytes,
                     int drop_next)
{
    uint8_t *in = malloc(in_bytes), *out = calloc(out_bytes, 1);
    uint32_t x[32][4], next[32][4];
    int64_t g0, b, groups = s16_groups(L);
    int l, ok = 1;

    memset(&emu, 0, sizeof emu);
    emu.in = in;
    emu.out = out;
    emu.in_bytes = in_bytes;
    emu.out_bytes = out_bytes;
    emu.count = calloc(out_bytes, 1);
    for (b = 0; b < in_bytes; b++)
        in[b] = (uint8_t)next_random();
    for (g0 = 0; g0 < groups; g0 += 32) {
        for (l = 0; l < 32; l++)
            s16_load(in, in_bytes, s, d, L, s16_q(d, g0 + l), l == 31, x[l], next[l]);
        if (drop_next)
            memset(next[31], 0, sizeof next[31]);
        for (l = 0; l < 32; l++)
            s16_store(out, s, d, L, s16_q(d, g0 + l), x[l], l == 31 ? next[31] : x[l + 1]);
    }
    snprintf(why, sizeof why, "row of %lld bytes from %lld to %lld (buffers %lld, %lld): ",
             (long long)L, (long long)s, (long long)d, (long long)in_bytes, (long long)out_bytes);
    if (emu.bad) {
        snprintf(why + strlen(why), sizeof why - strlen(why), "%s", emu.msg);
        ok = 0;
    }
    for (b = 0; ok && b < out_bytes; b++) {
        int inside = b >= d && b < d + L;
        if (emu.count[b] != inside || (inside && out[b] != in[s + b - d])) {
            snprintf(why + strlen(why), sizeof why - strlen(why),
                     "output byte %lld (%s the row) written %d times%s", (long long)b,
                     inside ? "in" : "outside", emu.count[b],
                     inside && emu.count[b] == 1 ? ", with the wrong byte" : "");
            ok = 0;
        }
    }
    free(in);
    free(out);
    free(emu.count);
    return ok;
}

/* Every pair of offsets of the row's ends in a 16-byte group, rows short
 * and long, buffers ending right after the row or a little later. */
static int test_rows(void)
{
    int i;
    for (i = 0; i < 3000; i++) {
        int64_t L = 1 + next_random() % (i % 4 ? 600 : 3000);
        int64_t s = next_random() % 48, d = next_random() % 48;
        int64_t in_bytes = s + L + (i % 3 ? next_random() % 20 : 0);
        int64_t out_bytes = d + L + (i % 5 ? next_random() % 20 : 0);
        if (!check_row(s, d, L, in_bytes, out_bytes, 0))
            return 0;
    }
    return 1;
}

static int test_checks_can_fail(void)
{
    EXPECT(!check_row(5, 0, 2000, 2005, 2000, 1), "lane 31 without its next went unnoticed");
    EXPECT(check_row(5, 0, 2000, 2005, 2000, 0), "the same row fails with next kept");
    return 1;
}

/* The kernel's blocks over Z2 rows of L bytes (s16_block_group): every
 * group of every row taken by exactly one thread, each warp on one row
 * with its lanes on groups g0 .. g0 + 31 (g0 a multiple of 32, as the
 * shuffle wants) or all idle. blocks_bias is added to the blocks the
 * launch gives (0; the mutant's -1 must be caught). */
static int check_blocks(int64_t L, int64_t Z2, int blocks_bias)
{
    const int threads = 256;
    int64_t groups = s16_groups(L), b, z2, g;
    int64_t nblocks = (Z2 * s16_row_warps(L) + threads / 32 - 1) / (threads / 32) + blocks_bias;
    int t, ok = 1;
    uint8_t *count = calloc((size_t)(Z2 * groups), 1);

    snprintf(why, sizeof why, "rows of %lld bytes, %lld of them, %lld blocks: ", (long long)L,
             (long long)Z2, (long long)nblocks);
    for (b = 0; ok && b < nblocks; b++)
        for (t = 0; ok && t < threads; t += 32) {
            int lane, first = s16_block_group(L, threads, Z2, (uint32_t)b, t, &z2, &g);
            if (first && g % 32 != 0) {
                snprintf(why + strlen(why), sizeof why - strlen(why),
                         "block %lld's warp %d starts at group %lld", (long long)b, t / 32,
                         (long long)g);
                ok = 0;
            }
            for (lane = 0; ok && lane < 32; lane++) {
                int64_t z, q;
                int on = s16_block_group(L, threads, Z2, (uint32_t)b, t + lane, &z, &q);
                if (on != first || (on && (z != z2 || q != g + lane || z < 0 || z >= Z2))) {
                    snprintf(why + strlen(why), sizeof why - strlen(why),
                             "block %lld's warp %d is not one row's 32 groups", (long long)b,
                             t / 32);
                    ok = 0;
                } else if (on && q < groups) {
                    count[z * groups + q]++;
                }
            }
        }
    for (b = 0; ok && b < Z2 * groups; b++)
        if (count[b] != 1) {
            snprintf(why + strlen(why), sizeof why - strlen(why),
                     "row %lld's group %lld taken %d times", (long long)(b / groups),
                     (long long)(b % groups), count[b]);
            ok = 0;
        }
    free(count);
    return ok;
}

static int test_blocks(void)
{
    int i;
    for (i = 0; i < 2000; i++) {
        int64_t L = 256 + next_random() % (i % 2 ? 3000 : 20000);
        int64_t Z2 = 1 + next_random() % 40;
        if (!check_blocks(L, Z2, 0))
            return 0;
    }
    /* rows of 1484 bytes take 3 warps: 8 rows on 3 blocks of 8 warps */
    EXPECT(s16_row_warps(1484) == 3, "rows of 1484 bytes on %lld warps, not 3",
           (long long)s16_row_warps(1484));
    EXPECT(!check_blocks(1484, 8, -1), "a grid a block short went unnoticed");
    return 1;
}

int main(void)
{
    run("3000 rows, every offset into 16 bytes, both buffers' ends", test_rows);
    run("the checks catch lane 31 without its next 16 bytes", test_checks_can_fail);
    run("2000 grids of rows, each row on neighbouring warps across blocks",
        test_blocks);
    return failures ? 1 : 0;
}
