/*
 * lib/example.c - the transpose library from a program of your own: a
 * 3000 x 5000 matrix of floats transposed, and a 4-axis tensor of 2-byte
 * elements permuted as attention's [B, S, H, D] -> [B, H, S, D], each
 * checked on the CPU. Build it with one line (after `make lib`):
 *
 *     nvcc -O2 lib/example.c -Ilib libtranspose.a -o example && ./example
 */
#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "transpose.h"

#define CUDA_OK(call)                                                                   \
    do {                                                                                \
        cudaError_t e_ = (call);                                                        \
        if (e_ != cudaSuccess) {                                                        \
            fprintf(stderr, "%s: %s\n", #call, cudaGetErrorString(e_));                   \
            return 1;                                                                   \
        }                                                                               \
    } while (0)

int main(void)
{
    const int64_t rows = 3000, cols = 5000;
    const int64_t dims[4] = { 2, 1024, 16, 64 };   /* B, S, H, D */
    const int perm[4] = { 0, 2, 1, 3 };             /* -> B, H, S, D */
    const size_t n = (size_t)(rows * cols), m = 2 * 1024 * 16 * 64;
    float *h = malloc(n * sizeof *h), *t = malloc(n * sizeof *t), *d_in, *d_out;
    uint16_t *a = malloc(m * sizeof *a), *b = malloc(m * sizeof *b);
    cudaStream_t stream;
    transpose_status s;
    size_t i, wrong = 0, wrong_2d;

    if (!h || !t || !a || !b)
        return 1;
    for (i = 0; i < n; i++)
        h[i] = (float)i;
    for (i = 0; i < m; i++)
        a[i] = (uint16_t)(i * 7);
    CUDA_OK(cudaStreamCreate(&stream));
    CUDA_OK(cudaMalloc((void **)&d_in, n * sizeof *h));
    CUDA_OK(cudaMalloc((void **)&d_out, n * sizeof *h));

    /* A matrix: out[c][r] = in[r][c]. */
    CUDA_OK(cudaMemcpy(d_in, h, n * sizeof *h, cudaMemcpyHostToDevice));
    s = transpose_2d(d_in, d_out, rows, cols, sizeof(float), stream);
    if (s != TRANSPOSE_OK) {
        fprintf(stderr, "transpose_2d: %s: %s\n", transpose_status_name(s), transpose_last_error());
        return 1;
    }
    CUDA_OK(cudaStreamSynchronize(stream));   /* the call only launched it */
    CUDA_OK(cudaMemcpy(t, d_out, n * sizeof *t, cudaMemcpyDeviceToHost));
    for (i = 0; i < n; i++)   /* output element i is (c, r) = (i / rows, i % rows) */
        wrong += t[i] != h[(i % rows) * cols + i / rows];
    printf("transpose_2d, %lld x %lld floats: %zu wrong elements\n", (long long)rows,
           (long long)cols, wrong);
    wrong_2d = wrong;

    /* A tensor: [B, S, H, D] -> [B, H, S, D] (the same buffers, 2-byte elements). */
    CUDA_OK(cudaMemcpy(d_in, a, m * sizeof *a, cudaMemcpyHostToDevice));
    s = transpose_permute(d_in, d_out, 4, dims, perm, sizeof(uint16_t), stream);
    if (s != TRANSPOSE_OK) {
        fprintf(stderr, "transpose_permute: %s: %s\n", transpose_status_name(s),
                transpose_last_error());
        return 1;
    }
    CUDA_OK(cudaStreamSynchronize(stream));
    CUDA_OK(cudaMemcpy(b, d_out, m * sizeof *b, cudaMemcpyDeviceToHost));
    wrong = 0;
    for (i = 0; i < m; i++) {   /* output (bb, hh, ss, dd) from input (bb, ss, hh, dd) */
        size_t dd = i % 64, ss = i / 64 % 1024, hh = i / 64 / 1024 % 16, bb = i / 64 / 1024 / 16;
        wrong += b[i] != a[((bb * 1024 + ss) * 16 + hh) * 64 + dd];
    }
    printf("transpose_permute, 2 x 1024 x 16 x 64 (0, 2, 1, 3), 2-byte: %zu wrong elements\n",
           wrong);

    /* A mistake: the library says what is wrong instead of crashing. */
    s = transpose_permute(d_in, d_out, 4, dims, (const int[]){ 0, 2, 2, 3 }, 2, stream);
    printf("a permutation that is not one: %s: %s\n", transpose_status_name(s),
           transpose_last_error());

    cudaFree(d_in);
    cudaFree(d_out);
    cudaStreamDestroy(stream);
    free(h);
    free(t);
    free(a);
    free(b);
    return wrong_2d != 0 || wrong != 0;
}
