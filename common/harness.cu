/*
 * harness.cu - pick the GPU, check every kernel, time it, print the table.
 * See harness.h for what tp_run() does. Read it top-down: tp_run() at the
 * bottom calls, in order, parse -> select -> open the device -> one of
 * table(), check_shapes() or grade(); everything above it is what those
 * three are made of.
 */
#include "harness.h"

#include <string.h>

#include "grade.h"

#define WARMUP_RUNS 2
#define MEMCPY_NAME "cudaMemcpy device-to-device"
#define COPY_KERNEL_NAME "copy_kernel_float4"
#define COPY_THREADS 256
#define COPY_PER_THREAD 4   /* float4s per thread: one 16 KB chunk per block */

/* The element size of a kernel of the table: 0 in the table means float32. */
static int elem_bytes_of(const tp_kernel *k)
{
    return k->elem_bytes > 0 ? k->elem_bytes : (int)sizeof(float);
}

/* ---- Small things ------------------------------------------------------- */

static void fatal_usage(const char *prog, const char *msg)
{
    fprintf(stderr, "%s: error: %s\n", prog, msg);
    exit(TP_EXIT_USAGE);
}

static void *host_alloc(const char *prog, size_t bytes)
{
    void *p = malloc(bytes);
    if (p == NULL) {
        fprintf(stderr, "%s: error: cannot allocate %.1f MB of host memory\n", prog, bytes / 1e6);
        exit(TP_EXIT_FAIL);
    }
    return p;
}

const char *tp_no_gpu_reason(cudaError_t err)
{
    switch (err) {
    case cudaSuccess:               return "the driver reports 0 devices";
    case cudaErrorNoDevice:         return "the driver finds no CUDA device";
    case cudaErrorInsufficientDriver:
        return "no NVIDIA driver is loaded, or it is older than this CUDA runtime";
    default:                        return cudaGetErrorString(err);
    }
}

void tp_device_info_get(int ordinal, tp_device_info *info)
{
    cudaDeviceProp prop;
    int value;

    CHECK_CUDA(cudaGetDeviceProperties(&prop, ordinal));
    memset(info, 0, sizeof *info);
    snprintf(info->name, sizeof info->name, "%s", prop.name);
    info->ordinal = ordinal;
    info->cc_major = prop.major;
    info->cc_minor = prop.minor;
    info->sm_count = prop.multiProcessorCount;
    info->l2_bytes = (size_t)prop.l2CacheSize;
    info->mem_bytes = prop.totalGlobalMem;
    /* CUDA 13 removed cudaDeviceProp::memoryClockRate; the attribute works
     * on CUDA 12 and 13 alike. */
    CHECK_CUDA(cudaDeviceGetAttribute(&value, cudaDevAttrMemoryClockRate, ordinal));
    info->mem_clock_khz = value;
    CHECK_CUDA(cudaDeviceGetAttribute(&value, cudaDevAttrGlobalMemoryBusWidth, ordinal));
    info->bus_width_bits = value;
    info->peak_gbps = tp_peak_gbps(info->mem_clock_khz, info->bus_width_bits);
}

/* ---- The buffers of one shape -------------------------------------------- */

/* What a run runs: a kernel of the table, or one of the two copies that
 * make the ceiling (cudaMemcpy, and the harness's copy kernel below). */
typedef enum { RUN_KERNEL, RUN_MEMCPY, RUN_COPY_KERNEL } run_kind;

/* A shape of 1 to 4 axes, slowest first: a matrix is rank 2, rows x cols. */
typedef struct {
    int rank;
    int64_t dims[TP_MAX_RANK];
} nd_shape;

/* Everything one run of the program works on: the device, and the input,
 * output and reference of the shape being run now. */
typedef struct {
    const char *prog;
    tp_options opt;
    tp_device_info dev;
    nd_shape shape;          /* the shape of the buffers below              */
    long rows, cols;         /* the same as one matrix: cols the last axis,
                                rows every other axis multiplied            */
    int elem_bytes;          /* of their elements: 4 (float32), or 1, 2, 8   */
    size_t bytes;            /* one matrix                                  */
    void *d_in, *d_out;      /* device input and output                     */
    unsigned char *d_out_base;  /* d_out with its guard zones around it    */
    void *d_flush;           /* read before each timed run to empty the L2  */
    size_t flush_bytes;      /* 0 when nothing is timed                     */
    void *h_in, *h_out;      /* host input, and the output copied back       */
    unsigned char *h_guards; /* the two guard zones copied back              */
    void *h_ref;             /* the CPU reference of ref_problem             */
    int ref_made;            /* 1 once h_ref holds it                        */
    tp_problem ref_problem;  /* (simplified: tp_problem_simplify)            */
    /* A tensor table (chapter 11): every row is a problem on `shape`
     * (problem_of); a 2-D table's rows copy or transpose rows x cols. */
    int tensor;
} tp_context;

int tp_open_gpus(const char *prog, int device)
{
    int count = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    char msg[160];

    if (err != cudaSuccess || count == 0) {
        fprintf(stderr, "%s: no usable CUDA GPU: %s; these programs need an NVIDIA GPU "
                "of compute capability 7.5 or newer\n", prog, tp_no_gpu_reason(err));
        exit(TP_EXIT_NO_GPU);
    }
    if (device >= count) {
        snprintf(msg, sizeof msg, "--device %d: this machine has %d GPU%s (0 to %d)",
                 device, count, count == 1 ? "" : "s", count - 1);
        fatal_usage(prog, msg);
    }
    return count;
}

/* Picks the GPU or exits: TP_EXIT_NO_GPU with one line if there is none. */
static void open_device(tp_context *c)
{
    tp_open_gpus(c->prog, c->opt.device);
    CHECK_CUDA(cudaSetDevice(c->opt.device));
    tp_device_info_get(c->opt.device, &c->dev);
}

static nd_shape matrix_shape(long r, long c) { nd_shape s = { 2, { r, c } }; return s; }
static nd_shape tensor_shape(long d, long r, long c) { nd_shape s = { 3, { d, r, c } }; return s; }

/* The shape as one matrix: cols its last axis, rows every other one multiplied. */
static long elements_of(const nd_shape *s)
{
    long n = 1;
    for (int a = 0; a < s->rank; a++)
        n *= (long)s->dims[a];
    return n;
}
static long cols_of(const nd_shape *s) { return (long)s->dims[s->rank - 1]; }
static long rows_of(const nd_shape *s) { return elements_of(s) / cols_of(s); }

