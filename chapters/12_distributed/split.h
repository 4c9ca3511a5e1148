/*
 * chapters/12_distributed/split.h - who owns which rows, and where every
 * block of the exchange starts: the arithmetic of chapter 12, on its own,
 * in plain C, so that the program, its kernels and tests/test_split.c use
 * the very same functions (the kernels call them on the GPU, the test on
 * the CPU).
 *
 * The layout. The input is an R x C float32 matrix, row-major, split by
 * rows over G GPUs: GPU g holds input rows [split_start(R, G, g),
 * split_start(R, G, g + 1)), its "slab" of n_g rows, each C floats long.
 * The output, C x R, is split the same way over its own C rows: GPU h
 * holds output rows [split_start(C, G, h), split_start(C, G, h + 1)),
 * m_h rows of R floats. The split is floor(g * n / G): the parts differ
 * by at most one row, the last ones are the larger, and when n < G some
 * GPUs own no rows at all (1 x 5 on 2 GPUs: GPU 0 has no input row).
 *
 * The block of g for h: GPU g's input rows, restricted to the columns
 * that are GPU h's output rows, n_g x m_h elements; transposed, it is
 * m_h x n_g, and it fills columns [split_start(R, G, g), ...) of h's
 * output rows. Every pair (g, h), g == h included, has one block.
 *
 * Chunks (the pipelined row): GPU g cuts its slab into K chunks of rows,
 * [split_start(n_g, K, k), split_start(n_g, K, k + 1)), again a floor
 * split (chunks may be empty). Chunk k of g is transposed on its own into
 * a C x len piece of g's send buffer (at element a * C, where a is the
 * chunk's first row), whose rows for h are one contiguous block of
 * m_h x len. h receives it at element m_h * (first input row of g + a)
 * of its receive buffer: by source, then by chunk, so the blocks of all
 * sources and chunks tile the receive buffer without a gap. With K = 1
 * the chunk is the slab, and the blocks are those of the three-step row.
 *
 * Compiled by nvcc, the functions are __host__ __device__; by a C
 * compiler, plain static inline C11.
 */
#ifndef CH12_SPLIT_H
#define CH12_SPLIT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#ifdef __CUDACC__
#define SPLIT_FN static inline __host__ __device__
#else
#define SPLIT_FN static inline
#endif

#define SPLIT_MAX_GPUS 16     /* --gpus at most this many (a kernel argument holds them) */
#define SPLIT_MAX_CHUNKS 16   /* the pipelined row cuts a slab into at most this many */

/* The first of the rows part g gets when n rows are split over G parts:
 * floor(g * n / G), in 64 bits (g * n passes 2^31 for large n). */
SPLIT_FN long split_start(long n, int G, int g)
{
    return (long)(((int64_t)g * n) / G);
}

/* How many rows part g gets: 0 or more. */
SPLIT_FN long split_count(long n, int G, int g)
{
    return split_start(n, G, g + 1) - split_start(n, G, g);
}

/* The part that owns row i (0 <= i < n): the g with split_start(g) <= i <
 * split_start(g + 1). floor(g n / G) <= i exactly when g < (i + 1) G / n,
 * so the owner is the largest such g, floor(((i + 1) G - 1) / n). Parts
 * with no rows are never an owner. */
SPLIT_FN int split_owner(long i, long n, int G)
{
    return (int)((((int64_t)i + 1) * G - 1) / n);
}

/* One block of the exchange: what chunk k (of K) of GPU g sends to GPU h. */
typedef struct {
    long rows;         /* m_h: the output rows h owns                          */
    long cols;         /* the input rows of the chunk: its length              */
    long count;        /* rows * cols elements                                  */
    long chunk_row;    /* the chunk's first row inside g's slab                 */
    long send_offset;  /* where the block starts in g's send buffer (elements) */
    long recv_offset;  /* where it starts in h's receive buffer (elements)     */
    long out_col;      /* the first column of h's output rows it fills         */
} split_block;

SPLIT_FN split_block split_block_of(long R, long C, int G, int K, int k, int g, int h)
{
    split_block b;
    long n_g = split_count(R, G, g);
    long a = split_start(n_g, K, k);

    b.rows = split_count(C, G, h);
    b.cols = split_count(n_g, K, k);
    b.count = b.rows * b.cols;
    b.chunk_row = a;
    /* The chunk, transposed, is C x len at a * C; h's rows start at row
     * split_start(C, G, h) of it. */
    b.send_offset = a * C + split_start(C, G, h) * b.cols;
    b.out_col = split_start(R, G, g) + a;
    b.recv_offset = b.rows * b.out_col;
    return b;
}

/* Elements GPU g sends to the other GPUs, and receives from them: what
 * crosses a link. (Its block for itself stays on the GPU.) */
SPLIT_FN long split_sent(long R, long C, int G, int g)
{
    return split_count(R, G, g) * (C - split_count(C, G, g));
}

SPLIT_FN long split_received(long R, long C, int G, int h)
{
    return split_count(C, G, h) * (R - split_count(R, G, h));
}

/* The memory GPU g needs, in bytes: its input rows, its output rows, and
 * a send and a receive buffer as large as each. */
SPLIT_FN size_t split_bytes_on(long R, long C, int G, int g)
{
    return 2 * ((size_t)split_count(R, G, g) * (size_t)C +
                (size_t)split_count(C, G, g) * (size_t)R) * sizeof(float);
}

/* The most any one GPU needs. */
SPLIT_FN size_t split_bytes_max(long R, long C, int G)
{
    size_t most = 0, b;
    int g;
    for (g = 0; g < G; g++) {
        b = split_bytes_on(R, C, G, g);
        most = b > most ? b : most;
    }
    return most;
}

/* Halves the larger side of R x C until every GPU's share (split_bytes_on)
 * plus bytes_extra fits in bytes_free (the least free memory of the GPUs).
 * Returns 1 if it had to shrink, 0 if it already fit, -1 if even 1 x 1
 * does not fit. (common/cli.c's tp_shrink_to_fit, for four buffers split
 * over G GPUs.) */
static inline int split_shrink_to_fit(long *R, long *C, int G, size_t bytes_free,
                                      size_t bytes_extra)
{
    int shrunk = 0;
    while (bytes_extra > bytes_free || split_bytes_max(*R, *C, G) > bytes_free - bytes_extra) {
        if (*R == 1 && *C == 1)
            return -1;
        if (*R >= *C) *R = (*R + 1) / 2;
        else          *C = (*C + 1) / 2;
        shrunk = 1;
    }
    return shrunk;
}

/* The input's values, on the GPU as on the CPU: element i of the whole
 * matrix (row * C + col) holds tp_input_value(i) (common/validate.h), the
 * value that names where it came from. The same arithmetic as
 * validate.c, written once more because a kernel cannot call the host
 * library; tests/test_split.c checks the two agree. */
#define SPLIT_EXACT_LIMIT ((uint64_t)1 << 24)   /* floats hold every integer up to here */
#define SPLIT_EXACT_LIMIT_BITS 0x4B800000u      /* the bits of 2^24                     */
#define SPLIT_DISTINCT_VALUES ((uint64_t)889192448)   /* TP_DISTINCT_VALUES             */

SPLIT_FN float split_input_value(uint64_t i)
{
    uint32_t bits;
    float v;

    i %= SPLIT_DISTINCT_VALUES;
    if (i <= SPLIT_EXACT_LIMIT)
        return (float)i;
    bits = SPLIT_EXACT_LIMIT_BITS + (uint32_t)(i - SPLIT_EXACT_LIMIT);
    memcpy(&v, &bits, sizeof v);
    return v;
}

#endif
