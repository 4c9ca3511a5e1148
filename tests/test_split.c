/*
 * test_split.c - chapter 12's split arithmetic (chapters/12_distributed/
 * split.h, the very functions its kernels and main.cu call): which rows
 * each GPU owns, where every block of the exchange starts and ends, for
 * uneven shapes and 1 to 8 GPUs, and that the whole distributed transpose
 * done on the CPU with that arithmetic (transpose the chunks, exchange the
 * blocks, place them; and the peer stores) gives the reference transpose.
 * No GPU needed: that the kernels do the same on GPUs is checked by
 * ./chapter12 --check there.
 *
 * Prints one line per test, "PASS  split: name" or "FAIL  split: name:
 * why", which tests/run.sh counts. Exit status 1 if any failed.
 */
#include <stdlib.h>
#include <string.h>

#include "../chapters/12_distributed/split.h"
#include "validate.h"

#define UNIT_PREFIX "split"
#include "unit.h"

#define MAX_G 8

static const long sides[] = { 1, 2, 3, 5, 7, 8, 17, 64, 83, 777, 1001, 4099, 100003 };
#define SIDE_COUNT ((int)(sizeof sides / sizeof sides[0]))

/* Shapes small enough to move element by element, uneven on purpose. */
static const long shapes[][2] = {
    { 1, 1 }, { 1, 5 }, { 5, 1 }, { 7, 5 }, { 5, 7 }, { 17, 83 }, { 64, 64 }, { 3, 1001 },
    { 1001, 3 }, { 1001, 777 }, { 3, 100003 }, { 100003, 3 }, { 8, 16 },
};
#define SHAPE_COUNT ((int)(sizeof shapes / sizeof shapes[0]))
static const int chunk_counts[] = { 1, 2, 3, 4, 16 };
#define CHUNK_COUNTS ((int)(sizeof chunk_counts / sizeof chunk_counts[0]))

/* Rows: the parts start at 0, end at n, never go backwards, differ by at
 * most one row, and split_owner names the part that holds each row. */
static int rows_are_split(void)
{
    int s, G, g;
    long i;
    for (s = 0; s < SIDE_COUNT; s++)
        for (G = 1; G <= MAX_G; G++) {
            long n = sides[s], lo = n / G, hi = (n + G - 1) / G;
            EXPECT(split_start(n, G, 0) == 0 && split_start(n, G, G) == n,
                   "%ld rows over %d: parts run from %ld to %ld", n, G, split_start(n, G, 0),
                   split_start(n, G, G));
            for (g = 0; g < G; g++) {
                long k = split_count(n, G, g);
                EXPECT(k >= lo && k <= hi, "%ld rows over %d: part %d has %ld (want %ld or %ld)",
                       n, G, g, k, lo, hi);
            }
            for (i = 0; i < n; i++) {
                int o = split_owner(i, n, G);
                EXPECT(o >= 0 && o < G && split_start(n, G, o) <= i && i < split_start(n, G, o + 1),
                       "%ld rows over %d: row %ld has owner %d, whose rows are %ld to %ld", n, G,
                       i, o, o >= 0 && o < G ? split_start(n, G, o) : -1,
                       o >= 0 && o < G ? split_start(n, G, o + 1) - 1 : -1);
            }
        }
    return 1;
}

/* Large sides: g * n passes 2^31, and must not overflow. */
static int large_sides(void)
{
    static const long big[] = { 2147483647L, 68719476736L, 65536L * 65536L + 7 };
    int b, G;
    for (b = 0; b < 3; b++)
        for (G = 1; G <= 16; G++) {
            long n = big[b];
            EXPECT(split_start(n, G, G) == n, "%ld over %d ends at %ld", n, G,
                   split_start(n, G, G));
            EXPECT(split_owner(n - 1, n, G) == G - 1, "%ld over %d: the last row's owner is %d",
                   n, G, split_owner(n - 1, n, G));
            EXPECT(split_owner(0, n, G) == 0 || split_count(n, G, 0) == 0,
                   "%ld over %d: row 0's owner is %d", n, G, split_owner(0, n, G));
        }
    return 1;
}

/* Marks [from, from + count) in a map of n cells; 0 if it leaves the map
 * or meets a cell already marked. */
static int mark(unsigned char *map, long n, long from, long count)
{
    long i;
    if (count == 0)
        return 1;
    if (from < 0 || count < 0 || from + count > n)
        return 0;
    for (i = from; i < from + count; i++) {
        if (map[i])
            return 0;
        map[i] = 1;
    }
    return 1;
}

static int all_marked(const unsigned char *map, long n)
{
    long i;
    for (i = 0; i < n; i++)
        if (!map[i])
            return 0;
    return 1;
}