static int same_shape(const nd_shape *a, const nd_shape *b)
{
    return a->rank == b->rank && memcmp(a->dims, b->dims, (size_t)a->rank * sizeof a->dims[0]) == 0;
}

/* The problem tensor row k solves on shape s of elem_bytes-byte elements:
 * its permutation of its rank's axes (a legacy tensor row's: 3) on s, with
 * leading 1s added or leading axes of 1 dropped (tp_problem_set_shape).
 * Returns NULL, or why the row cannot take s. */
static const char *problem_of(const nd_shape *s, int elem_bytes, const tp_kernel *k,
                              tp_problem *p)
{
    static char why[TP_MAX_RANK + 1][160];   /* one per rank: a table prints them at the end */
    int r = k->launch_problem != NULL ? k->rank : 3;

    memset(p, 0, sizeof *p);
    p->rank = r;
    p->elem_bytes = elem_bytes;
    memcpy(p->perm, k->perm, sizeof p->perm);
    r = r >= 1 && r <= TP_MAX_RANK ? r : 0;
    if (tp_problem_set_shape(p, s->dims, s->rank, why[r], sizeof why[r]) != TP_OK)
        return why[r];
    return NULL;
}

/* What a run on the current buffers computes, as a problem: a tensor row's
 * own; that of a 2-D row (or of the ceiling's copies) is the rows x cols
 * matrix with perm (0, 1), a copy, or (1, 0), a transpose. */
static tp_problem checked_problem(const tp_context *c, const tp_kernel *k, run_kind kind)
{
    tp_problem p;
    if (kind == RUN_KERNEL && c->tensor && problem_of(&c->shape, c->elem_bytes, k, &p) == NULL)
        return p;   /* (a row that cannot take the shape is named by its matrix) */
    return tp_matrix_problem(c->rows, c->cols, kind == RUN_KERNEL ? k->op : TP_COPY,
                             c->elem_bytes);
}

/* Makes sure input + output + flush_bytes of shape s fit on the GPU. A
 * shape the user chose, or a tensor (its sides are the lesson), that does
 * not fit is an error; the default matrix shrinks, with a note on stderr. */
static void fit_on_gpu(tp_context *c, nd_shape *s, int elem_bytes, size_t flush_bytes,
                       int user_chose)
{
    size_t free_bytes = 0, total_bytes = 0;
    size_t reserve = 64u << 20;   /* headroom for the CUDA context and cuBLAS */
    long rows = rows_of(s), cols = cols_of(s);
    char msg[256], name[96];

    CHECK_CUDA(cudaMemGetInfo(&free_bytes, &total_bytes));
    if (tp_fits_elems(rows, cols, elem_bytes, free_bytes, flush_bytes + reserve))
        return;
    if (user_chose || c->tensor) {
        snprintf(msg, sizeof msg,
                 "%s needs %.2f GB for input and output, but the GPU has %.2f GB free",
                 tp_format_dims(s->dims, s->rank, name, sizeof name),
                 2.0 * rows * cols * elem_bytes / 1e9, free_bytes / 1e9);
        fatal_usage(c->prog, msg);
    }
    if (tp_shrink_to_fit_elems(&rows, &cols, elem_bytes, free_bytes, flush_bytes + reserve) < 0)
        fatal_usage(c->prog, "the GPU has too little free memory for even a 1 x 1 matrix");
    *s = matrix_shape(rows, cols);
    fprintf(stderr, "%s: note: the GPU has %.2f GB free, so the default matrix shrank to "
            "%ld x %ld\n", c->prog, free_bytes / 1e9, rows, cols);
}

/* Allocates and fills the buffers for an input of shape s, elem_bytes-byte
 * elements (filled like one matrix: linear element i holds input value i);
 * flush_bytes of L2-flush buffer when kernels will be timed, 0 when they
 * are only checked. */
static void setup_buffers(tp_context *c, const nd_shape *s, int elem_bytes, size_t flush_bytes)
{
    c->shape = *s;
    c->rows = rows_of(s);
    c->cols = cols_of(s);
    c->elem_bytes = elem_bytes;
    c->bytes = (size_t)c->rows * (size_t)c->cols * (size_t)elem_bytes;
    c->flush_bytes = flush_bytes;
    c->h_in = host_alloc(c->prog, c->bytes);
    c->h_out = host_alloc(c->prog, c->bytes);
    c->h_ref = NULL;   /* made when first needed */
    c->ref_made = 0;
    tp_fill_input_bytes(c->h_in, c->rows, c->cols, elem_bytes);

    CHECK_CUDA(cudaMalloc(&c->d_in, c->bytes));
    /* The output sits between two guard zones (validate.h) that no kernel
     * may write: a store past the output's edge changes them, and the
     * check of the output checks them too. TP_GUARD_BYTES is a multiple of
     * 256, so d_out keeps cudaMalloc's alignment. */
    CHECK_CUDA(cudaMalloc(&c->d_out_base, c->bytes + 2 * (size_t)TP_GUARD_BYTES));
    CHECK_CUDA(cudaMemset(c->d_out_base, TP_GUARD_BYTE, c->bytes + 2 * (size_t)TP_GUARD_BYTES));
    c->d_out = c->d_out_base + TP_GUARD_BYTES;
    c->h_guards = (unsigned char *)host_alloc(c->prog, 2 * (size_t)TP_GUARD_BYTES);
    c->d_flush = NULL;
    if (flush_bytes > 0) {
        CHECK_CUDA(cudaMalloc(&c->d_flush, flush_bytes));
        CHECK_CUDA(cudaMemset(c->d_flush, 0, flush_bytes));   /* written once, here */
    }
    CHECK_CUDA(cudaMemcpy(c->d_in, c->h_in, c->bytes, cudaMemcpyHostToDevice));
}

static void free_buffers(tp_context *c)
{
    CHECK_CUDA(cudaFree(c->d_in));
    CHECK_CUDA(cudaFree(c->d_out_base));
    CHECK_CUDA(cudaFree(c->d_flush));   /* cudaFree(NULL) does nothing */
    free(c->h_in);
    free(c->h_out);
    free(c->h_guards);
    free(c->h_ref);
    c->d_in = c->d_out = c->d_flush = NULL;
    c->d_out_base = c->h_guards = NULL;
    c->h_in = c->h_out = c->h_ref = NULL;
}

