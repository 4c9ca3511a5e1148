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
 * a chapter's, is a plain transpose in which one thread first walks a
 * chain of CHASE_LINES loads through a buffer of its own, each load's
 * address taken from the value the previous one returned, so the loads
 * cannot overlap: the walk takes CHASE_LINES times the latency of
 * wherever the lines are. It walks the chain twice. The first walk finds
 * the lines wherever the previous run (or the flush) left them; the second
 * finds them in the L2. After a flush the first walk reads DRAM and takes
 * clearly longer than the second; with no flush, about as long. No other
 * thread touches the buffer, so only the flush can take it out of the L2.
 *
 * The harness runs the kernel once to check it, twice to warm up, then
 * --reps times, each timed run after a flush. The two warm-up runs follow
 * each other with no flush, so the second one is the control: its first
 * walk must look like the second, or the probe cannot tell the two apart
 * on this GPU. Then the median timed run must look like DRAM.
 */
#include "harness.h"

#define REPS 15
#define LAUNCHES (1 + 2 + REPS)   /* the check, two warm-ups, the timed runs */
#define WARMUP2 2                 /* index of the second warm-up run          */
#define SLOWER 1.5                /* a walk from DRAM is at least this much slower */
#define CHASE_LINES 1024          /* 128-byte lines in the chain: 128 KB      */
#define LINE_INTS 32

/* chase[k] holds k + LINE_INTS, the next line's first word (the last line
 * points back to 0): main fills it before the first run. */
__device__ int chase[CHASE_LINES * LINE_INTS];
__device__ long long probe_first[LAUNCHES], probe_second[LAUNCHES];
__device__ unsigned probe_launch;
__device__ volatile int probe_sink;

/* Clock cycles of one walk along the chain, each load bypassing L1
 * (__ldcg) so that it finds the line in the L2 or in DRAM. */
static __device__ long long walk_cycles(void)
{
    long long start = clock64();
    int j = 0;
    for (int k = 0; k < CHASE_LINES; k++)
        j = __ldcg(&chase[j]);
    probe_sink = j;   /* the last load's value is used before the clock is read */
    return clock64() - start;
}

__global__ void transpose_flush_probe(const float *in, float *out, int rows, int cols)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int r = blockIdx.y * blockDim.y + threadIdx.y;

    if (c == 0 && r == 0) {
        unsigned n = atomicAdd(&probe_launch, 1);
        long long first = walk_cycles();
        long long second = walk_cycles();
        if (n < LAUNCHES) {
            probe_first[n] = first;
            probe_second[n] = second;
        }
    }
    if (r < rows && c < cols)
        out[(long)c * rows + r] = in[(long)r * cols + c];
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

    static int links[CHASE_LINES * LINE_INTS];

    (void)argc;
    for (i = 0; i < CHASE_LINES * LINE_INTS; i++)
        links[i] = (i + LINE_INTS) % (CHASE_LINES * LINE_INTS);
    if (cudaMemcpyToSymbol(chase, links, sizeof links) != cudaSuccess) {
        printf("SKIP  flush probe: no usable GPU\n");
        return 0;
    }
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
    printf("      first walk / second walk, in clock cycles: unflushed warm-up %lld / %lld "
           "(%.2fx); timed runs, median %.2fx (from %.2fx to %.2fx)\n", first[WARMUP2],
           second[WARMUP2], control, timed, ratio[0], ratio[REPS - 1]);
    if (control >= SLOWER) {
        printf("FAIL  flush probe: with no flush between the two warm-up runs, the first walk "
               "was still %.2fx slower than the second: the probe cannot see the L2 here\n",
               control);
        return TP_EXIT_FAIL;
    }
    if (timed < SLOWER) {
        printf("FAIL  flush probe: in the median timed run the first walk was only %.2fx "
               "slower than the second (an L2 hit; want at least %.1fx): the L2 is not "
               "flushed before the timed runs\n", timed, SLOWER);
        return TP_EXIT_FAIL;
    }
    printf("PASS  flush probe: the timed runs start with an empty L2 (first walk %.2fx "
           "slower than the second; %.2fx with no flush)\n", timed, control);
    return TP_EXIT_OK;
}