/* Every block, every chunk: on each sender, the blocks tile its send
 * buffer (C x n_g) exactly; on each receiver, they tile its receive buffer
 * (m_h x R) exactly, and their columns tile [0, R) exactly. */
static int blocks_tile_the_buffers(void)
{
    int s, G, K, c, g, h, k;
    for (s = 0; s < SHAPE_COUNT; s++)
        for (G = 1; G <= MAX_G; G++)
            for (c = 0; c < CHUNK_COUNTS; c++) {
                long R = shapes[s][0], C = shapes[s][1];
                K = chunk_counts[c];
                for (g = 0; g < G; g++) {   /* g as the sender */
                    long n = split_count(R, G, g) * C;
                    unsigned char *map = (unsigned char *)calloc((size_t)n + 1, 1);
                    int ok = 1;
                    for (k = 0; k < K; k++)
                        for (h = 0; h < G; h++) {
                            split_block b = split_block_of(R, C, G, K, k, g, h);
                            ok &= b.count == b.rows * b.cols && b.rows == split_count(C, G, h);
                            ok &= mark(map, n, b.send_offset, b.count);
                        }
                    ok &= all_marked(map, n);
                    free(map);
                    EXPECT(ok, "%ld x %ld on %d GPUs, %d chunks: GPU %d's send blocks do not "
                           "tile its %ld elements", R, C, G, K, g, n);
                }
                for (h = 0; h < G; h++) {   /* h as the receiver */
                    long n = split_count(C, G, h) * R;
                    unsigned char *map = (unsigned char *)calloc((size_t)n + 1, 1);
                    unsigned char *cols = (unsigned char *)calloc((size_t)R + 1, 1);
                    int ok = 1, ok_cols = 1;
                    for (g = 0; g < G; g++)
                        for (k = 0; k < K; k++) {
                            split_block b = split_block_of(R, C, G, K, k, g, h);
                            ok &= mark(map, n, b.recv_offset, b.count);
                            ok_cols &= mark(cols, R, b.out_col, b.cols);
                        }
                    ok &= all_marked(map, n);
                    ok_cols &= all_marked(cols, R);
                    free(map);
                    free(cols);
                    EXPECT(ok, "%ld x %ld on %d GPUs, %d chunks: the blocks GPU %d receives do "
                           "not tile its %ld elements", R, C, G, K, h, n);
                    EXPECT(ok_cols, "%ld x %ld on %d GPUs, %d chunks: the blocks GPU %d "
                           "receives do not fill its %ld columns once each", R, C, G, K, h, R);
                }
            }
    return 1;
}

/* With every block the same size, one chunk: block j sits at j * count on
 * both sides, ncclAlltoAll's layout, which the program then uses. */
static int uniform_blocks_are_alltoall(void)
{
    static const long even[][2] = { { 8, 16 }, { 64, 64 }, { 840, 840 }, { 24, 8 } };
    int s, G, g, h;
    for (s = 0; s < 4; s++)
        for (G = 1; G <= MAX_G; G++) {
            long R = even[s][0], C = even[s][1], count = (R / G) * (C / G);
            if (R % G != 0 || C % G != 0)
                continue;
            for (g = 0; g < G; g++)
                for (h = 0; h < G; h++) {
                    split_block b = split_block_of(R, C, G, 1, 0, g, h);
                    EXPECT(b.count == count && b.send_offset == h * count &&
                           b.recv_offset == g * count,
                           "%ld x %ld on %d GPUs: block %d -> %d has %ld at send %ld, recv %ld; "
                           "ncclAlltoAll wants %ld at %ld and %ld", R, C, G, g, h, b.count,
                           b.send_offset, b.recv_offset, count, h * count, g * count);
                }
        }
    return 1;
}

/* What crosses the links: every element not already on its owner. */
static int sent_equals_received(void)
{
    int s, G, g;
    for (s = 0; s < SHAPE_COUNT; s++)
        for (G = 1; G <= MAX_G; G++) {
            long R = shapes[s][0], C = shapes[s][1], sent = 0, got = 0, stays = 0;
            for (g = 0; g < G; g++) {
                sent += split_sent(R, C, G, g);
                got += split_received(R, C, G, g);
                stays += split_count(R, G, g) * split_count(C, G, g);
            }
            EXPECT(sent == got && sent + stays == R * C,
                   "%ld x %ld on %d GPUs: %ld sent, %ld received, %ld stay (of %ld)", R, C, G,
                   sent, got, stays, R * C);
        }
    return 1;
}

/* 1 if [from, from + count) lies inside [0, n): a model that stepped
 * outside its buffers would crash instead of failing. */
static int inside(long from, long count, long n)
{
    return count == 0 || (from >= 0 && count > 0 && from + count <= n);
}