/* 1 if a and b are the same problem (entries past the rank aside). */
static int same_problem(const tp_problem *a, const tp_problem *b)
{
    return a->rank == b->rank && a->elem_bytes == b->elem_bytes &&
           memcmp(a->dims, b->dims, (size_t)a->rank * sizeof a->dims[0]) == 0 &&
           memcmp(a->perm, b->perm, (size_t)a->rank * sizeof a->perm[0]) == 0;
}

/* What a correct run writes, made on the CPU when first needed and again
 * only when the problem changes. Simplified first (problem.h): a copy, and
 * any permutation that moves no byte, is the input itself; a 2-D transpose
 * is tp_reference_bytes, cache-blocked for large matrices; the rest is
 * tp_problem_reference. */
static const void *reference(tp_context *c, const tp_kernel *k, run_kind kind)
{
    tp_problem p = checked_problem(c, k, kind), q = tp_problem_simplify(&p);

    if (q.rank == 1)
        return c->h_in;
    if (c->h_ref == NULL)
        c->h_ref = host_alloc(c->prog, c->bytes);
    if (!c->ref_made || !same_problem(&q, &c->ref_problem)) {
        if (q.rank == 2)
            tp_reference_bytes(c->h_in, c->h_ref, (long)q.dims[0], (long)q.dims[1], TP_TRANSPOSE,
                               q.elem_bytes);
        else
            tp_problem_reference(&q, c->h_in, c->h_ref);
        c->ref_problem = q;
        c->ref_made = 1;
    }
    return c->h_ref;
}

/* ---- One kernel: run, check, time ------------------------------------------- */

/* The L2 flush: reads every 16 bytes of a buffer twice the L2's size, so
 * that every line the L2 held before (the input, the poisoned output) is
 * evicted, the dirty ones written back now, before the timer starts. What
 * it leaves in the L2 is its own clean lines, which the timed kernel can
 * evict without writing anything back. (A cudaMemset of the same buffer
 * empties the L2 too, but leaves it full of dirty lines that the timed
 * kernel then has to write back to DRAM.) The buffer holds zeros, so `key`
 * (1) is never met and nothing is ever stored; the compiler cannot know
 * that, so it keeps every load. */
__global__ void flush_l2_by_reading(const uint4 *__restrict__ buf, size_t n16, unsigned key,
                                    unsigned *sink)
{
    unsigned acc = 0;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n16;
         i += (size_t)gridDim.x * blockDim.x) {
        uint4 v = buf[i];
        acc ^= v.x ^ v.y ^ v.z ^ v.w;
    }
    if (acc == key)
        *sink = acc;
}

void tp_flush_l2(const void *buf, size_t bytes, int sm_count, cudaStream_t stream)
{
    if (bytes < 16)
        return;
    flush_l2_by_reading<<<sm_count * 8, 256, 0, stream>>>((const uint4 *)buf, bytes / 16, 1u,
                                                         (unsigned *)buf);
    CHECK_CUDA(cudaGetLastError());
}

static void flush_l2(tp_context *c)
{
    tp_flush_l2(c->d_flush, c->flush_bytes, c->dev.sm_count, 0);
}

/* The ceiling's own copy kernel: each block copies one contiguous chunk of
 * COPY_THREADS x COPY_PER_THREAD float4s, every thread issuing its loads
 * before its stores; the last n % 16 bytes (fewer than one float4) go one
 * byte per thread of block 0. It counts bytes, so the same kernel copies
 * a matrix of any element size. 64-bit indices, so it copies any matrix.
 * cudaMalloc's pointers are 256-byte aligned, so the float4 accesses are
 * too. */
__global__ void __launch_bounds__(COPY_THREADS)
copy_kernel_float4(const unsigned char *__restrict__ in, unsigned char *__restrict__ out,
                   size_t n)
{
    const float4 *in4 = (const float4 *)in;
    float4 *out4 = (float4 *)out;
    size_t n4 = n / 16;
    size_t i = (size_t)blockIdx.x * (COPY_THREADS * COPY_PER_THREAD) + threadIdx.x;
    float4 v[COPY_PER_THREAD];

#pragma unroll
    for (int k = 0; k < COPY_PER_THREAD; k++)
        if (i + k * COPY_THREADS < n4)
            v[k] = in4[i + k * COPY_THREADS];
#pragma unroll
    for (int k = 0; k < COPY_PER_THREAD; k++)
        if (i + k * COPY_THREADS < n4)
            out4[i + k * COPY_THREADS] = v[k];
    if (blockIdx.x == 0 && threadIdx.x < n - 16 * n4)
        out[16 * n4 + threadIdx.x] = in[16 * n4 + threadIdx.x];
}

/* One run of kernel k (or of one of the two copies). Returns NULL, or the
 * reason the kernel does not take this shape (nothing was launched). */
static const char *run_once(tp_context *c, const tp_kernel *k, run_kind kind)
{
    const char *na = NULL;

    if (kind == RUN_MEMCPY) {
        CHECK_CUDA(cudaMemcpyAsync(c->d_out, c->d_in, c->bytes, cudaMemcpyDeviceToDevice, 0));
    } else if (kind == RUN_COPY_KERNEL) {
        size_t per_block = COPY_THREADS * COPY_PER_THREAD;
        size_t blocks = (c->bytes / 16 + per_block - 1) / per_block;
        copy_kernel_float4<<<(unsigned)(blocks > 0 ? blocks : 1), COPY_THREADS>>>(
            (const unsigned char *)c->d_in, (unsigned char *)c->d_out, c->bytes);
    } else if (c->tensor) {
        /* An in-place kernel works on the output buffer alone, which the
         * caller has just filled with the input (prepare_output). */
        const void *in = k->in_place ? c->d_out : c->d_in;
        tp_problem p;
        na = problem_of(&c->shape, c->elem_bytes, k, &p);
        if (na == NULL && k->launch_problem != NULL)
            na = k->launch_problem(in, c->d_out, &p, k->block);
        else if (na == NULL)   /* a legacy tensor row: rank 3, float32 */
            na = k->launch_tensor((const float *)in, (float *)c->d_out, (long)p.dims[0],
                                  (long)p.dims[1], (long)p.dims[2], k->perm, k->block);
    } else if (k->launch_bytes != NULL) {
        na = k->launch_bytes(c->d_in, c->d_out, (int)c->rows, (int)c->cols, k->block);
    } else {
        na = k->launch((const float *)c->d_in, (float *)c->d_out, (int)c->rows, (int)c->cols,
                       k->block);
    }
    CHECK_LAUNCH();
    return na;
}

