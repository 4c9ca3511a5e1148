/*
 * harness.cu - pick the GPU, check every kernel, time it, print the table.
 * See harness.h for what tp_run() does and in which order.
 */
#include "harness.h"

#include <string.h>

#include "grade.h"

#define WARMUP_RUNS 2
#define MAX_REPORTED_MISMATCHES 5

/* Everything one run of the program works on. */
typedef struct {
    const char *prog;
    tp_options opt;
    tp_device_info dev;
    size_t bytes;            /* one matrix                                   */
    float *d_in, *d_out;     /* device input and output                      */
    void *d_flush;           /* written before each timed run to empty the L2 */
    size_t flush_bytes;
    float *h_in, *h_out;     /* host input, and the output copied back        */
    float *h_ref[2];         /* CPU references for TP_COPY and TP_TRANSPOSE   */
} tp_context;

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

dim3 tp_grid(long width, long height, long per_block_x, long per_block_y)
{
    long gx = (width + per_block_x - 1) / per_block_x;
    long gy = (height + per_block_y - 1) / per_block_y;
    if (gx > 2147483647L || gy > 65535L) {
        fprintf(stderr,
                "error: this kernel needs a grid of %ld x %ld blocks, but CUDA allows at most "
                "2147483647 x 65535;\n       a matrix this tall or wide needs a kernel "
                "that loops over its blocks (see chapter 9)\n", gx, gy);
        exit(TP_EXIT_USAGE);
    }
    return dim3((unsigned)gx, (unsigned)gy, 1);
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

/* Picks the GPU or exits: TP_EXIT_NO_GPU with one line if there is none. */
static void open_device(tp_context *c)
{
    int count = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    char msg[160];

    if (err != cudaSuccess || count == 0) {
        fprintf(stderr, "%s: no usable CUDA GPU: %s; these programs need an NVIDIA GPU "
                "of compute capability 7.5 or newer\n", c->prog, tp_no_gpu_reason(err));
        exit(TP_EXIT_NO_GPU);
    }
    if (c->opt.device >= count) {
        snprintf(msg, sizeof msg, "--device %d: this machine has %d GPU%s (0 to %d)",
                 c->opt.device, count, count == 1 ? "" : "s", count - 1);
        fatal_usage(c->prog, msg);
    }
    CHECK_CUDA(cudaSetDevice(c->opt.device));
    tp_device_info_get(c->opt.device, &c->dev);
}

/* Makes sure input + output (+ the L2 flush buffer) fit on the GPU. The
 * default size shrinks with a note; a size the user chose is an error. */
static void choose_size(tp_context *c)
{
    size_t free_bytes = 0, total_bytes = 0;
    size_t reserve = 64u << 20;   /* headroom for the CUDA context and cuBLAS */
    char msg[256];

    CHECK_CUDA(cudaMemGetInfo(&free_bytes, &total_bytes));
    c->flush_bytes = c->opt.check ? 0 : 2 * c->dev.l2_bytes;
    if (tp_fits(c->opt.rows, c->opt.cols, free_bytes, c->flush_bytes + reserve))
        return;
    if (c->opt.size_given) {
        snprintf(msg, sizeof msg,
                 "%ld x %ld needs %.2f GB for input and output, but the GPU has %.2f GB free",
                 c->opt.rows, c->opt.cols,
                 2.0 * c->opt.rows * c->opt.cols * sizeof(float) / 1e9, free_bytes / 1e9);
        fatal_usage(c->prog, msg);
    }
    if (tp_shrink_to_fit(&c->opt.rows, &c->opt.cols, free_bytes, c->flush_bytes + reserve) < 0)
        fatal_usage(c->prog, "the GPU has too little free memory for even a 1 x 1 matrix");
    fprintf(stderr, "%s: note: the GPU has %.2f GB free, so the default matrix shrank to "
            "%ld x %ld\n", c->prog, free_bytes / 1e9, c->opt.rows, c->opt.cols);
}

static void setup_buffers(tp_context *c)
{
    size_t n = (size_t)c->opt.rows * (size_t)c->opt.cols;

    c->bytes = n * sizeof(float);
    c->h_in = (float *)host_alloc(c->prog, c->bytes);
    c->h_out = (float *)host_alloc(c->prog, c->bytes);
    tp_fill_input(c->h_in, c->opt.rows, c->opt.cols);

    CHECK_CUDA(cudaMalloc((void **)&c->d_in, c->bytes));
    CHECK_CUDA(cudaMalloc((void **)&c->d_out, c->bytes));
    if (c->flush_bytes > 0)
        CHECK_CUDA(cudaMalloc(&c->d_flush, c->flush_bytes));
    CHECK_CUDA(cudaMemcpy(c->d_in, c->h_in, c->bytes, cudaMemcpyHostToDevice));
}

static void free_buffers(tp_context *c)
{
    CHECK_CUDA(cudaFree(c->d_in));
    CHECK_CUDA(cudaFree(c->d_out));
    CHECK_CUDA(cudaFree(c->d_flush));   /* cudaFree(NULL) does nothing */
    free(c->h_in);
    free(c->h_out);
    free(c->h_ref[0]);
    free(c->h_ref[1]);
    c->d_in = c->d_out = NULL;
    c->d_flush = NULL;
    c->h_in = c->h_out = c->h_ref[0] = c->h_ref[1] = NULL;
}

static const float *reference(tp_context *c, tp_op op)
{
    if (c->h_ref[op] == NULL) {
        c->h_ref[op] = (float *)host_alloc(c->prog, c->bytes);
        tp_reference(c->h_in, c->h_ref[op], c->opt.rows, c->opt.cols, op);
    }
    return c->h_ref[op];
}

/* One run of kernel k, or of cudaMemcpy when k is NULL. */
static void run_once(tp_context *c, const tp_kernel *k)
{
    if (k == NULL)
        CHECK_CUDA(cudaMemcpyAsync(c->d_out, c->d_in, c->bytes, cudaMemcpyDeviceToDevice, 0));
    else
        k->launch(c->d_in, c->d_out, (int)c->opt.rows, (int)c->opt.cols, k->block);
    CHECK_LAUNCH();
}

/* Poisons the output, runs once, copies back and compares every element. */
static void validate(tp_context *c, const tp_kernel *k, tp_result *res, int loud)
{
    tp_op op = k ? k->op : TP_COPY;   /* cudaMemcpy is a copy */
    tp_check_result chk;

    CHECK_CUDA(cudaMemset(c->d_out, TP_POISON_BYTE, c->bytes));
    run_once(c, k);
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaMemcpy(c->h_out, c->d_out, c->bytes, cudaMemcpyDeviceToHost));
    chk = tp_compare(c->h_out, reference(c, op), c->opt.rows, c->opt.cols, op, 0, NULL);
    if (loud && chk.mismatches > 0) {   /* compare again, this time telling what is wrong */
        fprintf(stderr, "%s: FAIL, the first wrong elements of the output:\n", res->name);
        tp_compare(c->h_out, reference(c, op), c->opt.rows, c->opt.cols, op,
                   MAX_REPORTED_MISMATCHES, stderr);
    }
    res->ok = chk.mismatches == 0;
    res->wrong = chk.mismatches;
    res->unwritten = chk.unwritten;
}

