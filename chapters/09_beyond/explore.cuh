/* TEMPORARY (run 3 exploration, deleted before the lesson ships). */
#ifndef CH09_EXPLORE_CUH
#define CH09_EXPLORE_CUH
#include "kernels.cuh"
#include "../01_bounds/kernels.cuh"

typedef void (*explore_tile_fn)(const float *, float *, int, int);

/* Dynamic shared memory that nobody uses, sized so that only `want`
 * blocks fit on an SM: caps the bytes in flight per SM. */
static size_t explore_pad(const void *k, int want, const char *name)
{
    cudaFuncAttributes a;
    cudaDeviceProp p;
    int dev, got = 0;
    size_t pad;
    CHECK_CUDA(cudaGetDevice(&dev));
    CHECK_CUDA(cudaGetDeviceProperties(&p, dev));
    CHECK_CUDA(cudaFuncGetAttributes(&a, k));
    pad = p.sharedMemPerMultiprocessor / want - p.reservedSharedMemPerBlock - a.sharedSizeBytes;
    pad &= ~(size_t)127;
    CHECK_CUDA(cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)pad));
    CHECK_CUDA(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&got, k, TILE_THREADS, pad));
    fprintf(stderr, "explore %s: want %d blocks/SM, got %d (pad %zu)\n", name, want, got, pad);
    return pad;
}

static void explore_capped(explore_tile_fn k, size_t *pad, int want, const char *name,
                           long blocks, const float *in, float *out, int rows, int cols,
                           dim3 block)
{
    if (*pad == 0)
        *pad = explore_pad((const void *)k, want, name);
    k<<<tp_grid(blocks, 1, 1, 1), block, *pad>>>(in, out, rows, cols);
    CHECK_LAUNCH();
}

static inline void launch_explore_vec4_occ(const float *in, float *out, int rows, int cols,
                                           dim3 block, int want, size_t pads[2])
{
    if (can_vec4(in, out, rows, cols))
        explore_capped(transpose_tile64_vec4, &pads[0], want, "vec4", tile_count(rows, cols),
                       in, out, rows, cols, block);
    else
        explore_capped(transpose_tile64, &pads[1], want, "tile64", tile_count(rows, cols),
                       in, out, rows, cols, block);
}
static inline void launch_explore_vec4_occ4(const float *in, float *out, int rows, int cols, dim3 b)
{
    static size_t pads[2] = { 0, 0 };
    launch_explore_vec4_occ(in, out, rows, cols, b, 4, pads);
}
static inline void launch_explore_vec4_occ6(const float *in, float *out, int rows, int cols, dim3 b)
{
    static size_t pads[2] = { 0, 0 };
    launch_explore_vec4_occ(in, out, rows, cols, b, 6, pads);
}
static inline void launch_explore_aligned_occ4(const float *in, float *out, int rows, int cols,
                                               dim3 b)
{
    static size_t pad = 0;
    long tiles = (long)((rows + SECTOR_FLOATS - 1 + TILE_BIG - 1) / TILE_BIG) *
                 ((cols + TILE_BIG - 1) / TILE_BIG);
    explore_capped(transpose_sector_aligned, &pad, 4, "aligned", tiles, in, out, rows, cols, b);
}
static inline void launch_explore_copy_occ4(const float *in, float *out, int rows, int cols, dim3 b)
{
    static size_t pad = 0;
    long n = (long)rows * cols;
    long blocks = (n / 4 + TILE_THREADS * COPY_PER_THREAD - 1) / (TILE_THREADS * COPY_PER_THREAD);
    if (pad == 0)
        pad = explore_pad((const void *)copy_vec4, 4, "copy");
    copy_vec4<<<tp_grid(blocks > 0 ? blocks : 1, 1, 1, 1), b, pad>>>(in, out, (int)n);
    CHECK_LAUNCH();
}
/* chapter 1's 32x32 tile copy; an N x 1 matrix is copied as 1 x N (same
 * bytes) because its 2D grid cannot cover 2^26 rows. */
static inline void launch_explore_copy_tile_ilp(const float *in, float *out, int rows, int cols,
                                                dim3 b)
{
    if (cols == 1)
        launch_copy_tile_ilp(in, out, 1, rows, b);
    else
        launch_copy_tile_ilp(in, out, rows, cols, b);
}
#endif