/* Before a run: poison the output, so an element never written shows; or,
 * for an in-place kernel, copy the pristine input into the buffer it
 * permutes (d_in itself is never handed to it, so it stays the input). */
static void prepare_output(tp_context *c, const tp_kernel *k, run_kind kind)
{
    if (kind == RUN_KERNEL && c->tensor && k->in_place)
        CHECK_CUDA(cudaMemcpy(c->d_out, c->d_in, c->bytes, cudaMemcpyDeviceToDevice));
    else
        CHECK_CUDA(cudaMemset(c->d_out, TP_POISON_BYTE, c->bytes));
}

/* Copies the output of the last run back and compares every element with
 * the reference, and the guard zones around it with their pattern. Fills
 * res->ok and res->check. With `loud` a failure names its first wrong
 * elements (or the bytes written outside the output) on stderr. */
static void check_output(tp_context *c, const tp_kernel *k, run_kind kind, tp_result *res,
                         int loud)
{
    const void *ref;
    tp_problem p;

    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaMemcpy(c->h_out, c->d_out, c->bytes, cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(c->h_guards, c->d_out_base, TP_GUARD_BYTES, cudaMemcpyDeviceToHost));
    CHECK_CUDA(cudaMemcpy(c->h_guards + TP_GUARD_BYTES, (unsigned char *)c->d_out + c->bytes,
                          TP_GUARD_BYTES, cudaMemcpyDeviceToHost));
    ref = reference(c, k, kind);
    res->check = tp_compare_bytes(c->h_out, ref, (size_t)c->rows * (size_t)c->cols,
                                  c->elem_bytes);
    tp_check_guards(&res->check, c->h_guards, c->h_guards + TP_GUARD_BYTES, c->bytes);
    res->ok = res->check.mismatches == 0;
    if (loud && res->check.outside > 0)
        fprintf(stderr, "%s: FAIL, %zu bytes written outside the output%s, the nearest %lld "
                "bytes %s\n", res->name, res->check.outside,
                res->wrong_late ? " in the timed runs" : "",
                res->check.first_outside < 0 ? -res->check.first_outside
                                             : res->check.first_outside - (long long)c->bytes + 1,
                res->check.first_outside < 0 ? "before its start" : "past its end");
    if (loud && !res->ok && res->check.outside == 0) {
        fprintf(stderr, "%s: FAIL, the first wrong elements of the output%s:\n", res->name,
                res->wrong_late ? " after the timed runs" : "");
        p = checked_problem(c, k, kind);
        tp_print_mismatches_nd(stderr, &res->check, c->h_out, ref, &p);
    }
    if (res->check.outside > 0)   /* the guards are set again for the next run */
        CHECK_CUDA(cudaMemset(c->d_out_base, TP_GUARD_BYTE,
                              c->bytes + 2 * (size_t)TP_GUARD_BYTES));
}

/* Poisons the output, runs once, and checks the output (check_output).
 * Fills res->na, or res->ok and res->check. */
static void validate(tp_context *c, const tp_kernel *k, run_kind kind, tp_result *res, int loud)
{
    prepare_output(c, k, kind);
    res->na = run_once(c, k, kind);
    if (res->na == NULL)
        check_output(c, k, kind, res, loud);
}

/* Warm-up runs, then opt.reps timed runs with CUDA events. Before each
 * timed run the output is poisoned and the L2 is flushed by reading a
 * buffer twice its size (flush_l2), so no run is served from the previous
 * one's cached lines (tests/flush_probe.cu checks that it is) and none
 * pays for writing back lines an earlier step left dirty. After the last
 * run the output is checked again, every element and the guard zones: a
 * kernel that is right only on its first run, or only sometimes, fails
 * here (res->ok 0, res->wrong_late 1) and gets no bandwidth figure. */
static void time_kernel(tp_context *c, const tp_kernel *k, run_kind kind, tp_result *res)
{
    int reps = c->opt.reps, i;
    double *ms = (double *)host_alloc(c->prog, (size_t)reps * sizeof(double));
    cudaEvent_t start, stop;

    CHECK_CUDA(cudaEventCreate(&start));
    CHECK_CUDA(cudaEventCreate(&stop));
    for (i = 0; i < WARMUP_RUNS; i++)
        run_once(c, k, kind);
    for (i = 0; i < reps; i++) {
        float t;
        prepare_output(c, k, kind);
        flush_l2(c);
        CHECK_CUDA(cudaEventRecord(start, 0));
        run_once(c, k, kind);
        CHECK_CUDA(cudaEventRecord(stop, 0));
        CHECK_CUDA(cudaEventSynchronize(stop));
        CHECK_CUDA(cudaEventElapsedTime(&t, start, stop));
        ms[i] = t;
    }
    res->wrong_late = 1;   /* what check_output reports, if it fails */
    check_output(c, k, kind, res, 1);
    if (res->ok)
        res->wrong_late = 0;
    res->median_ms = tp_median(ms, reps);   /* sorts ms */
    res->min_ms = ms[0];
    res->max_ms = ms[reps - 1];
    res->gbps = tp_effective_gbps_elems(c->rows, c->cols, c->elem_bytes, res->median_ms);
    res->timed = res->ok;
    CHECK_CUDA(cudaEventDestroy(start));
    CHECK_CUDA(cudaEventDestroy(stop));
    free(ms);
}

/* The copy ceiling: the faster of the driver's device-to-device copy and
 * the harness's own copy kernel, both checked and timed on the same bytes
 * in this run. Neither is an upper bound on its own: on some shapes the
 * kernel beats cudaMemcpy, and on some GPUs cudaMemcpy runs on copy
 * engines that are slower than any kernel. Fills res[0] (cudaMemcpy) and
 * res[1] (the kernel); returns the index of the faster one. */