/* Warm-up runs, then opt.reps timed runs with CUDA events. Before each
 * timed run the output is poisoned and the L2 is flushed by writing a
 * buffer twice its size, so no run is served from the previous one's
 * cached lines. */
static void time_kernel(tp_context *c, const tp_kernel *k, tp_result *res)
{
    int reps = c->opt.reps, i;
    double *ms = (double *)host_alloc(c->prog, (size_t)reps * sizeof(double));
    cudaEvent_t start, stop;

    CHECK_CUDA(cudaEventCreate(&start));
    CHECK_CUDA(cudaEventCreate(&stop));
    for (i = 0; i < WARMUP_RUNS; i++)
        run_once(c, k);
    for (i = 0; i < reps; i++) {
        float t;
        CHECK_CUDA(cudaMemset(c->d_out, TP_POISON_BYTE, c->bytes));
        CHECK_CUDA(cudaMemset(c->d_flush, i & 0xFF, c->flush_bytes));
        CHECK_CUDA(cudaEventRecord(start, 0));
        run_once(c, k);
        CHECK_CUDA(cudaEventRecord(stop, 0));
        CHECK_CUDA(cudaEventSynchronize(stop));
        CHECK_CUDA(cudaEventElapsedTime(&t, start, stop));
        ms[i] = t;
    }
    res->median_ms = tp_median(ms, reps);   /* sorts ms */
    res->min_ms = ms[0];
    res->max_ms = ms[reps - 1];
    res->gbps = tp_effective_gbps(c->opt.rows, c->opt.cols, res->median_ms);
    res->timed = 1;
    CHECK_CUDA(cudaEventDestroy(start));
    CHECK_CUDA(cudaEventDestroy(stop));
    free(ms);
}

