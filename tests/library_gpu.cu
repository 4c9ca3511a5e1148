/*
 * tests/library_gpu.cu - the transpose library (lib/transpose.h) on a GPU:
 * random problems of a numbered draw (rank 1 to 4, every permutation,
 * elements of 1, 2, 4, 8 and 16 bytes, sides from 1 to a few thousand,
 * awkward ones often: one past a tile, primes, 1), each compared byte for
 * byte with the CPU reference (problem.h); half of them on a stream of
 * their own, and a quarter as many on buffers off 16-byte alignment.
 * Then the errors only a GPU can tell: host memory, pinned
 * host memory. And the comparison itself is shown able to fail: one byte
 * changed in an output must be reported.
 *
 *     library_gpu [--draw N] [--cases N]     (defaults 1 and 400)
 *
 * Prints one line per test, "PASS  library gpu: ..." or "FAIL  ...", and
 * exits 1 if any failed (2 if CUDA failed outside the library).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lib/transpose.h"
#include "problem.h"

#define CUDA_OR_EXIT(call)                                                              \
    do {                                                                                \
        cudaError_t e_ = (call);                                                        \
        if (e_ != cudaSuccess) {                                                        \
            fprintf(stderr, "CUDA error at %s:%d: %s: %s\n", __FILE__, __LINE__, #call,   \
                    cudaGetErrorString(e_));                                            \
            exit(2);                                                                    \
        }                                                                               \
    } while (0)

static uint64_t state;
static uint32_t next(void)   /* xorshift, as tests/unit.h */
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return (uint32_t)state;
}

/* A side: often awkward (1, one past a tile, primes), else log-uniform. */
static int64_t side(int64_t most)
{
    static const int64_t awkward[] = { 1,  2,  3,  4,   5,   7,   13,  17,
                                       31, 33, 63, 65, 127, 129, 257, 1031 };
    int64_t s;
    if (next() % 3 == 0)
        s = awkward[next() % (sizeof awkward / sizeof awkward[0])];
    else {
        s = (int64_t)1 << (next() % 12);
        s += next() % s;
    }
    return s < most ? s : (most > 0 ? most : 1);
}

/* Draws problem k: at most 2^21 elements. */
static tp_problem draw(void)
{
    static const int sizes[5] = { 1, 2, 4, 8, 16 };
    int64_t dims[TP_MAX_RANK], left = (int64_t)1 << 21;
    int perm[TP_MAX_RANK], rank = 1 + (int)(next() % 4), a;
    for (a = 0; a < rank; a++) {
        dims[a] = side(left);
        left /= dims[a];
        perm[a] = a;
    }
    for (a = rank - 1; a > 0; a--) {   /* Fisher-Yates */
        int b = (int)(next() % (uint32_t)(a + 1)), t = perm[a];
        perm[a] = perm[b];
        perm[b] = t;
    }
    for (a = rank - 1; a > 0; a--) {   /* the slow axes get what is left */
        int b = (int)(next() % (uint32_t)(a + 1));
        int64_t t = dims[a];
        dims[a] = dims[b];
        dims[b] = t;
    }
    return tp_problem_make(rank, dims, perm, sizes[next() % 5]);
}

static void show(const tp_problem *p, char *buf, size_t len)
{
    int a, n = snprintf(buf, len, "%d-byte ", p->elem_bytes);
    for (a = 0; a < p->rank; a++)
        n += snprintf(buf + n, len - n, "%s%lld", a ? "x" : "", (long long)p->dims[a]);
    n += snprintf(buf + n, len - n, " perm (");
    for (a = 0; a < p->rank; a++)
        n += snprintf(buf + n, len - n, "%s%d", a ? "," : "", p->perm[a]);
    snprintf(buf + n, len - n, ")");
}

/* Moves problem p with the library (on stream, or the default stream
 * where it is NULL) and compares the output, poisoned first, with the CPU
 * reference. Returns 0 if they match, else prints a FAIL line and
 * returns 1. */