static int time_copy_ceiling(tp_context *c, tp_result res[2])
{
    static const char *const names[2] = { MEMCPY_NAME, COPY_KERNEL_NAME };
    static const run_kind kinds[2] = { RUN_MEMCPY, RUN_COPY_KERNEL };
    /* For elements other than float32 the rows say whose bytes they copy,
     * e.g. "cudaMemcpy device-to-device (float64)"; indexed by elem_bytes. */
    static char named[9][2][64];
    int i;

    for (i = 0; i < 2; i++) {
        memset(&res[i], 0, sizeof res[i]);
        res[i].name = names[i];
        if (c->elem_bytes != (int)sizeof(float)) {
            snprintf(named[c->elem_bytes][i], sizeof named[0][0], "%s (%s)", names[i],
                     tp_elem_name(c->elem_bytes));
            res[i].name = named[c->elem_bytes][i];
        }
        snprintf(res[i].block, sizeof res[i].block, i == 0 ? "-" : "%d", COPY_THREADS);
        validate(c, NULL, kinds[i], &res[i], 1);
        if (!res[i].ok) {
            fprintf(stderr, "%s: %s gave a wrong copy: the GPU or driver is broken, nothing "
                    "can be measured\n", c->prog, names[i]);
            exit(TP_EXIT_FAIL);
        }
        time_kernel(c, NULL, kinds[i], &res[i]);
        if (!res[i].ok) {
            fprintf(stderr, "%s: %s gave a wrong copy in its timed runs: the GPU or driver "
                    "is broken, nothing can be measured\n", c->prog, names[i]);
            exit(TP_EXIT_FAIL);
        }
    }
    return res[1].gbps > res[0].gbps;
}

/* --kernel NAME[,NAME...] (cli.h says which names match). */
static int selected(const tp_options *opt, const tp_kernel *k)
{
    return tp_kernel_selected(opt, k->name);
}

/* ---- The three things a program can do ------------------------------------- */

/* The shape --size gave, or the default: 8192 x 8192 for a 2-D table, and
 * 512 x 512 x 512 for a tensor table, whose shapes have at least 3 axes
 * (--size RxC is 1 x R x C). */
static nd_shape given_shape(const tp_context *c)
{
    nd_shape s = tensor_shape(1, c->opt.rows, c->opt.cols);

    if (!c->tensor)
        return matrix_shape(c->opt.rows, c->opt.cols);
    if (!c->opt.size_given)
        return tensor_shape(TP_DEFAULT_DEPTH3, TP_DEFAULT_DEPTH3, TP_DEFAULT_DEPTH3);
    if (c->opt.rank >= 3) {
        s.rank = c->opt.rank;
        memcpy(s.dims, c->opt.dims, sizeof s.dims);
    }
    return s;
}

/* 1 if row k takes shape s: a 2-D row every matrix, a tensor row the
 * shapes its rank takes (problem_of). */
static int takes(const tp_context *c, const nd_shape *s, const tp_kernel *k)
{
    tp_problem p;
    return !c->tensor || problem_of(s, elem_bytes_of(k), k, &p) == NULL;
}

/* 1 if a row this run uses takes shape s: a row with a target under
 * --grade, any row for --list-shapes, a selected row otherwise. */
static int shape_used(const tp_context *c, const nd_shape *s, const tp_kernel *kernels,
                      int count)
{
    int i;
    for (i = 0; i < count; i++)
        if ((c->opt.list_shapes || (c->opt.grade ? kernels[i].target > 0
                                                 : selected(&c->opt, &kernels[i]))) &&
            takes(c, s, &kernels[i]))
            return 1;
    return 0;
}

/* Validates the selected kernels on the current buffers. In check mode one
 * line per kernel ("PASS name, block 32x8 (17 x 83)"); otherwise each
 * correct kernel is timed too. On the awkward-shape list (--check, no
 * --size) a tensor row skips the shapes its rank does not take. Fills res[]
 * from index *n on. Returns the number of wrong kernels; *applied counts
 * the kernels that took the shape. */
static int run_kernels(tp_context *c, const tp_kernel *kernels, int count, tp_result *res,
                       int *n, int *applied)
{
    int failed = 0, i;
    char shape[80];

    tp_format_dims(c->shape.dims, c->shape.rank, shape, sizeof shape);
    *applied = 0;
    for (i = 0; i < count; i++) {
        const tp_kernel *k = &kernels[i];
        tp_result *r = &res[*n];
        if (!selected(&c->opt, k) || elem_bytes_of(k) != c->elem_bytes ||
            (c->opt.check && !c->opt.size_given && !takes(c, &c->shape, k)))
            continue;
        memset(r, 0, sizeof *r);
        r->name = k->name;
        snprintf(r->block, sizeof r->block, "%ux%u", k->block.x, k->block.y);
        validate(c, k, RUN_KERNEL, r, 1);
        if (r->na == NULL)
            (*applied)++;
        if (r->na == NULL && !r->ok) {
            failed++;
        } else if (r->na == NULL && !c->opt.check) {
            time_kernel(c, k, RUN_KERNEL, r);
            failed += !r->ok;   /* wrong after its timed runs */
        }
        if (c->opt.check && r->na)
            printf("n/a  %s, block %s (%s): %s\n", k->name, r->block, shape, r->na);
        else if (c->opt.check)
            printf("%s %s, block %s (%s)\n", r->ok ? "PASS" : "FAIL", k->name, r->block, shape);
        (*n)++;
    }
    return failed;
}

static void no_kernel_takes(tp_context *c)
{
    char msg[200], shape[80];
    snprintf(msg, sizeof msg, "no kernel of this program can take a %s %s (the table would be "
             "all n/a)", tp_format_dims(c->shape.dims, c->shape.rank, shape, sizeof shape),
             c->tensor ? "tensor" : "matrix");
    fatal_usage(c->prog, msg);
}

/* The element sizes of the selected kernels (with `graded`: of the
 * kernels with a target), each once, in table order. Returns how many
 * (at most 4: 1, 2, 4 and 8 bytes). */
static int elem_sizes(const tp_options *opt, const tp_kernel *kernels, int count, int graded,
                      int sizes[4])
{
    int n = 0, i, j;

    for (i = 0; i < count; i++) {
        int e = elem_bytes_of(&kernels[i]);
        if (graded ? kernels[i].target <= 0 : !selected(opt, &kernels[i]))
            continue;
        for (j = 0; j < n && sizes[j] != e; j++)
            ;
        if (j == n && n < 4)
            sizes[n++] = e;
    }
    return n;
}