/* The three steps on the CPU with split.h's arithmetic, as main.cu does
 * them on the GPUs: each chunk transposed into the send buffer (as
 * launch_any_shape would), each block copied from sender to receiver (as
 * NCCL would), each received block placed into its columns (as
 * dist_place_block would). The output must be the reference. */
static int whole_exchange_transposes(void)
{
    int s, G, c, g, h, k;
    for (s = 0; s < SHAPE_COUNT; s++) {
        long R = shapes[s][0], C = shapes[s][1];
        float *in = (float *)malloc((size_t)(R * C) * sizeof(float));
        float *ref = (float *)malloc((size_t)(R * C) * sizeof(float));
        tp_fill_input(in, R, C);
        tp_reference(in, ref, R, C, TP_TRANSPOSE);
        for (G = 1; G <= MAX_G; G++)
            for (c = 0; c < CHUNK_COUNTS; c++) {
                float *send[MAX_G], *recv[MAX_G], *out[MAX_G];
                long i, j, bad = -1;
                int bad_gpu = -1, outside = 0;
                k = chunk_counts[c];
                for (g = 0; g < G; g++) {
                    send[g] = (float *)malloc((size_t)(split_count(R, G, g) * C + 1) * sizeof(float));
                    recv[g] = (float *)malloc((size_t)(split_count(C, G, g) * R + 1) * sizeof(float));
                    out[g] = (float *)malloc((size_t)(split_count(C, G, g) * R + 1) * sizeof(float));
                    memset(out[g], 0xFF, (size_t)(split_count(C, G, g) * R + 1) * sizeof(float));
                }
                for (g = 0; g < G; g++) {   /* step 1: each chunk, transposed */
                    long n = split_count(R, G, g), row0 = split_start(R, G, g);
                    int q;
                    for (q = 0; q < k; q++) {
                        long a = split_start(n, k, q), len = split_count(n, k, q);
                        for (i = 0; i < len; i++)
                            for (j = 0; j < C; j++)
                                send[g][a * C + j * len + i] = in[(row0 + a + i) * C + j];
                    }
                }
                for (g = 0; g < G; g++)     /* step 2: every block to its receiver */
                    for (h = 0; h < G; h++) {
                        int q;
                        for (q = 0; q < k; q++) {
                            split_block b = split_block_of(R, C, G, k, q, g, h);
                            if (!inside(b.send_offset, b.count, split_count(R, G, g) * C) ||
                                !inside(b.recv_offset, b.count, split_count(C, G, h) * R)) {
                                outside = 1;   /* a block outside its buffer */
                                continue;
                            }
                            memcpy(recv[h] + b.recv_offset, send[g] + b.send_offset,
                                   (size_t)b.count * sizeof(float));
                        }
                    }
                for (h = 0; h < G; h++)     /* step 3: every block into its columns */
                    for (g = 0; g < G; g++) {
                        int q;
                        for (q = 0; q < k; q++) {
                            split_block b = split_block_of(R, C, G, k, q, g, h);
                            if (!inside(b.out_col, b.cols, R) ||
                                !inside(b.recv_offset, b.count, split_count(C, G, h) * R)) {
                                outside = 1;
                                continue;
                            }
                            for (i = 0; i < b.rows; i++)
                                for (j = 0; j < b.cols; j++)
                                    out[h][i * R + b.out_col + j] =
                                        recv[h][b.recv_offset + i * b.cols + j];
                        }
                    }
                for (h = 0; h < G && bad < 0; h++) {
                    long first = split_start(C, G, h) * R, n = split_count(C, G, h) * R;
                    for (i = 0; i < n && bad < 0; i++)
                        if (memcmp(&out[h][i], &ref[first + i], sizeof(float)) != 0) {
                            bad = first + i;
                            bad_gpu = h;
                        }
                }
                for (g = 0; g < G; g++) {
                    free(send[g]);
                    free(recv[g]);
                    free(out[g]);
                }
                if (bad >= 0 || outside) {
                    free(in);
                    free(ref);
                }
                EXPECT(!outside, "%ld x %ld on %d GPUs, %d chunks: a block lies outside its "
                       "buffer", R, C, G, k);
                EXPECT(bad < 0, "%ld x %ld on %d GPUs, %d chunks: output (%ld, %ld) on GPU %d "
                       "is wrong", R, C, G, k, bad / R, bad % R, bad_gpu);
            }
        free(in);
        free(ref);
    }
    return 1;
}

/* peer_stores on the CPU: every element of GPU g's rows stored where
 * dist_transpose_to_owners stores it (owner of its column, that owner's
 * row, column row0 + r). Every output element written exactly once, with
 * the reference's value. */