static int selected(const tp_context *c, const tp_kernel *k)
{
    return c->opt.kernel_filter == NULL || strstr(k->name, c->opt.kernel_filter) != NULL;
}

/* The shapes an exercise must get right: one element, one row, one
 * column, primes, sizes that are no multiple of a tile, a large square. */
static const long grade_shapes[][2] = {
    { 1, 1 }, { 1, 4097 }, { 4097, 1 }, { 17, 83 }, { 100, 300 },
    { 257, 4099 }, { 8191, 5003 }, { 8192, 8192 },
};

/* --grade: every kernel with a target must be right on every shape, then
 * reach its target fraction of cudaMemcpy at the default size. One line
 * per graded kernel (grade.c); exit status 0 only if all pass. */
static int grade(tp_context *c, const tp_kernel *kernels, int count)
{
    int nshapes = (int)(sizeof grade_shapes / sizeof grade_shapes[0]);
    int failed = 0, i, s;
    tp_grade *g = (tp_grade *)calloc((size_t)count, sizeof *g);
    char (*labels)[96] = (char (*)[96])calloc((size_t)count, sizeof *labels);

    /* A kernel graded at several block shapes is named with its block. */
    for (i = 0; i < count; i++) {
        int twins = 0, j;
        for (j = 0; j < count; j++)
            twins += j != i && kernels[j].target > 0 && strcmp(kernels[j].name, kernels[i].name) == 0;
        if (twins)
            snprintf(labels[i], sizeof labels[i], "%s (block %ux%u)", kernels[i].name,
                     kernels[i].block.x, kernels[i].block.y);
        else
            snprintf(labels[i], sizeof labels[i], "%s", kernels[i].name);
    }

    for (s = 0; s < nshapes; s++) {
        c->opt.rows = grade_shapes[s][0];
        c->opt.cols = grade_shapes[s][1];
        c->opt.check = 1;             /* no flush buffer for the checks */
        c->opt.size_given = 1;
        choose_size(c);
        setup_buffers(c);
        for (i = 0; i < count; i++) {
            const tp_kernel *k = &kernels[i];
            tp_result r;
            if (k->target <= 0 || g[i].failed_rows > 0)
                continue;             /* not graded, or already failed */
            memset(&r, 0, sizeof r);
            r.name = k->name;
            validate(c, k, &r, 0);
            g[i].shapes_checked++;
            if (!r.ok) {
                const float *ref = reference(c, k->op);
                size_t n = (size_t)c->opt.rows * (size_t)c->opt.cols;
                g[i].failed_rows = c->opt.rows;
                g[i].failed_cols = c->opt.cols;
                g[i].wrong = r.wrong;
                g[i].unwritten = r.unwritten;
                g[i].elements = n;
                tp_format_mismatch(g[i].first_wrong, sizeof g[i].first_wrong,
                                   tp_first_mismatch(c->h_out, ref, n), c->h_out, ref,
                                   c->opt.rows, c->opt.cols, k->op);
            }
        }
        free_buffers(c);
    }

    /* Speed, at the default size, against cudaMemcpy in the same run. */
    c->opt.rows = TP_DEFAULT_ROWS;
    c->opt.cols = TP_DEFAULT_COLS;
    c->opt.check = 0;
    c->opt.size_given = 0;
    choose_size(c);
    setup_buffers(c);
    {
        tp_result copy;
        memset(&copy, 0, sizeof copy);
        copy.name = "cudaMemcpy device-to-device";
        validate(c, NULL, &copy, 0);
        time_kernel(c, NULL, &copy);
        for (i = 0; i < count; i++) {
            tp_result r;
            char line[512];
            if (kernels[i].target <= 0)
                continue;
            g[i].kernel = labels[i];
            g[i].see = kernels[i].see ? kernels[i].see : "the chapter of this exercise";
            g[i].target = kernels[i].target;
            if (g[i].failed_rows == 0) {
                memset(&r, 0, sizeof r);
                r.name = kernels[i].name;
                validate(c, &kernels[i], &r, 0);
                if (r.ok) {
                    time_kernel(c, &kernels[i], &r);
                    g[i].timed = 1;
                    g[i].ratio = r.gbps / copy.gbps;
                }
            }
            if (!tp_grade_verdict(&g[i], line, sizeof line))
                failed++;
            printf("%s\n", line);
        }
    }
    free_buffers(c);
    free(g);
    free(labels);
    return failed ? TP_EXIT_FAIL : TP_EXIT_OK;
}