/* The default: the ceiling, then every selected kernel checked and timed,
 * then the table (or CSV). A table of several element sizes measures one
 * section per size, each with its own ceiling on its own bytes, all on the
 * same shape (the largest size decides whether it fits). */
static int table(tp_context *c, const char *title, const tp_kernel *kernels, int count)
{
    nd_shape shape = given_shape(c);
    size_t flush = 2 * c->dev.l2_bytes;
    int sizes[4], nsizes = elem_sizes(&c->opt, kernels, count, 0, sizes);
    tp_result *res = (tp_result *)calloc((size_t)nsizes * ((size_t)count + 2), sizeof *res);
    int n[4], best[4], largest = 0, failed = 0, applied_all = 0, applied, s;
    char shape_name[96];

    for (s = 0; s < nsizes; s++)
        largest = sizes[s] > largest ? sizes[s] : largest;
    fit_on_gpu(c, &shape, largest, flush, c->opt.size_given);
    for (s = 0; s < nsizes; s++) {
        tp_result *sec = res + (size_t)s * ((size_t)count + 2);
        n[s] = 2;
        setup_buffers(c, &shape, sizes[s], flush);
        best[s] = time_copy_ceiling(c, sec);
        failed += run_kernels(c, kernels, count, sec, &n[s], &applied);
        applied_all += applied;
        free_buffers(c);
    }
    if (applied_all == 0)
        no_kernel_takes(c);
    tp_format_dims(shape.dims, shape.rank, shape_name, sizeof shape_name);

    if (c->opt.csv)
        tp_print_csv_header(stdout);
    else   /* (a 2-D table of one size names its matrix in the header) */
        tp_print_header_elems(stdout, title, &c->dev, c->rows, c->cols, c->opt.reps,
                              !c->tensor && nsizes == 1 ? sizes[0] : 0);
    for (s = 0; s < nsizes; s++) {
        tp_result *sec = res + (size_t)s * ((size_t)count + 2);
        if (c->opt.csv) {
            tp_print_csv_rows(stdout, &c->dev, c->rows, c->cols, sec, n[s], sec[best[s]].gbps);
            continue;
        }
        if (nsizes > 1)
            printf("\n");
        if (c->tensor)   /* its shape and element type */
            printf("tensor  %s %s (%.1f MB in, the same out)\n", shape_name,
                   tp_elem_name(sizes[s]), (double)c->rows * c->cols * sizes[s] / 1e6);
        else if (nsizes > 1)
            tp_print_matrix(stdout, &c->dev, c->rows, c->cols, sizes[s]);
        tp_print_ceiling(stdout, sec, best[s]);
        tp_print_table(stdout, sec, n[s], sec[best[s]].gbps, c->dev.peak_gbps);
    }
    free(res);
    return failed ? TP_EXIT_FAIL : TP_EXIT_OK;
}

/* --check: validation only, on --size or on every shape of the list (its
 * small ones with --small) that a selected row takes, every element size
 * on each. One line per kernel and shape. */
static int check_shapes(tp_context *c, const tp_kernel *kernels, int count)
{
    tp_result *res = (tp_result *)calloc((size_t)count, sizeof *res);
    int sizes[4], nsizes = elem_sizes(&c->opt, kernels, count, 0, sizes);
    int failed = 0, s, e, n, applied, applied_all;
    nd_shape shape;

    for (s = 0; tp_check_shape_at(c->tensor, s, &shape.rank, shape.dims); s++) {
        if (c->opt.size_given)
            shape = given_shape(c);
        else if ((c->opt.small && elements_of(&shape) > TP_SMALL_SHAPE_ELEMENTS) ||
                 !shape_used(c, &shape, kernels, count))
            continue;
        applied_all = 0;
        for (e = 0; e < nsizes; e++) {
            fit_on_gpu(c, &shape, sizes[e], 0, 1);
            setup_buffers(c, &shape, sizes[e], 0);
            n = 0;
            failed += run_kernels(c, kernels, count, res, &n, &applied);
            applied_all += applied;
            free_buffers(c);
        }
        if (applied_all == 0)
            no_kernel_takes(c);
        if (c->opt.size_given)
            break;
    }
    free(res);
    return failed ? TP_EXIT_FAIL : TP_EXIT_OK;
}

/* What a check of one shape found, written into the kernel's verdict record:
 * the first shape that went wrong is the one the verdict names (as depth x
 * rows x cols: every axis but the last two is the depth; 0 for a matrix). */
static void note_check(tp_grade *g, tp_context *c, const tp_kernel *k, const tp_result *r)
{
    tp_problem p = checked_problem(c, k, RUN_KERNEL);
    int a;

    g->shapes_checked++;
    if (r->na == NULL && r->ok)
        return;
    g->failed_depth = p.rank > 2;
    for (a = 0; a + 2 < p.rank; a++)
        g->failed_depth *= (long)p.dims[a];
    g->failed_rows = p.rank > 1 ? (long)p.dims[p.rank - 2] : 1;
    g->failed_cols = (long)p.dims[p.rank - 1];
    g->na = r->na;
    if (r->na != NULL)
        return;
    g->wrong_late = r->wrong_late;
    g->outside = r->check.outside;
    g->first_outside = r->check.first_outside;
    g->out_bytes = c->bytes;
    g->wrong = r->check.mismatches;
    g->unwritten = r->check.unwritten;
    g->elements = (size_t)c->rows * (size_t)c->cols;
    tp_format_mismatch_nd(g->first_wrong, sizeof g->first_wrong, r->check.first[0], c->h_out,
                          reference(c, k, RUN_KERNEL), &p);
}

/* The bandwidth a graded kernel is measured against: the copy ceiling's, or
 * that of the table's kernel named relative_to, checked and timed once per
 * shape here (cache[j] holds it; 0: not yet). */
