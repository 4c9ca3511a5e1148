/*
 * exercises/given/12_distributed.h - what exercise 12 gives your code: read
 * it, do not edit it. The build puts it before your part of
 * exercises/12_distributed.cu, and the given half (given/12_distributed.cu)
 * includes it too, so both halves agree on these names.
 */
#ifndef EX12_GIVEN_H
#define EX12_GIVEN_H

#include <cuda_runtime.h>

#define OWNER_TILE 64        /* a block moves one 64 x 64 tile of the slab      */
#define OWNER_THREADS 256    /* threads per block, blockDim.x (blockDim.y is 1) */
#define MAX_OWNERS 4         /* the owners of output rows: at most 4            */

/* Who owns which output rows, as chapter 12 splits them: owner h holds
 * output rows [first[h], first[h + 1]) (none when the two are equal), and
 * out[h] points at the first of them. Output row c is R floats long, so
 * element (c, r) of the whole C x R output lives at
 *   out[h][(c - first[h]) * R + r]   for the h with first[h] <= c < first[h + 1].
 * Entries past `owners` are unused. */
typedef struct {
    float *out[MAX_OWNERS];
    long first[MAX_OWNERS + 1];
    int owners;
} owner_rows;

/* Yours: exercises/12_distributed.cu defines it. The given half launches
 * it once per GPU's slab (rows row0 .. row0 + n - 1 of the R x C input,
 * n x C floats from `slab`), with OWNER_THREADS threads a block and one
 * block per OWNER_TILE x OWNER_TILE tile of the slab: blockIdx.x numbers
 * the tile's columns, blockIdx.y its rows (a slab of more than 65535 tiles
 * of rows comes in several launches, each with its own slab, n and row0). */
__global__ void your_transpose_to_owners(const float *__restrict__ slab, int n, int C, long R,
                                         long row0, owner_rows dst);

#endif
