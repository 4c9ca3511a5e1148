/*
 * tests/flush_probe.cu - does the harness empty the L2 before every timed
 * run? (make test runs it; it needs a GPU.)
 *
 *   ./build/.../tests/flush_probe       PASS or FAIL, and the latencies
 *
 * Every number in the tables assumes it does: a kernel whose input is
 * still in the L2 from the previous run reads it at L2 speed, not DRAM
 * speed, and a small matrix would look faster than the copy ceiling
 * allows. Nothing else in the suite would notice if the flush went away,
 * so this program measures it. Its one kernel, run through tp_run() like
 * a chapter's, is a plain transpose in which one thread first times two
 * loads of the same input word, with the clock: the first load finds the
 * word wherever the previous run (or the flush) left it, the second finds
 * it in the L2. A flushed run's first load comes from DRAM and takes
 * clearly longer than the second; an unflushed one takes about as long.
 *
 * The harness runs the kernel once to check it, twice to warm up, then
 * --reps times, each timed run after a flush. The two warm-up runs follow
 * each other with no flush, so the second one is the control: its first
 * load must look like an L2 hit, or the probe cannot tell the two apart
 * on this GPU. Then the median timed run must look like a DRAM access.
 * The input (4 MB) is far smaller than any L2 this runs on, so without a
 * flush it would stay there from run to run.
 */
#include "harness.h"

#define REPS 15
#define LAUNCHES (1 + 2 + REPS)   /* the check, two warm-ups, the timed runs */
#define WARMUP2 2                 /* index of the second warm-up run          */
#define SLOWER 1.5                /* a DRAM access is at least this much slower */

__device__ long long probe_first[LAUNCHES], probe_second[LAUNCHES];
__device__ unsigned probe_launch;

/* Clock cycles of one load of *p that bypasses L1 (ld.global.cg): the
 * add consumes the loaded value, so the second clock read waits for it. */
static __device__ long long load_cycles(const float *p, float *sink)
{
    long long cycles;
    float v;
    asm volatile("{\n\t"
                 ".reg .s64 t0, t1;\n\t"
                 ".reg .f32 x;\n\t"
                 "mov.u64 t0, %%clock64;\n\t"
                 "ld.global.cg.f32 x, [%2];\n\t"
                 "add.f32 %1, x, 0f3F800000;\n\t"
                 "mov.u64 t1, %%clock64;\n\t"
                 "sub.s64 %0, t1, t0;\n\t"
                 "}"
                 : "=l"(cycles), "=f"(v)
                 : "l"(p)
                 : "memory");
    *sink += v;
    return cycles;
}

__global__ void transpose_flush_probe(const float *in, float *out, int rows, int cols)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;
    float sink = 0.0f;

    /* Block (0, 0) reads input rows 0..7, columns 0..31: the probe's word,
     * in[0], is touched by no other block before the probe has timed it. */
    if (c == 0 && r == 0) {
        unsigned n = atomicAdd(&probe_launch, 1);
        long long first = load_cycles(in, &sink);
        long long second = load_cycles(in, &sink);
        if (n < LAUNCHES) {
            probe_first[n] = first;
            probe_second[n] = second;
        }
    }
    __syncthreads();
    if (r < rows && c < cols)
        out[(long)c * rows + r] = in[(long)r * cols + c] + 0.0f * sink;
}

static const char *launch_probe(const float *in, float *out, int rows, int cols, dim3 block)
{
    dim3 grid;
    const char *na = tp_grid(&grid, cols, rows, block.x, block.y);
    if (na)
        return na;
    transpose_flush_probe<<<grid, block>>>(in, out, rows, cols);
    CHECK_LAUNCH();
    return NULL;
}

static const tp_kernel kernels[] = {
    { "transpose_flush_probe", launch_probe, TP_TRANSPOSE, { 32, 8, 1 } },
};

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    char reps[16];
    char *args[] = { argv[0], (char *)"--size", (char *)"1024x1024", (char *)"--reps", reps, NULL };
    long long first[LAUNCHES], second[LAUNCHES];
    double ratio[REPS], control, timed;
    unsigned launches = 0;
    int status, i;

    (void)argc;
    snprintf(reps, sizeof reps, "%d", REPS);
    status = tp_run(5, args, "The L2 flush probe", kernels, TP_COUNT(kernels));
    if (status != TP_EXIT_OK)
        return status;   /* no GPU (3) is a SKIP for the suite; else a FAIL */
    CHECK_CUDA(cudaMemcpyFromSymbol(&launches, probe_launch, sizeof launches));
    CHECK_CUDA(cudaMemcpyFromSymbol(first, probe_first, sizeof first));
    CHECK_CUDA(cudaMemcpyFromSymbol(second, probe_second, sizeof second));
    if (launches != LAUNCHES) {
        printf("FAIL  flush probe: the kernel ran %u times; the harness should run it %d times "
               "(a check, 2 warm-ups, %d timed)\n", launches, LAUNCHES, REPS);
        return TP_EXIT_FAIL;
    }
    control = (double)first[WARMUP2] / (double)second[WARMUP2];
    for (i = 0; i < REPS; i++)
        ratio[i] = (double)first[1 + 2 + i] / (double)second[1 + 2 + i];
    qsort(ratio, REPS, sizeof ratio[0], by_value);
    timed = ratio[REPS / 2];
    printf("      first load / second load, in clock cycles: unflushed warm-up %lld / %lld "
           "(%.2fx); timed runs, median %.2fx (from %.2fx to %.2fx)\n", first[WARMUP2],
           second[WARMUP2], control, timed, ratio[0], ratio[REPS - 1]);
    if (control >= SLOWER) {
        printf("FAIL  flush probe: with no flush between the two warm-up runs, the first load "
               "was still %.2fx slower than the second: the probe cannot see the L2 here\n",
               control);
        return TP_EXIT_FAIL;
    }
    if (timed < SLOWER) {
        printf("FAIL  flush probe: in the median timed run the first load was only %.2fx "
               "slower than the second (an L2 hit; want at least %.1fx): the L2 is not "
               "flushed before the timed runs\n", timed, SLOWER);
        return TP_EXIT_FAIL;
    }
    printf("PASS  flush probe: every timed run starts with an empty L2 (first load %.2fx "
           "slower than the second; %.2fx with no flush)\n", timed, control);
    return TP_EXIT_OK;
}