static double reference_gbps(tp_context *c, const tp_kernel *kernels, int count,
                             const char *relative_to, double ceiling_gbps, double *cache)
{
    tp_result r;
    int j;
    char msg[200];

    if (relative_to == NULL)
        return ceiling_gbps;
    for (j = 0; j < count; j++)
        if (strcmp(kernels[j].name, relative_to) == 0)
            break;
    if (j == count) {
        snprintf(msg, sizeof msg, "--grade: the exercise compares with '%s', which is not "
                 "in its table", relative_to);
        fatal_usage(c->prog, msg);
    }
    if (elem_bytes_of(&kernels[j]) != c->elem_bytes) {
        snprintf(msg, sizeof msg, "--grade: the exercise compares with '%s', whose elements "
                 "are not the graded kernel's size", relative_to);
        fatal_usage(c->prog, msg);
    }
    if (cache[j] == 0.0) {
        memset(&r, 0, sizeof r);
        r.name = kernels[j].name;
        validate(c, &kernels[j], RUN_KERNEL, &r, 1);
        if (r.na != NULL || !r.ok) {
            fprintf(stderr, "%s: the reference kernel %s %s on %ld x %ld\n", c->prog,
                    relative_to, r.na ? "cannot run" : "failed its own check", c->rows, c->cols);
            exit(TP_EXIT_FAIL);
        }
        time_kernel(c, &kernels[j], RUN_KERNEL, &r);
        if (!r.ok) {
            fprintf(stderr, "%s: the reference kernel %s was wrong after its timed runs on "
                    "%ld x %ld\n", c->prog, relative_to, c->rows, c->cols);
            exit(TP_EXIT_FAIL);
        }
        cache[j] = r.gbps;
    }
    return cache[j];
}

/* The shape a graded kernel is timed on: its own, or the default
 * (8192 x 8192; a tensor's 512 x 512 x 512). */
static nd_shape speed_shape(const tp_context *c, const tp_kernel *k)
{
    long rows = k->speed_rows, cols = k->speed_cols, depth = k->speed_depth;
    if (!c->tensor)
        return matrix_shape(rows > 0 ? rows : TP_DEFAULT_ROWS, cols > 0 ? cols : TP_DEFAULT_COLS);
    return tensor_shape(depth > 0 ? depth : TP_DEFAULT_DEPTH3, rows > 0 ? rows : TP_DEFAULT_DEPTH3,
                        cols > 0 ? cols : TP_DEFAULT_DEPTH3);
}

/* --grade: every kernel with a target must be right on every shape of the
 * list and keep its exercise's rule, then reach its target speed on its
 * speed shape (8192 x 8192 unless the exercise names another): a fraction
 * of the copy ceiling, or a multiple of another kernel of the table, both
 * measured in the same run on the same shape. One line per graded kernel
 * (grade.c); exit status 0 only if all pass. */
static int grade(tp_context *c, const tp_kernel *kernels, int count)
{
    tp_grade *g = (tp_grade *)calloc((size_t)count, sizeof *g);
    double *ref_cache = (double *)calloc((size_t)count, sizeof *ref_cache);
    char (*labels)[96] = (char (*)[96])calloc((size_t)count, sizeof *labels);
    nd_shape now = { 0 };   /* the shape of the buffers now set up (rank 0: none) */
    nd_shape asked = { 0 }; /* the speed shape they were made for (now may have shrunk) */
    int elem = 0;           /* and the size of their elements                */
    size_t flush = 2 * c->dev.l2_bytes;
    tp_result copy[2], r;
    double ceiling = 0.0;
    int sizes[4], nsizes = elem_sizes(&c->opt, kernels, count, 1, sizes);
    int failed = 0, i, s, e;
    nd_shape shape;

    for (i = 0; i < count; i++) {
        int twins = 0, j;
        g[i].target = kernels[i].target;
        g[i].relative_to = kernels[i].relative_to;
        g[i].see = kernels[i].see ? kernels[i].see : "the chapter of this exercise";
        if (c->tensor || kernels[i].speed_rows > 0) {   /* the verdict names the shape */
            shape = speed_shape(c, &kernels[i]);
            g[i].speed_depth = shape.rank > 2 ? (long)shape.dims[0] : 0;
            g[i].speed_rows = (long)shape.dims[shape.rank - 2];
            g[i].speed_cols = (long)shape.dims[shape.rank - 1];
        }
        /* A kernel graded at several block shapes is named with its block. */
        for (j = 0; j < count; j++)
            twins += j != i && kernels[j].target > 0 && strcmp(kernels[j].name, kernels[i].name) == 0;
        if (twins)
            snprintf(labels[i], sizeof labels[i], "%s (block %ux%u)", kernels[i].name,
                     kernels[i].block.x, kernels[i].block.y);
        else
            snprintf(labels[i], sizeof labels[i], "%s", kernels[i].name);
        g[i].kernel = labels[i];
    }

    /* Correctness: every shape of the list (that a graded row takes), until
     * a kernel's first failure. */
    for (s = 0; tp_check_shape_at(c->tensor, s, &shape.rank, shape.dims); s++) {
        if (!shape_used(c, &shape, kernels, count))
            continue;
        for (e = 0; e < nsizes; e++) {
            setup_buffers(c, &shape, sizes[e], 0);
            for (i = 0; i < count; i++) {
                if (kernels[i].target <= 0 || g[i].failed_rows > 0 ||
                    elem_bytes_of(&kernels[i]) != sizes[e] || !takes(c, &shape, &kernels[i]))
                    continue;
                memset(&r, 0, sizeof r);
                r.name = kernels[i].name;
                validate(c, &kernels[i], RUN_KERNEL, &r, 0);
                note_check(&g[i], c, &kernels[i], &r);
            }
            free_buffers(c);
        }
    }

    /* Speed: on each kernel's speed shape, against the copy ceiling (or
     * the reference kernel) measured on that shape in the same run. */
    for (i = 0; i < count; i++) {
        char line[640];
        if (kernels[i].target <= 0)
            continue;
        shape = speed_shape(c, &kernels[i]);
        if (g[i].failed_rows == 0 && (!same_shape(&shape, &asked) ||
                                      elem_bytes_of(&kernels[i]) != elem)) {
            if (now.rank > 0)
                free_buffers(c);   /* before fitting: the old buffers free their memory */
            asked = shape;
            fit_on_gpu(c, &shape, elem_bytes_of(&kernels[i]), flush, 0);
            now = shape;
            elem = elem_bytes_of(&kernels[i]);
            setup_buffers(c, &now, elem, flush);
            ceiling = copy[time_copy_ceiling(c, copy)].gbps;
            memset(ref_cache, 0, (size_t)count * sizeof *ref_cache);   /* new shape */
        }
        if (g[i].failed_rows == 0) {
            memset(&r, 0, sizeof r);
            r.name = kernels[i].name;
            validate(c, &kernels[i], RUN_KERNEL, &r, 0);
            note_check(&g[i], c, &kernels[i], &r);
            if (r.na == NULL && r.ok && kernels[i].rule != NULL)
                g[i].rule_broken = kernels[i].rule();
            if (r.na == NULL && r.ok && g[i].rule_broken == NULL) {
                time_kernel(c, &kernels[i], RUN_KERNEL, &r);
                if (!r.ok) {   /* right on its first run, wrong after the timed ones */
                    note_check(&g[i], c, &kernels[i], &r);
                } else {
                    g[i].timed = 1;
                    g[i].ratio = r.gbps / reference_gbps(c, kernels, count,
                                                         kernels[i].relative_to, ceiling,
                                                         ref_cache);
                }
            }
        }
        if (!tp_grade_verdict(&g[i], line, sizeof line))
            failed++;
        printf("%s\n", line);
    }
    if (now.rank > 0)
        free_buffers(c);
    free(g);
    free(ref_cache);
    free(labels);
    return failed ? TP_EXIT_FAIL : TP_EXIT_OK;
}