int tp_run(int argc, char **argv, const char *title, const tp_kernel *kernels, int count)
{
    tp_context c;
    tp_result *res;
    char err[256];
    int n = 0, failed = 0, i;
    double ceiling = 0.0;

    memset(&c, 0, sizeof c);
    c.prog = argc > 0 ? argv[0] : "transpose";
    if (tp_parse_args(argc, argv, &c.opt, err, sizeof err) != TP_EXIT_OK)
        fatal_usage(c.prog, err);
    if (c.opt.help) {
        printf("%s\n", title);
        tp_print_usage(stdout, c.prog);
        printf("kernels:");
        for (i = 0; i < count; i++)   /* each name once, also when the table repeats it */
            if (i == 0 || strcmp(kernels[i].name, kernels[i - 1].name) != 0)
                printf(" %s", kernels[i].name);
        printf("\n");
        return TP_EXIT_OK;
    }
    for (i = 0; i < count; i++)
        n += selected(&c, &kernels[i]);
    if (n == 0) {
        snprintf(err, sizeof err, "no kernel name contains '%s' (see --help for the list)",
                 c.opt.kernel_filter);
        fatal_usage(c.prog, err);
    }

    if (c.opt.grade) {
        for (i = n = 0; i < count; i++)
            n += kernels[i].target > 0;
        if (n == 0)
            fatal_usage(c.prog, "--grade: this program has no exercise kernel to grade");
    }
    open_device(&c);
    if (c.opt.grade)
        return grade(&c, kernels, count);
    choose_size(&c);
    setup_buffers(&c);

    res = (tp_result *)calloc((size_t)n + 1, sizeof *res);
    n = 0;
    if (!c.opt.check) {
        /* The ceiling: the driver's own device-to-device copy, same bytes. */
        res[n].name = "cudaMemcpy device-to-device";
        snprintf(res[n].block, sizeof res[n].block, "-");
        validate(&c, NULL, &res[n], 1);
        time_kernel(&c, NULL, &res[n]);
        ceiling = res[n].gbps;
        n++;
    }
    for (i = 0; i < count; i++) {
        const tp_kernel *k = &kernels[i];
        if (!selected(&c, k))
            continue;
        res[n].name = k->name;
        snprintf(res[n].block, sizeof res[n].block, "%ux%u", k->block.x, k->block.y);
        validate(&c, k, &res[n], 1);
        if (!res[n].ok)
            failed++;
        else if (!c.opt.check)
            time_kernel(&c, k, &res[n]);
        if (c.opt.check)
            printf("%s %s, block %s (%ld x %ld)\n", res[n].ok ? "PASS" : "FAIL", k->name,
                   res[n].block, c.opt.rows, c.opt.cols);
        n++;
    }

    if (!c.opt.check && c.opt.csv) {
        tp_print_csv(stdout, &c.dev, c.opt.rows, c.opt.cols, res, n, ceiling);
    } else if (!c.opt.check) {
        tp_print_header(stdout, title, &c.dev, c.opt.rows, c.opt.cols, c.opt.reps);
        tp_print_table(stdout, res, n, ceiling, c.dev.peak_gbps);
    }

    free_buffers(&c);
    free(res);
    return failed ? TP_EXIT_FAIL : TP_EXIT_OK;
}
