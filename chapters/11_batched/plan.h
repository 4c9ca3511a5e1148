/*
 * chapters/11_batched/plan.h - the index arithmetic of chapter 11's
 * kernels, apart from the kernels so that tests/test_permute.cu can run
 * the very same code on the CPU (no GPU needed):
 *   output_strides()  where each input axis moves in the output;
 *   plan_tiled()      the strides and extents permute_tiled is launched with;
 *   tile_pair()       which pair of tiles block k of the in-place kernel swaps.
 */
#ifndef CH11_PLAN_H
#define CH11_PLAN_H

#include <math.h>
#include <stddef.h>

#ifdef __CUDACC__
#define PLAN_HD static __host__ __device__ __forceinline__
#else
#define PLAN_HD static inline
#endif

/* The output's stride along input axis a, for each a. Output axis k runs
 * over input axis perm[k], and the output is row-major. */
static inline void output_strides(const long d[3], const int perm[3], size_t stride[3])
{
    size_t by_output_axis[3];
    int k;

    by_output_axis[2] = 1;
    by_output_axis[1] = (size_t)d[perm[2]];
    by_output_axis[0] = (size_t)d[perm[1]] * (size_t)d[perm[2]];
    for (k = 0; k < 3; k++)
        stride[perm[k]] = by_output_axis[k];
}

/* What permute_tiled needs for a permutation that moves the fastest axis
 * (perm[2] != 2): its tile's columns run along input axis 2 (stride 1 in
 * the input), its rows along input axis a = perm[2] (stride 1 in the
 * output), and the third axis z only moves the tile. */
typedef struct {
    long n_rows, n_cols, n_z;   /* extents along a, 2 and z                  */
    size_t in_row, in_z;        /* input strides along a and z (along 2: 1)  */
    size_t out_col, out_z;      /* output strides along 2 and z (along a: 1) */
} tile_plan;

static inline void plan_tiled(const long d[3], const int perm[3], tile_plan *p)
{
    size_t in_stride[3], out_stride[3];
    int a = perm[2], z = 1 - a;   /* a is 0 or 1, so z is the other one */

    in_stride[0] = (size_t)d[1] * (size_t)d[2];
    in_stride[1] = (size_t)d[2];
    in_stride[2] = 1;
    output_strides(d, perm, out_stride);
    p->n_rows = d[a];
    p->n_cols = d[2];
    p->n_z = d[z];
    p->in_row = in_stride[a];
    p->in_z = in_stride[z];
    p->out_col = out_stride[2];
    p->out_z = out_stride[z];
}

/* Pair k of the upper triangle, k = j (j + 1) / 2 + i with 0 <= i <= j:
 * the column j from a square root in double (exact enough for any k below
 * 2^52), then corrected by one step either way if it rounded wrong. */
PLAN_HD void tile_pair(unsigned long long k, unsigned long long *i, unsigned long long *j)
{
    unsigned long long c = (unsigned long long)((sqrt(8.0 * (double)k + 1.0) - 1.0) / 2.0);
    while (c * (c + 1) / 2 > k)
        c--;
    while ((c + 1) * (c + 2) / 2 <= k)
        c++;
    *j = c;
    *i = k - c * (c + 1) / 2;
}

#endif