static int peer_stores_transpose(void)
{
    int s, G, g, h;
    for (s = 0; s < SHAPE_COUNT; s++) {
        long R = shapes[s][0], C = shapes[s][1], r, c, i;
        float *in = (float *)malloc((size_t)(R * C) * sizeof(float));
        float *ref = (float *)malloc((size_t)(R * C) * sizeof(float));
        float *out = (float *)malloc((size_t)(R * C) * sizeof(float));
        unsigned char *seen = (unsigned char *)malloc((size_t)(R * C));
        tp_fill_input(in, R, C);
        tp_reference(in, ref, R, C, TP_TRANSPOSE);
        for (G = 1; G <= MAX_G; G++) {
            int twice = 0;
            memset(seen, 0, (size_t)(R * C));
            for (g = 0; g < G; g++) {
                long n = split_count(R, G, g), row0 = split_start(R, G, g);
                for (r = 0; r < n; r++)
                    for (c = 0; c < C; c++) {
                        long local, at;
                        h = split_owner(c, C, G);
                        local = c - split_start(C, G, h);
                        /* GPU h's output rows start at output row split_start(C, G, h) */
                        at = (split_start(C, G, h) + local) * R + row0 + r;
                        twice |= local < 0 || local >= split_count(C, G, h) || seen[at];
                        seen[at] = 1;
                        out[at] = in[(row0 + r) * C + c];
                    }
            }
            for (i = 0; i < R * C && !twice; i++)
                twice |= !seen[i] || memcmp(&out[i], &ref[i], sizeof(float)) != 0;
            if (twice) {
                free(in);
                free(ref);
                free(out);
                free(seen);
            }
            EXPECT(!twice, "%ld x %ld on %d GPUs: the peer stores miss, repeat or misplace an "
                   "element", R, C, G);
        }
        free(in);
        free(ref);
        free(out);
        free(seen);
    }
    return 1;
}

/* The kernels' copy of tp_input_value must be the library's, bit for bit. */
static int input_values_match(void)
{
    static const uint64_t edges[] = { 0, 1, 2, 16777215, 16777216, 16777217, 16777218,
                                      889192447, 889192448, 889192449, 4294967295ull,
                                      4294967296ull, 68719476735ull };
    uint64_t i, x = 12345;
    int e;
    float a, b;
    for (e = 0; e < (int)(sizeof edges / sizeof edges[0]); e++) {
        a = split_input_value(edges[e]);
        b = tp_input_value((size_t)edges[e]);
        EXPECT(memcmp(&a, &b, sizeof a) == 0, "element %llu: %.9g here, %.9g in validate.c",
               (unsigned long long)edges[e], a, b);
    }
    for (i = 0; i < 200000; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;   /* an LCG, same start every run */
        a = split_input_value(x >> 28);                           /* up to 2^36 */
        b = tp_input_value((size_t)(x >> 28));
        EXPECT(memcmp(&a, &b, sizeof a) == 0, "element %llu: %.9g here, %.9g in validate.c",
               (unsigned long long)(x >> 28), a, b);
    }
    return 1;
}

/* Shrinking the default: it must fit afterwards, say when it did, and
 * give up only when even 1 x 1 does not fit. */
static int shrink_to_fit(void)
{
    long R = 65536, C = 65536;
    size_t gb = (size_t)1 << 30;
    EXPECT(split_shrink_to_fit(&R, &C, 2, 200 * gb, gb) == 0 && R == 65536 && C == 65536,
           "65536 x 65536 on 2 GPUs of 200 GiB free: should fit, got %ld x %ld", R, C);
    EXPECT(split_shrink_to_fit(&R, &C, 1, 40 * gb, gb) == 1 &&
           split_bytes_max(R, C, 1) + gb <= 40 * gb,
           "65536 x 65536 on 1 GPU of 40 GiB free: got %ld x %ld (%zu bytes)", R, C,
           split_bytes_max(R, C, 1));
    R = C = 3;
    EXPECT(split_shrink_to_fit(&R, &C, 4, 100, 200) == -1, "nothing fits in 100 bytes with "
           "200 set aside, yet it said it did (%ld x %ld)", R, C);
    return 1;
}

int main(void)
{
    run("each GPU's rows: a floor split, and split_owner agrees (1 to 8 GPUs)", rows_are_split);
    run("large sides do not overflow (2^31, 2^36)", large_sides);
    run("the blocks tile every send and receive buffer, and every output column",
        blocks_tile_the_buffers);
    run("blocks of one size sit where ncclAlltoAll puts them", uniform_blocks_are_alltoall);
    run("sent = received = what is not already on its owner", sent_equals_received);
    run("transpose, exchange, place (1 to 16 chunks) = the reference, on the CPU",
        whole_exchange_transposes);
    run("peer stores = the reference, each element once, on the CPU", peer_stores_transpose);
    run("split_input_value = tp_input_value", input_values_match);
    run("the default shrinks to fit, and only then", shrink_to_fit);
    return failures ? 1 : 0;
}