/* ---- The program ---------------------------------------------------------- */

/* --list-shapes: the awkward shapes some row of the table takes, one a line
 * ("17x83", "3x17x83"), the small ones only with --small. */
static void list_shapes(const tp_context *c, const tp_kernel *kernels, int count)
{
    nd_shape shape;
    int s, a;

    for (s = 0; tp_check_shape_at(c->tensor, s, &shape.rank, shape.dims); s++) {
        if ((c->opt.small && elements_of(&shape) > TP_SMALL_SHAPE_ELEMENTS) ||
            !shape_used(c, &shape, kernels, count))
            continue;
        for (a = 0; a < shape.rank; a++)
            printf(a ? "x%ld" : "%ld", (long)shape.dims[a]);
        printf("\n");
    }
}

/* Why row k cannot be in this table (NULL: it can): each row has one launch
 * of its table's kind, and the element size and permutation that go with it. */
static const char *row_trouble(const tp_context *c, const tp_kernel *k)
{
    int one = (k->launch != NULL) + (k->launch_bytes != NULL) + (k->launch_tensor != NULL) +
              (k->launch_problem != NULL) == 1;
    int elem_ok = k->elem_bytes == 0 || tp_elem_bytes_ok(k->elem_bytes);

    if (!c->tensor && !(one && elem_ok && (k->launch == NULL || elem_bytes_of(k) == 4)))
        return "a row has launch (float32) or launch_bytes with elem_bytes 1, 2, 4 or 8, not both";
    if (c->tensor && k->launch_tensor != NULL && !(one && tp_perm_ok(k->perm) &&
                                                   elem_bytes_of(k) == 4))
        return "a tensor table's rows all have launch_tensor (and no other launch), float32 "
               "elements and a permutation of 0, 1, 2";
    if (c->tensor && k->launch_tensor == NULL &&
        !(one && k->launch_problem != NULL && elem_ok && k->rank >= 1 && k->rank <= TP_MAX_RANK &&
          tp_perm_check(k->perm, k->rank, NULL, 0) == TP_OK))
        return "a problem row has launch_problem (and no other launch), elem_bytes 1, 2, 4 or "
               "8, rank 1 to 4 and a permutation of its axes";
    return NULL;
}

int tp_run(int argc, char **argv, const char *title, const tp_kernel *kernels, int count)
{
    tp_context c;
    char err[256];
    int n = 0, i;

    /* 1. Parse: every mistake is one line and exit status 2, before any GPU work. */
    memset(&c, 0, sizeof c);
    c.prog = argc > 0 ? argv[0] : "transpose";
    if (tp_parse_args(argc, argv, &c.opt, err, sizeof err) != TP_EXIT_OK)
        fatal_usage(c.prog, err);
    for (i = 0; i < count; i++)
        c.tensor |= kernels[i].launch_tensor != NULL || kernels[i].launch_problem != NULL;
    if (c.opt.help) {
        printf("%s\n", title);
        tp_print_usage(stdout, c.prog);
        if (c.tensor)
            tp_print_usage_tensor(stdout);
        printf("kernels:");
        for (i = 0; i < count; i++)   /* each name once, also when the table repeats it */
            if (i == 0 || strcmp(kernels[i].name, kernels[i - 1].name) != 0)
                printf(" %s", kernels[i].name);
        printf("\n");
        return TP_EXIT_OK;
    }
    if (c.opt.list_shapes) {
        list_shapes(&c, kernels, count);
        return TP_EXIT_OK;
    }

    /* 2. Check the table's rows, then select the kernels. */
    for (i = 0; i < count; i++)
        if (row_trouble(&c, &kernels[i]) != NULL) {
            fprintf(stderr, "%s: the kernel table is wrong at %s: %s\n", c.prog, kernels[i].name,
                    row_trouble(&c, &kernels[i]));
            return TP_EXIT_FAIL;
        }
    for (i = 0; i < count; i++)
        n += c.opt.grade ? kernels[i].target > 0 : selected(&c.opt, &kernels[i]);
    if (n == 0 && c.opt.grade)
        fatal_usage(c.prog, "--grade: this program has no exercise kernel to grade");
    if (n == 0) {
        snprintf(err, sizeof err, "no kernel name contains '%s' (see --help for the list)",
                 c.opt.kernel_filter);
        fatal_usage(c.prog, err);
    }

    if (!c.tensor && c.opt.rank > 3)
        fatal_usage(c.prog, "--size AxBxCxD: this program transposes matrices, give --size "
                    "RxC (chapter 11 takes shapes of 3 and 4 axes)");
    if (!c.tensor && c.opt.depth > 1) {
        snprintf(err, sizeof err, "--size %ldx%ldx%ld: this program transposes matrices, "
                 "give --size RxC (chapter 11 takes tensors)", c.opt.depth, c.opt.rows,
                 c.opt.cols);
        fatal_usage(c.prog, err);
    }

    /* 3. Open the device, 4. do the one thing asked. */
    open_device(&c);
    if (c.opt.grade)
        return grade(&c, kernels, count);
    if (c.opt.check)
        return check_shapes(&c, kernels, count);
    return table(&c, title, kernels, count);
}