static int check(const tp_problem *p, const unsigned char *h_in, unsigned char *h_ref,
                 unsigned char *h_out, unsigned char *d_in, unsigned char *d_out,
                 cudaStream_t stream)
{
    size_t bytes = (size_t)tp_problem_bytes(p);
    transpose_status s;
    char name[160];
    show(p, name, sizeof name);
    CUDA_OR_EXIT(cudaMemset(d_out, 0xA5, bytes));
    CUDA_OR_EXIT(cudaDeviceSynchronize());
    s = transpose_permute(d_in, d_out, p->rank, p->dims, p->perm, p->elem_bytes, (void *)stream);
    if (s != TRANSPOSE_OK) {
        printf("FAIL  library gpu: %s: %s: %s\n", name, transpose_status_name(s),
               transpose_last_error());
        return 1;
    }
    CUDA_OR_EXIT(stream ? cudaStreamSynchronize(stream) : cudaDeviceSynchronize());
    CUDA_OR_EXIT(cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost));
    tp_problem_reference(p, h_in, h_ref);
    if (memcmp(h_out, h_ref, bytes) != 0) {
        size_t i = 0;
        while (h_out[i] == h_ref[i])
            i++;
        printf("FAIL  library gpu: %s: byte %zu is %u, should be %u\n", name, i, h_out[i],
               h_ref[i]);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    uint64_t draw_no = 1;
    int cases = 400, k, failed = 0, bad_draws, on_stream = 0;
    size_t most = (size_t)16 << 21, room = most + 64;   /* 64: the offsets below */
    unsigned char *h_in, *h_ref, *h_out, *d_in, *d_out, *pinned;
    cudaStream_t stream;

    for (k = 1; k + 1 < argc; k += 2) {
        if (strcmp(argv[k], "--draw") == 0)
            draw_no = strtoull(argv[k + 1], NULL, 10);
        else if (strcmp(argv[k], "--cases") == 0)
            cases = atoi(argv[k + 1]);
    }
    state = draw_no * 2654435761ULL + 88172645463325252ULL;
    h_in = (unsigned char *)malloc(room);
    h_ref = (unsigned char *)malloc(room);
    h_out = (unsigned char *)malloc(room);
    if (!h_in || !h_ref || !h_out) {
        fprintf(stderr, "library_gpu: out of host memory\n");
        return 2;
    }
    for (size_t i = 0; i < room; i++)   /* bytes that differ from their neighbours */
        h_in[i] = (unsigned char)((i * 131u + (i >> 8) * 7u + (i >> 16)) & 0xFF);
    CUDA_OR_EXIT(cudaMalloc((void **)&d_in, room));
    CUDA_OR_EXIT(cudaMalloc((void **)&d_out, room));
    CUDA_OR_EXIT(cudaMemcpy(d_in, h_in, room, cudaMemcpyHostToDevice));
    CUDA_OR_EXIT(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));

    /* Shapes a random draw seldom makes: 16-byte elements in a narrow
     * tile of 5 columns (nd_narrow_rows), and in rows merged in the
     * output's order (nd_rows_merge: rows of 3 x 16 bytes), and in a wide
     * tile with two other axes (nd_small_columns: 4 x 100 tiles). */
    {
        static const struct { int rank; int64_t dims[4]; int perm[4]; } fixed[] = {
            { 3, { 3, 500, 5 }, { 0, 2, 1 } },
            { 3, { 7, 301, 3 }, { 1, 0, 2 } },
            { 4, { 5, 4, 3, 100 }, { 2, 0, 3, 1 } },
        };
        int bad = 0;
        for (k = 0; k < (int)(sizeof fixed / sizeof fixed[0]); k++) {
            tp_problem p = tp_problem_make(fixed[k].rank, fixed[k].dims, fixed[k].perm, 16);
            bad += check(&p, h_in, h_ref, h_out, d_in, d_out, NULL);
        }
        printf("%s  library gpu: %d fixed 16-byte problems match the CPU reference\n",
               bad ? "FAIL" : "PASS", k);
        failed += bad;
    }

    for (k = 0, bad_draws = 0; k < cases; k++) {
        tp_problem p = draw();
        int use_stream = (int)(next() % 2);
        bad_draws += check(&p, h_in, h_ref, h_out, d_in, d_out, use_stream ? stream : NULL);
        on_stream += use_stream;
    }
    failed += bad_draws;
    printf("%s  library gpu: %d random problems (draw %llu, %d on a stream of their own) "
           "match the CPU reference\n",
           bad_draws ? "FAIL" : "PASS", cases, (unsigned long long)draw_no, on_stream);

    /* Buffers that are not 16-byte aligned: each one to three elements
     * past cudaMalloc's alignment. The fastest kernels need 16-byte
     * aligned buffers (the gathers, the matrix dispatchers, the wide
     * accesses); these problems run the kernels kept for the others. */
    {
        int n = cases / 4, off16 = 0;
        for (k = 0, bad_draws = 0; k < n; k++) {
            tp_problem p = draw();
            size_t oi = (size_t)p.elem_bytes * (1 + next() % 3);
            size_t oo = (size_t)p.elem_bytes * (1 + next() % 3);
            bad_draws += check(&p, h_in + oi, h_ref, h_out, d_in + oi, d_out + oo, NULL);
            off16 += (oi | oo) % 16 != 0;
        }
        failed += bad_draws;
        printf("%s  library gpu: %d random problems on buffers 1 to 3 elements past "
               "cudaMalloc's alignment (%d of them not 16-byte aligned) match the CPU "
               "reference\n", bad_draws ? "FAIL" : "PASS", n, off16);
    }

    /* The comparison can fail: the last output with one byte changed. */
    {
        const int64_t dims[2] = { 33, 65 };
        const int perm[2] = { 1, 0 };
        tp_problem p = tp_problem_make(2, dims, perm, 2);
        size_t bytes = (size_t)tp_problem_bytes(&p);
        int caught;
        CUDA_OR_EXIT(cudaMemset(d_out, 0, bytes));
        transpose_2d(d_in, d_out, 33, 65, 2, NULL);
        CUDA_OR_EXIT(cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost));
        tp_problem_reference(&p, h_in, h_ref);
        h_out[bytes / 2] ^= 1;
        caught = memcmp(h_out, h_ref, bytes) != 0;
        printf("%s  library gpu: a changed byte in the output is caught\n",
               caught ? "PASS" : "FAIL");
        failed += !caught;
    }

    /* Errors only a GPU can tell. */
    {
        const int64_t dims[2] = { 64, 64 };
        const int perm[2] = { 1, 0 };
        transpose_status s1 = transpose_permute(h_in, d_out, 2, dims, perm, 4, NULL);
        transpose_status s2 = transpose_permute(d_in, h_out, 2, dims, perm, 4, NULL);
        int ok = s1 == TRANSPOSE_ERR_NOT_DEVICE && s2 == TRANSPOSE_ERR_NOT_DEVICE &&
                 strstr(transpose_last_error(), "out (") != NULL;
        printf("%s  library gpu: host memory refused (%s, %s: %s)\n", ok ? "PASS" : "FAIL",
               transpose_status_name(s1), transpose_status_name(s2), transpose_last_error());
        failed += !ok;
        CUDA_OR_EXIT(cudaMallocHost((void **)&pinned, 64 * 64 * 4));
        s1 = transpose_permute(pinned, d_out, 2, dims, perm, 4, NULL);
        ok = s1 == TRANSPOSE_ERR_NOT_DEVICE && strstr(transpose_last_error(), "pinned") != NULL;
        printf("%s  library gpu: pinned host memory refused (%s: %s)\n", ok ? "PASS" : "FAIL",
               transpose_status_name(s1), transpose_last_error());
        failed += !ok;
        CUDA_OR_EXIT(cudaFreeHost(pinned));
    }

    CUDA_OR_EXIT(cudaStreamDestroy(stream));
    CUDA_OR_EXIT(cudaFree(d_in));
    CUDA_OR_EXIT(cudaFree(d_out));
    free(h_in);
    free(h_ref);
    free(h_out);
    return failed ? 1 : 0;
}
