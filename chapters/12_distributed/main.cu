/*
 * Chapter 12: distributed - one matrix over several GPUs.
 *
 * Chapters 1 to 11 transposed a matrix that one GPU holds. Here the matrix
 * is split by rows over G GPUs (split.h: GPU g holds input rows
 * [g R / G, (g + 1) R / G), rounded down), and so is the output. Every
 * GPU's output rows are made of a block of every GPU's input rows, so
 * every GPU must send a block to every other: an all-to-all exchange. The
 * rows of the table are three ways to do it:
 *
 *   nccl_three_steps  transpose each GPU's input rows locally (chapter 9's
 *                     transpose_any_shape), exchange the blocks with NCCL
 *                     (ncclAlltoAll when every block has the same size,
 *                     else grouped ncclSend/ncclRecv), then place each
 *                     received block into its columns; each step is also
 *                     timed on its own
 *   nccl_pipelined    the same, the input rows cut into chunks: chunk k + 1
 *                     is transposed while chunk k is on the links (two
 *                     streams per GPU, ordered by events)
 *   peer_stores       one kernel per GPU transposes its rows and stores
 *                     each tile straight into the output of the GPU that
 *                     owns it, through peer access (NVLink); on one GPU it
 *                     is a plain local transpose
 *
 * One process drives every GPU (one thread, NCCL's group calls). The input
 * is made on the GPUs and the output checked on them, element by element
 * (kernels.cu): no host memory ever holds the matrix.
 *
 * Build and run:   make chapter12 && ./chapter12        (every GPU, 65536 x 65536)
 *                  ./chapter12 --gpus 1                 (one GPU: the same rows)
 *                  ./chapter12 --check                  (the awkward shapes, no timing)
 *                  ./chapter12 --size 100003x3 --reps 10
 * It needs NCCL (the Makefile looks for it, and says how to get it when
 * it finds none).
 * Look for: the three lines above the table (the copy ceiling of one
 * GPU's share, the measured peer rate, the link limit it sets), then how
 * close each row comes to the link limit, and the step times of
 * nccl_three_steps under the table: which step the pipelined row hides.
 * README.md explains.
 */
#include <nccl.h>
#include <stdlib.h>
#include <string.h>

#include "../09_beyond/kernels.h"
#include "kernels.h"
#include "split.h"

#define CHECK_NCCL(call)                                                      \
    do {                                                                      \
        ncclResult_t r_ = (call);                                             \
        if (r_ != ncclSuccess) {                                              \
            fprintf(stderr, "NCCL error at %s:%d: %s\n  %s\n", __FILE__,      \
                    __LINE__, #call, ncclGetErrorString(r_));                 \
            exit(TP_EXIT_FAIL);                                               \
        }                                                                     \
    } while (0)

/* ncclAlltoAll came with NCCL 2.28; before it, grouped send/recv only. */
#if NCCL_VERSION_CODE >= NCCL_VERSION(2, 28, 0)
#define HAVE_NCCL_ALLTOALL 1
#else
#define HAVE_NCCL_ALLTOALL 0
#endif

#define TITLE "Chapter 12: distributed - one matrix over several GPUs"
#define DEFAULT_SIDE 65536L              /* 16 GiB of float32: 8 GiB per GPU on two   */
#define WARMUP_RUNS 2
#define CHUNK_BYTES ((size_t)256 << 20)  /* the pipelined row's chunks: about this much
                                            of a GPU's input rows each ...            */
#define MIN_CHUNKS 4                     /* ... but at least this many                */
#define NCCL_RESERVE ((size_t)1 << 30)   /* left free for NCCL's buffers, which it
                                            allocates on first use                    */

/* ---- What the program works on ---------------------------------------------- */

/* One GPU's part: its rows of the input and of the output, its two
 * exchange buffers, its streams and events. */
typedef struct {
    int device;                /* CUDA ordinal                                        */
    tp_device_info info;
    long row0, n;              /* input rows [row0, row0 + n), C floats each          */
    long out_row0, m;          /* output rows [out_row0, out_row0 + m), R floats each */
    float *in;                 /* n x C                                               */
    float *out;                /* m x R, between two guard zones ...                  */
    unsigned char *out_base;   /* ... that start here                                 */
    float *send;               /* the input rows transposed, chunk by chunk (split.h) */
    float *recv;               /* the blocks received, by source, then by chunk       */
    void *flush;               /* read before each timed run to empty the L2          */
    size_t flush_bytes;
    dist_check *chk;           /* what the check of the output found (device memory)  */
    /* Two streams: the legacy default stream (0), where the transposes,
     * placements and checks run (chapter 9's launch functions launch
     * there), and `comm`, where NCCL runs. comm is non-blocking: stream 0
     * does not wait for it, nor it for stream 0, so a transpose can run
     * while an exchange is in flight; every order between them is an
     * event (a blocking stream would make every launch on stream 0 wait
     * for the exchange). comm has the GPU's highest stream priority: when
     * both streams have blocks waiting for an SM, NCCL's go first. (On two
     * H200s the pipelined row ran no faster for it than with the lowest:
     * NOTES.md.) */
    cudaStream_t comm;
    cudaEvent_t start, stop;
    /* The end of chunk k's transpose, exchange and placement, and (the
     * *_begin events) when each could start: the step times. */
    cudaEvent_t transposed[SPLIT_MAX_CHUNKS], exchanged[SPLIT_MAX_CHUNKS];
    cudaEvent_t placed[SPLIT_MAX_CHUNKS];
    cudaEvent_t transpose_begin[SPLIT_MAX_CHUNKS], exchange_begin[SPLIT_MAX_CHUNKS];
    cudaEvent_t place_begin[SPLIT_MAX_CHUNKS];
    ncclComm_t nccl;
} gpu_part;

typedef struct {
    const char *prog;
    tp_options opt;
    int G;                     /* GPUs --device .. --device + G - 1                   */
    long R, C;                 /* the matrix of the buffers set up now                */
    int K;                     /* chunks of the pipelined row                         */
    int peer_ok;               /* every GPU can store into every other's memory       */
    char peer_why[160];        /* if not, why                                         */
    int nccl_open;
    gpu_part gpu[SPLIT_MAX_GPUS];
} dist_context;

static void fatal_usage(const char *prog, const char *msg)
{
    fprintf(stderr, "%s: error: %s\n", prog, msg);
    exit(TP_EXIT_USAGE);
}

/* Every call that names stream 0 or creates something means the current
 * device: set it first. */
static void on(const dist_context *c, int g)
{
    CHECK_CUDA(cudaSetDevice(c->gpu[g].device));
}

static void sync_all(const dist_context *c)
{
    int g;
    for (g = 0; g < c->G; g++) {
        on(c, g);
        CHECK_CUDA(cudaDeviceSynchronize());
    }
}

static size_t out_bytes(const gpu_part *p, long R)
{
    return (size_t)p->m * (size_t)R * sizeof(float);
}

/* ---- The command line --------------------------------------------------------- */

/* --gpus N is this chapter's own option: it is taken out of argv here, the
 * rest goes to the parser every program shares (common/cli.c). The words
 * of its errors are that parser's. */
static int take_gpus_option(int argc, char **argv, int *gpus, char **rest, int *nrest, char *err,
                            size_t err_len)
{
    int i;
    *gpus = 0;   /* 0: every GPU from --device on */
    *nrest = 0;
    for (i = 0; i < argc; i++) {
        const char *val = NULL;
        char *end = NULL;
        long v;
        if (i > 0 && strcmp(argv[i], "--gpus") == 0) {
            if (i + 1 >= argc) {
                snprintf(err, err_len, "--gpus needs a value");
                return TP_EXIT_USAGE;
            }
            val = argv[++i];
        } else if (i > 0 && strncmp(argv[i], "--gpus=", 7) == 0) {
            val = argv[i] + 7;
        } else {
            rest[(*nrest)++] = argv[i];
            continue;
        }
        v = strtol(val, &end, 10);
        if (*val == '\0' || end == val || *end != '\0') {
            snprintf(err, err_len, "--gpus must be a whole number, got '%s'", val);
            return TP_EXIT_USAGE;
        }
        if (v < 1) {
            snprintf(err, err_len, "--gpus must be at least 1, got '%s'", val);
            return TP_EXIT_USAGE;
        }
        if (v > SPLIT_MAX_GPUS) {
            snprintf(err, err_len, "--gpus is too large: '%s' (at most %d)", val, SPLIT_MAX_GPUS);
            return TP_EXIT_USAGE;
        }
        *gpus = (int)v;
    }
    rest[*nrest] = NULL;
    return TP_EXIT_OK;
}

/* The awkward shapes of --check: sides that no GPU count and no tile
 * divides, a single element, vectors both ways, a 64 x 64 square; on G > 1
 * GPUs also (G - 1) x 5 and 5 x (G - 1), where GPU 0 has no input rows,
 * and some GPU no output rows. */
static const tp_shape awkward_shapes[] = {
    { 1, 1 }, { 17, 83 }, { 64, 64 }, { 1001, 777 }, { 3, 100003 }, { 100003, 3 },
    { 8191, 5003 },
};

static void print_usage(const char *prog)
{
    printf("%s\n", TITLE);
    tp_print_usage(stdout, prog);
    printf("chapter 12:\n"
           "  --gpus N           how many GPUs, --device and the ones after it (default: all)\n"
           "  --size             defaults to %ldx%ld here (shrunk to fit the GPUs' memory);\n"
           "                     the input rows are split over the GPUs, the output rows too\n"
           "  --check            also checks (G-1)x5 and 5x(G-1) on G > 1 GPUs (empty parts)\n"
           "kernels: nccl_three_steps nccl_pipelined peer_stores\n", DEFAULT_SIDE, DEFAULT_SIDE);
}


/* ---- The GPUs, their links and the communicator --------------------------------- */

/* GPUs --device .. --device + G - 1, or exits: TP_EXIT_NO_GPU with one
 * line if there is none, TP_EXIT_USAGE if there are too few. Enables peer
 * access between every pair that has it (peer_stores and the peer copy
 * need it; NCCL finds it enabled and uses it as it is). */
static void open_gpus(dist_context *c, int gpus)
{
    int count = tp_open_gpus(c->prog, c->opt.device), g, h, lowest, highest;
    char msg[200];

    c->G = gpus > 0 ? gpus : count - c->opt.device;
    if (c->G > SPLIT_MAX_GPUS)
        c->G = SPLIT_MAX_GPUS;
    if (c->opt.device + c->G > count) {
        snprintf(msg, sizeof msg, "--gpus %d: this machine has %d GPU%s (0 to %d), so from "
                 "--device %d on at most %d", gpus, count, count == 1 ? "" : "s", count - 1,
                 c->opt.device, count - c->opt.device);
        fatal_usage(c->prog, msg);
    }
    c->peer_ok = 1;
    for (g = 0; g < c->G; g++) {
        gpu_part *p = &c->gpu[g];
        p->device = c->opt.device + g;
        tp_device_info_get(p->device, &p->info);
        on(c, g);
        CHECK_CUDA(cudaDeviceGetStreamPriorityRange(&lowest, &highest));
        CHECK_CUDA(cudaStreamCreateWithPriority(&p->comm, cudaStreamNonBlocking, highest));
        CHECK_CUDA(cudaEventCreate(&p->start));
        CHECK_CUDA(cudaEventCreate(&p->stop));
        for (h = 0; h < SPLIT_MAX_CHUNKS; h++) {
            CHECK_CUDA(cudaEventCreate(&p->transposed[h]));
            CHECK_CUDA(cudaEventCreate(&p->exchanged[h]));
            CHECK_CUDA(cudaEventCreate(&p->placed[h]));
            CHECK_CUDA(cudaEventCreate(&p->transpose_begin[h]));
            CHECK_CUDA(cudaEventCreate(&p->exchange_begin[h]));
            CHECK_CUDA(cudaEventCreate(&p->place_begin[h]));
        }
        CHECK_CUDA(cudaMalloc(&p->chk, sizeof(dist_check)));
    }
    for (g = 0; g < c->G; g++)
        for (h = 0; h < c->G; h++) {
            int can = 0;
            if (g == h)
                continue;
            CHECK_CUDA(cudaDeviceCanAccessPeer(&can, c->gpu[g].device, c->gpu[h].device));
            if (!can) {
                if (c->peer_ok)
                    snprintf(c->peer_why, sizeof c->peer_why, "GPU %d cannot store into GPU "
                             "%d's memory (cudaDeviceCanAccessPeer says no)",
                             c->gpu[g].device, c->gpu[h].device);
                c->peer_ok = 0;
                continue;
            }
            on(c, g);
            cudaError_t err = cudaDeviceEnablePeerAccess(c->gpu[h].device, 0);
            if (err == cudaSuccess || err == cudaErrorPeerAccessAlreadyEnabled) {
                (void)cudaGetLastError();   /* "already enabled" is no error: clear it */
                continue;
            }
            (void)cudaGetLastError();   /* e.g. too many peers: peer_stores says n/a */
            if (c->peer_ok)
                snprintf(c->peer_why, sizeof c->peer_why, "cudaDeviceEnablePeerAccess from GPU "
                         "%d to GPU %d failed: %s", c->gpu[g].device, c->gpu[h].device,
                         cudaGetErrorName(err));
            c->peer_ok = 0;
        }
}

/* NCCL sets up its links inside ncclCommInitAll and, on first use of a
 * pair of GPUs, inside ncclGroupEnd. Its set-up may leave an error it has
 * handled in CUDA's last-error slot (say, that peer access is already
 * enabled: this program enabled it); NCCL reports its own failures through
 * its return codes. The slot is cleared here, or the next launch check
 * (cudaGetLastError) would blame that launch for it. */
static void nccl_set_up_done(void)
{
    (void)cudaGetLastError();
}

/* The communicators: the one place that knows this is one process.
 * ncclCommInitAll makes G of them at once, rank g on GPU g of the group.
 * With one process per GPU (started by MPI or a launcher), this function
 * becomes: rank 0 makes an id with ncclGetUniqueId and hands it to every
 * process (MPI_Bcast, or a file all of them read), and each process calls
 * ncclCommInitRank(&comm, G, id, rank) for its own GPU. The rest of this
 * file would change as well, but only in the same plain way: each loop
 * over g would run for the process's own g, and sync_all would become a
 * barrier between the processes. */
static void open_nccl(dist_context *c)
{
    ncclComm_t comms[SPLIT_MAX_GPUS];
    int devs[SPLIT_MAX_GPUS], g;

    /* NCCL_NVLS_ENABLE=0: NVLink SHARP (NVLS, NVSwitch multicast) speeds up
     * reductions; an all-to-all gains nothing from it, and on machines
     * that do not allow multicast its set-up can fail at init. Set only if
     * the user has not set it (setenv's last argument 0), and before the
     * first NCCL call, which reads it. */
    setenv("NCCL_NVLS_ENABLE", "0", 0);
    for (g = 0; g < c->G; g++)
        devs[g] = c->gpu[g].device;
    CHECK_NCCL(ncclCommInitAll(comms, c->G, devs));
    for (g = 0; g < c->G; g++)
        c->gpu[g].nccl = comms[g];
    c->nccl_open = 1;
    nccl_set_up_done();
}

static void close_all(dist_context *c)
{
    int g, k;
    for (g = 0; g < c->G; g++) {
        gpu_part *p = &c->gpu[g];
        if (c->nccl_open)
            CHECK_NCCL(ncclCommDestroy(p->nccl));
        on(c, g);
        CHECK_CUDA(cudaStreamDestroy(p->comm));
        CHECK_CUDA(cudaEventDestroy(p->start));
        CHECK_CUDA(cudaEventDestroy(p->stop));
        for (k = 0; k < SPLIT_MAX_CHUNKS; k++) {
            CHECK_CUDA(cudaEventDestroy(p->transposed[k]));
            CHECK_CUDA(cudaEventDestroy(p->exchanged[k]));
            CHECK_CUDA(cudaEventDestroy(p->placed[k]));
            CHECK_CUDA(cudaEventDestroy(p->transpose_begin[k]));
            CHECK_CUDA(cudaEventDestroy(p->exchange_begin[k]));
            CHECK_CUDA(cudaEventDestroy(p->place_begin[k]));
        }
        CHECK_CUDA(cudaFree(p->chk));
    }
}

/* ---- The matrix of one shape -------------------------------------------------- */

/* How many chunks the pipelined row cuts a slab into: about CHUNK_BYTES of
 * the largest slab each, at least MIN_CHUNKS (so that the small shapes of
 * --check have empty chunks too), at most SPLIT_MAX_CHUNKS. */
static int chunks_for(long R, long C, int G)
{
    size_t slab = 0, k;
    int g;
    for (g = 0; g < G; g++)
        if ((size_t)split_count(R, G, g) * (size_t)C * sizeof(float) > slab)
            slab = (size_t)split_count(R, G, g) * (size_t)C * sizeof(float);
    k = (slab + CHUNK_BYTES - 1) / CHUNK_BYTES;
    return k < MIN_CHUNKS ? MIN_CHUNKS : k > SPLIT_MAX_CHUNKS ? SPLIT_MAX_CHUNKS : (int)k;
}

/* Makes sure every GPU's share fits, with extra bytes each. A shape the user
 * chose that does not fit is an error; the default shape shrinks, with a
 * note on stderr (the harness does the same on one GPU). */
static void fit_on_gpus(dist_context *c, long *R, long *C, size_t extra, int user_chose)
{
    size_t least = (size_t)-1, free_bytes, total_bytes;
    int g, tightest = 0;
    char msg[300];

    for (g = 0; g < c->G; g++) {
        on(c, g);
        CHECK_CUDA(cudaMemGetInfo(&free_bytes, &total_bytes));
        if (free_bytes < least) {
            least = free_bytes;
            tightest = g;
        }
    }
    if (extra <= least && split_bytes_max(*R, *C, c->G) <= least - extra)
        return;
    if (user_chose) {
        snprintf(msg, sizeof msg, "%ld x %ld needs %.2f GB on a GPU (its input rows, output "
                 "rows and two exchange buffers), but GPU %d has %.2f GB free", *R, *C,
                 (split_bytes_max(*R, *C, c->G) + extra) / 1e9, c->gpu[tightest].device,
                 least / 1e9);
        fatal_usage(c->prog, msg);
    }
    if (split_shrink_to_fit(R, C, c->G, least, extra) < 0)
        fatal_usage(c->prog, "the GPUs have too little free memory for even a 1 x 1 matrix");
    fprintf(stderr, "%s: note: GPU %d has %.2f GB free, so the default matrix shrank to "
            "%ld x %ld\n", c->prog, c->gpu[tightest].device, least / 1e9, *R, *C);
}

static void *device_alloc(size_t bytes)
{
    void *p = NULL;
    /* A GPU may own no rows; a small buffer keeps every pointer valid. */
    CHECK_CUDA(cudaMalloc(&p, bytes > 256 ? bytes : 256));
    return p;
}

/* Allocates every GPU's buffers for an R x C input and fills its input
 * rows on the GPU; with `timed`, the L2-flush buffers too. */
static void setup_buffers(dist_context *c, long R, long C, int timed)
{
    int g;
    c->R = R;
    c->C = C;
    c->K = chunks_for(R, C, c->G);
    for (g = 0; g < c->G; g++) {
        gpu_part *p = &c->gpu[g];
        size_t in_bytes;
        p->row0 = split_start(R, c->G, g);
        p->n = split_count(R, c->G, g);
        p->out_row0 = split_start(C, c->G, g);
        p->m = split_count(C, c->G, g);
        in_bytes = (size_t)p->n * (size_t)C * sizeof(float);
        on(c, g);
        p->in = (float *)device_alloc(in_bytes);
        p->send = (float *)device_alloc(in_bytes);
        p->recv = (float *)device_alloc(out_bytes(p, R));
        /* The output sits between two guard zones that no kernel may
         * write (validate.h); the check looks at them too. */
        p->out_base = (unsigned char *)device_alloc(out_bytes(p, R) + 2 * (size_t)TP_GUARD_BYTES);
        CHECK_CUDA(cudaMemset(p->out_base, TP_GUARD_BYTE,
                              out_bytes(p, R) + 2 * (size_t)TP_GUARD_BYTES));
        p->out = (float *)(p->out_base + TP_GUARD_BYTES);
        p->flush_bytes = timed ? 2 * p->info.l2_bytes : 0;
        p->flush = NULL;
        if (p->flush_bytes > 0) {
            p->flush = device_alloc(p->flush_bytes);
            CHECK_CUDA(cudaMemset(p->flush, 0, p->flush_bytes));   /* written once, here */
        }
        launch_fill_input(p->in, p->row0 * C, p->n * C, 0);
    }
    sync_all(c);
}

static void free_buffers(dist_context *c)
{
    int g;
    for (g = 0; g < c->G; g++) {
        gpu_part *p = &c->gpu[g];
        on(c, g);
        CHECK_CUDA(cudaFree(p->in));
        CHECK_CUDA(cudaFree(p->send));
        CHECK_CUDA(cudaFree(p->recv));
        CHECK_CUDA(cudaFree(p->out_base));
        CHECK_CUDA(cudaFree(p->flush));   /* cudaFree(NULL) does nothing */
        p->in = p->send = p->recv = p->out = NULL;
        p->out_base = NULL;
        p->flush = NULL;
    }
}

/* ---- The steps the rows are made of ------------------------------------------- */

/* Chapter 9's transpose of a whole range of input rows. A range of rows
 * of a slab is an ordinary len x C matrix (its rows are contiguous), and
 * its transpose, C x len, holds the block for GPU h in its rows
 * [split_start(C, G, h), ...): contiguous too. So the local step needs no
 * strided kernel of its own. launch_any_shape launches on stream 0. */
static void local_transpose(const dist_context *c, const float *in, float *out, long len)
{
    const char *na;
    if (len <= 0)
        return;
    na = launch_any_shape(in, out, (int)len, (int)c->C, dim3(TILE_THREADS, 1, 1));
    if (na != NULL) {   /* cannot happen below 2^36 elements; said plainly if it does */
        fprintf(stderr, "%s: transpose_any_shape cannot take %ld x %ld: %s\n", c->prog, len,
                c->C, na);
        exit(TP_EXIT_FAIL);
    }
}

/* No single NCCL transfer is larger than this many elements (4 GiB of
 * float32); a larger block goes as several sends to the same peer, which
 * NCCL runs in order and matches with the receives in order. A precaution,
 * not a known limit: on one GPU the default matrix is one 16 GiB block. */
#define MAX_PIECE ((size_t)1 << 30)

/* 1 if ncclAlltoAll can do the exchange: two GPUs or more, every block
 * of the same size (both sides divide by G), not above MAX_PIECE. Its
 * layout (block j at j * count, on both sides) is then exactly split.h's.
 * (On one GPU the only block is the GPU's own, which the grouped
 * exchange leaves home: nothing to send.) */
static int alltoall_fits(const dist_context *c, int K)
{
    return HAVE_NCCL_ALLTOALL && c->G > 1 && K == 1 && c->R % c->G == 0 && c->C % c->G == 0 &&
           (size_t)(c->R / c->G) * (size_t)(c->C / c->G) <= MAX_PIECE;
}

/* 1 if the exchange leaves out each GPU's block for itself: whenever it
 * is grouped ncclSend/ncclRecv (ncclAlltoAll has no way to). That block
 * stays in the GPU's send buffer, and the placement reads it from there:
 * one pass less for it, and NCCL's kernels carry only what crosses a link. */
static int diagonal_stays(const dist_context *c, int K)
{
    return !alltoall_fits(c, K);
}

static const char *exchange_name(const dist_context *c, int K)
{
    return alltoall_fits(c, K) ? "ncclAlltoAll" : "grouped ncclSend/ncclRecv (own block kept)";
}

/* The exchange of chunk k (of K): every GPU g sends its block for h to
 * every h on the comm streams; ncclAlltoAll sends g's block for itself too
 * (NCCL copies it locally), the grouped sends leave it home
 * (diagonal_stays). One group: NCCL starts all the sends and receives together, so
 * none waits for another (and a single thread can drive every GPU).
 * Empty blocks are left out on both sides alike (the loop below makes no
 * call for a count of 0). */
static void exchange(const dist_context *c, int K, int k)
{
    size_t done, piece;
    int g, h;

    CHECK_NCCL(ncclGroupStart());
#if HAVE_NCCL_ALLTOALL
    if (alltoall_fits(c, K)) {
        size_t count = (size_t)(c->R / c->G) * (size_t)(c->C / c->G);
        for (g = 0; g < c->G; g++)
            CHECK_NCCL(ncclAlltoAll(c->gpu[g].send, c->gpu[g].recv, count, ncclFloat,
                                    c->gpu[g].nccl, c->gpu[g].comm));
        CHECK_NCCL(ncclGroupEnd());
        nccl_set_up_done();
        return;
    }
#endif
    for (g = 0; g < c->G; g++)
        for (h = 0; h < c->G; h++) {
            split_block b = split_block_of(c->R, c->C, c->G, K, k, g, h);
            if (h == g && diagonal_stays(c, K))
                continue;
            for (done = 0; done < (size_t)b.count; done += piece) {
                piece = (size_t)b.count - done < MAX_PIECE ? (size_t)b.count - done : MAX_PIECE;
                CHECK_NCCL(ncclSend(c->gpu[g].send + b.send_offset + done, piece, ncclFloat, h,
                                    c->gpu[g].nccl, c->gpu[g].comm));
                CHECK_NCCL(ncclRecv(c->gpu[h].recv + b.recv_offset + done, piece, ncclFloat, g,
                                    c->gpu[h].nccl, c->gpu[h].comm));
            }
        }
    CHECK_NCCL(ncclGroupEnd());
    nccl_set_up_done();
}

/* Placement of chunk k on every GPU: once its exchange is done (the event
 * on the comm stream), stream 0 puts each source's block into its columns,
 * the GPU's own from its send buffer where the exchange left it there. */
static void place_chunk(const dist_context *c, int K, int k)
{
    int g, src;
    for (g = 0; g < c->G; g++) {
        const gpu_part *p = &c->gpu[g];
        on(c, g);
        CHECK_CUDA(cudaStreamWaitEvent(0, p->exchanged[k], 0));
        CHECK_CUDA(cudaEventRecord(p->place_begin[k], 0));
        for (src = 0; src < c->G; src++) {
            split_block b = split_block_of(c->R, c->C, c->G, K, k, src, g);
            const float *from = src == g && diagonal_stays(c, K) ? p->send + b.send_offset
                                                                 : p->recv + b.recv_offset;
            launch_place_block(from, p->out, b.rows, b.cols, c->R, b.out_col, 0);
        }
        CHECK_CUDA(cudaEventRecord(p->placed[k], 0));
    }
}

/* ---- The rows ------------------------------------------------------------------ */

/* A row issues one whole run on every GPU and returns; everything it
 * issues ends on each GPU's stream 0, so the caller's event recorded there
 * afterwards marks the end. It returns NULL, or (before issuing anything)
 * why it cannot run here. */

/* Transpose, exchange, place: three steps one after the other. Its events
 * transposed[0] and exchanged[0] split each GPU's time into the steps. */
static const char *run_three_steps(dist_context *c)
{
    int g;
    for (g = 0; g < c->G; g++) {
        gpu_part *p = &c->gpu[g];
        on(c, g);
        local_transpose(c, p->in, p->send, p->n);
        CHECK_CUDA(cudaEventRecord(p->transposed[0], 0));
        CHECK_CUDA(cudaStreamWaitEvent(p->comm, p->transposed[0], 0));
    }
    exchange(c, 1, 0);
    for (g = 0; g < c->G; g++) {
        on(c, g);
        CHECK_CUDA(cudaEventRecord(c->gpu[g].exchanged[0], c->gpu[g].comm));
    }
    place_chunk(c, 1, 0);
    return NULL;
}

/* The same three steps per chunk, overlapped. Stream 0 of each GPU runs
 *     T0 T1 [wait X0] P0 T2 [wait X1] P1 ... [wait X(K-1)] P(K-1)
 * and its comm stream runs X0 X1 ..., each Xk after its Tk (T transpose,
 * X exchange, P placement). So T(k + 1) runs while X(k) is on the links,
 * and P(k) while X(k + 1) is. Every chunk has its own part of the send
 * and receive buffers (split.h), so no step waits for a buffer. Each
 * step's begin and end events give the time summed over the chunks
 * (busy_ms): how long each step kept its stream busy. */
static const char *run_pipelined(dist_context *c)
{
    int K = c->K, g, k;
    for (k = 0; k < K; k++) {
        for (g = 0; g < c->G; g++) {
            gpu_part *p = &c->gpu[g];
            long a = split_start(p->n, K, k), len = split_count(p->n, K, k);
            on(c, g);
            CHECK_CUDA(cudaEventRecord(p->transpose_begin[k], 0));
            local_transpose(c, p->in + a * c->C, p->send + a * c->C, len);
            CHECK_CUDA(cudaEventRecord(p->transposed[k], 0));
            CHECK_CUDA(cudaStreamWaitEvent(p->comm, p->transposed[k], 0));
            CHECK_CUDA(cudaEventRecord(p->exchange_begin[k], p->comm));
        }
        exchange(c, K, k);
        for (g = 0; g < c->G; g++) {
            on(c, g);
            CHECK_CUDA(cudaEventRecord(c->gpu[g].exchanged[k], c->gpu[g].comm));
        }
        if (k > 0)
            place_chunk(c, K, k - 1);
    }
    place_chunk(c, K, K - 1);
    return NULL;
}

/* One kernel per GPU, storing straight into the owners' outputs. */
static const char *run_peer_stores(dist_context *c)
{
    dist_owners dst;
    const char *na;
    int g;

    if (!c->peer_ok)
        return c->peer_why;
    dst.gpus = c->G;
    for (g = 0; g < c->G; g++)
        dst.out[g] = c->gpu[g].out;
    for (g = 0; g < c->G; g++) {
        gpu_part *p = &c->gpu[g];
        on(c, g);
        na = launch_transpose_to_owners(p->in, p->n, c->C, c->R, p->row0, &dst, 0);
        if (na != NULL)
            return na;   /* only from GPU 0: the reason is the same on every GPU */
    }
    return NULL;
}

typedef struct {
    const char *name;
    const char *(*run)(dist_context *c);
    int needs_nccl;
    int has_steps;     /* records transposed[0] and exchanged[0] (nccl_three_steps) */
    int chunks;        /* how many chunks it exchanges: 1, or 0 for c->K; -1 none  */
} dist_row;

/* The table: adding a row is one line. */
static const dist_row rows[] = {
    { "nccl_three_steps", run_three_steps, 1, 1, 1 },
    { "nccl_pipelined",   run_pipelined,   1, 0, 0 },
    { "peer_stores",      run_peer_stores, 0, 0, -1 },
};
#define ROW_COUNT TP_COUNT(rows)

/* ---- Checking and timing one row ----------------------------------------------- */

typedef struct {
    const char *name;
    const char *na;         /* non-NULL: cannot run here, and why          */
    int ok;                 /* every element right, nothing outside        */
    int wrong_late;         /* right on the first run, not after the timed */
    int timed;
    double median_ms, min_ms, max_ms;
    double step_ms[3];      /* transpose, exchange, place: nccl_three_steps's
                               steps, nccl_pipelined's summed over its chunks */
    char chunks[16];        /* the table's chunks column                   */
    int pipelined;          /* its chunks are c->K                         */
} row_result;

/* Empties every GPU's L2 (timed runs only: the buffers exist then), and
 * waits for every GPU. */
static void flush_all(const dist_context *c)
{
    int g;
    for (g = 0; g < c->G; g++) {
        on(c, g);
        tp_flush_l2(c->gpu[g].flush, c->gpu[g].flush_bytes, c->gpu[g].info.sm_count, 0);
    }
    sync_all(c);
}

/* Poisons every output (validate.h: an element never written then shows),
 * with `flush` empties every L2, and waits for every GPU: no GPU may start
 * a run while another still prepares, or a peer store could land in an
 * output that is still being poisoned. */
static void prepare_outputs(const dist_context *c, int flush)
{
    int g;
    for (g = 0; g < c->G; g++) {
        const gpu_part *p = &c->gpu[g];
        on(c, g);
        CHECK_CUDA(cudaMemsetAsync(p->out, TP_POISON_BYTE, out_bytes(p, c->R), 0));
    }
    if (flush)
        flush_all(c);
    else
        sync_all(c);
}

/* Checks every GPU's output rows on the GPU. Returns 1 if all are right.
 * With `loud`, a failure names the wrong elements it kept on stderr, in
 * the words of the other chapters (validate.h's tp_describe_value). */
static int check_outputs(const dist_context *c, const char *name, int loud, int late)
{
    dist_check found[SPLIT_MAX_GPUS];
    unsigned long long wrong = 0, unwritten = 0, outside = 0;
    int g, k, shown = 0;

    for (g = 0; g < c->G; g++) {
        const gpu_part *p = &c->gpu[g];
        on(c, g);
        CHECK_CUDA(cudaMemsetAsync(p->chk, 0, sizeof(dist_check), 0));
        launch_check_output(p->out, p->m, c->R, c->C, p->out_row0, p->chk, 0);
        launch_check_guards(p->out_base, out_bytes(p, c->R), p->chk, 0);
    }
    for (g = 0; g < c->G; g++) {
        on(c, g);
        CHECK_CUDA(cudaMemcpy(&found[g], c->gpu[g].chk, sizeof(dist_check),
                              cudaMemcpyDeviceToHost));
        wrong += found[g].wrong;
        unwritten += found[g].unwritten;
        outside += found[g].outside;
    }
    if (wrong == 0 && outside == 0)
        return 1;
    if (loud && wrong > 0) {
        fprintf(stderr, "%s: FAIL, wrong elements of the output%s (the first each GPU "
                "found):\n", name, late ? " after the timed runs" : "");
        for (g = 0; g < c->G; g++)
            for (k = 0; k < DIST_KEPT && k < (int)found[g].kept && shown < TP_MAX_REPORTED; k++) {
                long i = (long)found[g].index[k];
                long row = c->gpu[g].out_row0 + i / c->R, col = i % c->R;   /* output (row, col) */
                long long source = (long long)col * c->C + row;             /* = input (col, row) */
                float want = tp_input_value((size_t)source), got;
                char w[96], h[96];
                memcpy(&got, &found[g].got[k], sizeof got);
                fprintf(stderr, "    (%ld, %ld): expected %.9g [%s], got %.9g [%s] (on GPU %d)\n",
                        row, col, want, tp_describe_value(want, c->R, c->C, source, w, sizeof w),
                        got, tp_describe_value(got, c->R, c->C, source, h, sizeof h),
                        c->gpu[g].device);
                shown++;
            }
        fprintf(stderr, "    %llu of %zu elements wrong (%llu never written) in the %ld x %ld "
                "output\n", wrong, (size_t)c->R * (size_t)c->C, unwritten, c->C, c->R);
    }
    for (g = 0; g < c->G; g++) {
        const gpu_part *p = &c->gpu[g];
        if (found[g].outside == 0)
            continue;
        if (loud)
            fprintf(stderr, "%s: FAIL, %llu bytes written outside the output rows of GPU %d%s\n",
                    name, found[g].outside, p->device, late ? " in the timed runs" : "");
        on(c, g);   /* the guards are set again for the next run */
        CHECK_CUDA(cudaMemset(p->out_base, TP_GUARD_BYTE,
                              out_bytes(p, c->R) + 2 * (size_t)TP_GUARD_BYTES));
    }
    return 0;
}

/* Which two events of a GPU a time is taken between. */
typedef enum { SPAN_RUN, SPAN_TRANSPOSE, SPAN_EXCHANGE, SPAN_PLACE } span;

/* The longest of the GPUs' times over one span: a run lasts until its
 * slowest GPU is done. (Events of two GPUs cannot be compared; each GPU's
 * own pair can, also across its two streams.) */
static double slowest_ms(const dist_context *c, span s)
{
    double most = 0.0;
    int g;
    for (g = 0; g < c->G; g++) {
        const gpu_part *p = &c->gpu[g];
        cudaEvent_t a = p->start, b = p->stop;
        float t;
        if (s == SPAN_TRANSPOSE) b = p->transposed[0];
        if (s == SPAN_EXCHANGE) { a = p->transposed[0]; b = p->exchanged[0]; }
        if (s == SPAN_PLACE) a = p->exchanged[0];
        on(c, g);
        CHECK_CUDA(cudaEventElapsedTime(&t, a, b));
        most = t > most ? t : most;
    }
    return most;
}

/* The pipelined row's steps, each summed over its chunks: from when a step
 * could start (its stream had reached it) to its end, on the slowest GPU.
 * Overlapped steps share the GPU, so each may take longer than alone. */
typedef enum { BUSY_TRANSPOSE, BUSY_EXCHANGE, BUSY_PLACE } busy_step;

static double busy_ms(const dist_context *c, busy_step s)
{
    double most = 0.0, sum;
    int g, k;
    for (g = 0; g < c->G; g++) {
        const gpu_part *p = &c->gpu[g];
        on(c, g);
        for (sum = 0.0, k = 0; k < c->K; k++) {
            float t;
            cudaEvent_t a = s == BUSY_TRANSPOSE  ? p->transpose_begin[k]
                            : s == BUSY_EXCHANGE ? p->exchange_begin[k]
                                                 : p->place_begin[k];
            cudaEvent_t b = s == BUSY_TRANSPOSE  ? p->transposed[k]
                            : s == BUSY_EXCHANGE ? p->exchanged[k]
                                                 : p->placed[k];
            CHECK_CUDA(cudaEventElapsedTime(&t, a, b));
            sum += t;
        }
        most = sum > most ? sum : most;
    }
    return most;
}

/* Validates a row: poison, one run, the check. Without --check, a correct
 * row is then timed: warm-up runs, then --reps runs, each with the outputs
 * poisoned and every L2 flushed before it, between events on every GPU;
 * then the check again (a row right only on its first run fails here). */
static void run_row(dist_context *c, const dist_row *row, row_result *res)
{
    int reps = c->opt.reps, i, g, s;
    double *ms, *steps[3];

    memset(res, 0, sizeof *res);
    res->name = row->name;
    res->pipelined = row->chunks == 0;
    if (row->chunks < 0)
        snprintf(res->chunks, sizeof res->chunks, "-");
    else
        snprintf(res->chunks, sizeof res->chunks, "%d", row->chunks > 0 ? row->chunks : c->K);

    prepare_outputs(c, 0);
    res->na = row->run(c);
    if (res->na != NULL)
        return;
    sync_all(c);
    res->ok = check_outputs(c, row->name, 1, 0);
    if (!res->ok || c->opt.check)
        return;

    for (i = 0; i < WARMUP_RUNS; i++) {
        row->run(c);
        sync_all(c);
    }
    ms = (double *)malloc((size_t)reps * 4 * sizeof(double));
    if (ms == NULL) {
        fprintf(stderr, "%s: error: out of host memory\n", c->prog);
        exit(TP_EXIT_FAIL);
    }
    for (s = 0; s < 3; s++)
        steps[s] = ms + (size_t)reps * (s + 1);
    for (i = 0; i < reps; i++) {
        prepare_outputs(c, 1);
        for (g = 0; g < c->G; g++) {
            on(c, g);
            CHECK_CUDA(cudaEventRecord(c->gpu[g].start, 0));
        }
        row->run(c);
        for (g = 0; g < c->G; g++) {
            on(c, g);
            CHECK_CUDA(cudaEventRecord(c->gpu[g].stop, 0));
        }
        for (g = 0; g < c->G; g++) {
            on(c, g);
            CHECK_CUDA(cudaEventSynchronize(c->gpu[g].stop));
        }
        ms[i] = slowest_ms(c, SPAN_RUN);
        if (row->has_steps) {
            steps[0][i] = slowest_ms(c, SPAN_TRANSPOSE);
            steps[1][i] = slowest_ms(c, SPAN_EXCHANGE);
            steps[2][i] = slowest_ms(c, SPAN_PLACE);
        } else if (res->pipelined) {
            for (s = 0; s < 3; s++)
                steps[s][i] = busy_ms(c, (busy_step)s);
        }
    }
    res->ok = check_outputs(c, row->name, 1, 1);
    res->wrong_late = !res->ok;
    res->median_ms = tp_median(ms, reps);   /* sorts ms */
    res->min_ms = ms[0];
    res->max_ms = ms[reps - 1];
    if (row->has_steps || res->pipelined)
        for (s = 0; s < 3; s++)
            res->step_ms[s] = tp_median(steps[s], reps);
    res->timed = res->ok;
    free(ms);
}

/* ---- The yardsticks: one GPU's copy, one link's rate ----------------------------- */

typedef struct {
    int copy_gpu;            /* where the copy ran (the GPU with the most input rows) */
    double copy_bytes, copy_ms;
    double ceiling_ms;       /* every GPU reading its input rows and writing its output
                                rows at that copy's speed: the slowest one's time     */
    const char *peer_na;     /* non-NULL: no link measured, and why                   */
    int peer_from, peer_to;
    double peer_bytes, peer_ms;
    double link_bytes;       /* the most one GPU sends or receives over links          */
    double link_ms;          /* link_bytes at the peer rate                            */
} yardsticks;

/* The median of `reps` runs of one copy issued on GPU g's stream 0 (to
 * dst on GPU g, or on another GPU through cudaMemcpyPeerAsync), each after
 * an L2 flush on every GPU. */
static double time_copy(const dist_context *c, int g, void *dst, int dst_dev, const void *src,
                        size_t bytes)
{
    int reps = c->opt.reps, i;
    double *ms = (double *)malloc((size_t)reps * sizeof(double)), median;
    const gpu_part *p = &c->gpu[g];
    float t;

    if (ms == NULL) {
        fprintf(stderr, "%s: error: out of host memory\n", c->prog);
        exit(TP_EXIT_FAIL);
    }
    for (i = -WARMUP_RUNS; i < reps; i++) {   /* i < 0: warm-up */
        flush_all(c);
        on(c, g);
        CHECK_CUDA(cudaEventRecord(p->start, 0));
        if (dst_dev == p->device)
            CHECK_CUDA(cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDeviceToDevice, 0));
        else
            CHECK_CUDA(cudaMemcpyPeerAsync(dst, dst_dev, src, p->device, bytes, 0));
        CHECK_CUDA(cudaEventRecord(p->stop, 0));
        CHECK_CUDA(cudaEventSynchronize(p->stop));
        CHECK_CUDA(cudaEventElapsedTime(&t, p->start, p->stop));
        if (i >= 0)
            ms[i] = t;
    }
    median = tp_median(ms, reps);
    free(ms);
    return median;
}

/* The two yardsticks of the header. The copy ceiling: GPU copy_gpu copies
 * its input rows (input buffer to send buffer, both free before the rows
 * run); at that speed (bytes read + written over time), the ceiling is
 * the slowest GPU's input rows read and output rows written. The link: a
 * peer copy of the block GPU 0 sends GPU 1 in this shape (if that one is
 * empty, the largest block any GPU sends another); the link limit is the
 * most bytes one GPU sends or receives over links, at that rate. */
static void measure_yardsticks(const dist_context *c, yardsticks *y)
{
    double copy_gbps, share;
    long block = 0;
    int g, h;

    memset(y, 0, sizeof *y);
    for (g = 0; g < c->G; g++)
        if (c->gpu[g].n > c->gpu[y->copy_gpu].n)
            y->copy_gpu = g;
    g = y->copy_gpu;
    y->copy_bytes = (double)c->gpu[g].n * c->C * sizeof(float);
    y->copy_ms = time_copy(c, g, c->gpu[g].send, c->gpu[g].device, c->gpu[g].in,
                           (size_t)y->copy_bytes);
    copy_gbps = 2.0 * y->copy_bytes / (y->copy_ms * 1e-3) / 1e9;
    for (g = 0; g < c->G; g++) {
        share = ((double)c->gpu[g].n * c->C + (double)c->gpu[g].m * c->R) * sizeof(float);
        y->ceiling_ms = share / (copy_gbps * 1e9) * 1e3 > y->ceiling_ms
                            ? share / (copy_gbps * 1e9) * 1e3 : y->ceiling_ms;
    }

    y->peer_from = y->peer_to = -1;
    if (c->G < 2) {
        y->peer_na = "one GPU";
        return;
    }
    if (c->gpu[0].n * c->gpu[1].m > 0) {
        y->peer_from = 0;
        y->peer_to = 1;
        block = c->gpu[0].n * c->gpu[1].m;
    } else {
        for (g = 0; g < c->G; g++)
            for (h = 0; h < c->G; h++)
                if (g != h && c->gpu[g].n * c->gpu[h].m > block) {
                    block = c->gpu[g].n * c->gpu[h].m;
                    y->peer_from = g;
                    y->peer_to = h;
                }
    }
    if (block == 0) {
        y->peer_na = "no element of this shape crosses a link";
        return;
    }
    y->peer_bytes = (double)block * sizeof(float);
    y->peer_ms = time_copy(c, y->peer_from, c->gpu[y->peer_to].recv, c->gpu[y->peer_to].device,
                           c->gpu[y->peer_from].in, (size_t)y->peer_bytes);
    for (g = 0; g < c->G; g++) {
        double out = (double)split_sent(c->R, c->C, c->G, g) * sizeof(float);
        double in = (double)split_received(c->R, c->C, c->G, g) * sizeof(float);
        y->link_bytes = out > y->link_bytes ? out : y->link_bytes;
        y->link_bytes = in > y->link_bytes ? in : y->link_bytes;
    }
    y->link_ms = y->link_bytes / (y->peer_bytes / y->peer_ms);
}

/* ---- The report ------------------------------------------------------------------ */

static void print_header(const dist_context *c, const yardsticks *y)
{
    double mb = (double)c->R * c->C * sizeof(float) / 1e6;
    int g, version = 0;

    printf("%s\n", TITLE);
    for (g = 0; g < c->G; g++) {
        const gpu_part *p = &c->gpu[g];
        printf("GPU %-3d %s (compute capability %d.%d, %d SMs, %.0f MB L2, %.1f GB memory)\n",
               p->device, p->info.name, p->info.cc_major, p->info.cc_minor, p->info.sm_count,
               p->info.l2_bytes / 1e6, p->info.mem_bytes / 1e9);
        printf("        ");
        if (p->n > 0)
            printf("input rows %ld to %ld, ", p->row0, p->row0 + p->n - 1);
        else
            printf("no input rows, ");
        if (p->m > 0)
            printf("output rows %ld to %ld\n", p->out_row0, p->out_row0 + p->m - 1);
        else
            printf("no output rows\n");
    }
    if (c->nccl_open) {
        CHECK_NCCL(ncclGetVersion(&version));
        printf("links   %s; NCCL %d.%d.%d, one process, NCCL_NVLS_ENABLE=%s\n",
               c->G == 1 ? "one GPU" : c->peer_ok ? "peer access between every pair"
                                                   : "no peer access between some pair",
               version / 10000, version / 100 % 100, version % 100,
               getenv("NCCL_NVLS_ENABLE") ? getenv("NCCL_NVLS_ENABLE") : "(unset)");
    } else {
        printf("links   %s; NCCL not used (no NCCL row selected)\n",
               c->G == 1 ? "one GPU" : c->peer_ok ? "peer access between every pair"
                                                   : "no peer access between some pair");
    }
    printf("matrix  %ld x %ld float32: %.1f MB in + %.1f MB out, split by rows over %d GPU%s\n",
           c->R, c->C, mb, mb, c->G, c->G == 1 ? "" : "s");
    printf("timing  median of %d repeats (min-max beside it), every L2 flushed before each;\n"
           "        a repeat takes as long as its slowest GPU (CUDA events on each);\n"
           "        GB/s = 10^9 bytes/s, each element read once and written once\n",
           c->opt.reps);
    printf("copy    cudaMemcpy device-to-device on GPU %d, its %.1f MB of input rows: %.4f ms,\n"
           "        %.0f GB/s; at that speed each GPU reads its input rows and writes its\n"
           "        output rows in %.4f ms (the slowest): the copy ceiling, %%copy below\n",
           c->gpu[y->copy_gpu].device, y->copy_bytes / 1e6, y->copy_ms,
           2.0 * y->copy_bytes / (y->copy_ms * 1e-3) / 1e9, y->ceiling_ms);
    if (y->peer_na != NULL) {
        printf("peer    n/a: %s\n"
               "link    n/a: nothing to measure (%%link below is n/a)\n\n", y->peer_na);
        return;
    }
    printf("peer    cudaMemcpyPeerAsync GPU %d -> GPU %d, %.1f MB: %.4f ms, %.0f GB/s one way\n"
           "link    limit %.4f ms: the most one GPU sends or receives, %.1f MB, at that rate;\n"
           "        %%link below is the limit over the row's time\n\n",
           c->gpu[y->peer_from].device, c->gpu[y->peer_to].device, y->peer_bytes / 1e6,
           y->peer_ms, y->peer_bytes / (y->peer_ms * 1e-3) / 1e9, y->link_ms,
           y->link_bytes / 1e6);
}

static void print_table(const dist_context *c, const yardsticks *y, const row_result *r, int n)
{
    int i;
    printf("%-16s  %6s  %9s  %-17s  %7s  %7s  %7s\n", "row", "chunks", "median ms",
           "min-max ms", "GB/s", "%link", "%copy");
    for (i = 0; i < n; i++) {
        printf("%-16s  %6s  ", r[i].name, r[i].chunks);
        if (r[i].na) {
            printf("n/a: %s\n", r[i].na);
        } else if (!r[i].ok) {
            printf("FAIL%s, no timing (the lines above say what)\n",
                   r[i].wrong_late ? " after the timed runs" : "");
        } else {
            char range[40], link[16];
            snprintf(range, sizeof range, "%.4f-%.4f", r[i].min_ms, r[i].max_ms);
            if (y->peer_na != NULL)
                snprintf(link, sizeof link, "n/a");
            else
                snprintf(link, sizeof link, "%.1f%%", 100.0 * y->link_ms / r[i].median_ms);
            printf("%9.4f  %-17s  %7.0f  %7s  %6.1f%%\n", r[i].median_ms, range,
                   tp_effective_gbps(c->R, c->C, r[i].median_ms), link,
                   100.0 * y->ceiling_ms / r[i].median_ms);
        }
    }
    for (i = 0; i < n; i++) {
        if (r[i].timed && !r[i].pipelined &&
            r[i].step_ms[0] + r[i].step_ms[1] + r[i].step_ms[2] > 0) {
            printf("\n%s, step by step (medians, each the slowest GPU's):\n", r[i].name);
            printf("  1. local transpose  %9.4f ms  chapter 9's transpose_any_shape, each GPU's "
                   "input rows\n", r[i].step_ms[0]);
            printf("  2. exchange         %9.4f ms  %s, from the end of the GPU's own\n"
                   "                                    step 1 (so waiting for the slowest too)\n",
                   r[i].step_ms[1], exchange_name(c, 1));
            printf("  3. placement        %9.4f ms  each received block into its columns\n",
                   r[i].step_ms[2]);
        }
        if (r[i].timed && r[i].pipelined) {
            double sum = r[i].step_ms[0] + r[i].step_ms[1] + r[i].step_ms[2];
            printf("\nnccl_pipelined: %d chunks per GPU, exchanged with %s; the transpose of\n"
                   "chunk k + 1 runs while chunk k is exchanged. Each step summed over the chunks\n"
                   "(medians, each the slowest GPU's; from when its stream reached it):\n",
                   c->K, exchange_name(c, c->K));
            printf("  transposes  %9.4f ms\n  exchanges   %9.4f ms\n  placements  %9.4f ms\n",
                   r[i].step_ms[0], r[i].step_ms[1], r[i].step_ms[2]);
            printf("  sum         %9.4f ms, the row %.4f ms: overlap hid %.4f ms\n", sum,
                   r[i].median_ms, sum - r[i].median_ms);
        }
    }
}

static void print_csv(const dist_context *c, const yardsticks *y, const row_result *r, int n)
{
    double peaks = 0.0;
    int i, g;

    for (g = 0; g < c->G; g++)
        peaks += c->gpu[g].info.peak_gbps;
    printf("device,rows,cols,kernel,block,status,median_ms,min_ms,max_ms,gbps,pct_copy,pct_peak,"
           "best_block,gpus,pct_link\n");
    for (i = 0; i < n; i++) {
        printf("\"%s\",%ld,%ld,%s,%s,", c->gpu[0].info.name, c->R, c->C, r[i].name, r[i].chunks);
        if (r[i].na) {
            printf("N/A,,,,,,,0,%d,\n", c->G);
        } else if (!r[i].ok) {
            printf("FAIL,,,,,,,0,%d,\n", c->G);
        } else {
            double gbps = tp_effective_gbps(c->R, c->C, r[i].median_ms);
            printf("PASS,%.5f,%.5f,%.5f,%.1f,%.1f,%.1f,0,%d,", r[i].median_ms, r[i].min_ms,
                   r[i].max_ms, gbps, 100.0 * y->ceiling_ms / r[i].median_ms,
                   peaks > 0 ? 100.0 * gbps / peaks : 0.0, c->G);
            if (y->peer_na == NULL)
                printf("%.1f", 100.0 * y->link_ms / r[i].median_ms);
            printf("\n");
        }
    }
}

/* ---- What the program does -------------------------------------------------------- */

/* The default: the yardsticks, then every selected row checked and timed,
 * then the table (or CSV). */
static int table(dist_context *c)
{
    long R = c->opt.size_given ? c->opt.rows : DEFAULT_SIDE;
    long C = c->opt.size_given ? c->opt.cols : DEFAULT_SIDE;
    size_t extra = 2 * (size_t)TP_GUARD_BYTES + (c->nccl_open ? NCCL_RESERVE : 0), flush = 0;
    row_result res[ROW_COUNT];
    yardsticks y;
    int n = 0, failed = 0, g, i;

    for (g = 0; g < c->G; g++)
        flush = 2 * c->gpu[g].info.l2_bytes > flush ? 2 * c->gpu[g].info.l2_bytes : flush;
    fit_on_gpus(c, &R, &C, extra + flush, c->opt.size_given);
    setup_buffers(c, R, C, 1);
    measure_yardsticks(c, &y);
    for (i = 0; i < ROW_COUNT; i++) {
        if (!tp_kernel_selected(&c->opt, rows[i].name))
            continue;
        run_row(c, &rows[i], &res[n]);
        failed += res[n].na == NULL && !res[n].ok;
        n++;
    }
    free_buffers(c);
    if (c->opt.csv) {
        print_csv(c, &y, res, n);
    } else {
        print_header(c, &y);
        print_table(c, &y, res, n);
    }
    return failed ? TP_EXIT_FAIL : TP_EXIT_OK;
}

/* --check: exactness only, on --size or on every shape of the list (its
 * small ones with --small). One line per row and shape. */
static int check_shapes(dist_context *c)
{
    tp_shape list[TP_COUNT(awkward_shapes) + 2];
    int count = 0, failed = 0, s, i;

    if (c->opt.size_given) {
        list[count].rows = c->opt.rows;
        list[count++].cols = c->opt.cols;
    } else {
        for (s = 0; s < TP_COUNT(awkward_shapes); s++)
            list[count++] = awkward_shapes[s];
        if (c->G > 1) {
            list[count].rows = c->G - 1;
            list[count++].cols = 5;
            list[count].rows = 5;
            list[count++].cols = c->G - 1;
        }
    }
    for (s = 0; s < count; s++) {
        long R = list[s].rows, C = list[s].cols;
        if (!c->opt.size_given && c->opt.small && R * C > TP_SMALL_SHAPE_ELEMENTS)
            continue;
        fit_on_gpus(c, &R, &C, 2 * (size_t)TP_GUARD_BYTES + (c->nccl_open ? NCCL_RESERVE : 0),
                    1);
        setup_buffers(c, R, C, 0);
        for (i = 0; i < ROW_COUNT; i++) {
            row_result r;
            if (!tp_kernel_selected(&c->opt, rows[i].name))
                continue;
            run_row(c, &rows[i], &r);
            if (r.na != NULL)
                printf("n/a  %s, %d GPU%s (%ld x %ld): %s\n", r.name, c->G, c->G == 1 ? "" : "s",
                       R, C, r.na);
            else
                printf("%s %s, %d GPU%s (%ld x %ld)\n", r.ok ? "PASS" : "FAIL", r.name, c->G,
                       c->G == 1 ? "" : "s", R, C);
            failed += r.na == NULL && !r.ok;
        }
        free_buffers(c);
    }
    return failed ? TP_EXIT_FAIL : TP_EXIT_OK;
}

int main(int argc, char **argv)
{
    dist_context c;
    char err[256];
    char **rest = (char **)malloc(((size_t)argc + 1) * sizeof(char *));
    int nrest = 0, gpus = 0, nccl_rows = 0, any = 0, status, i;

    memset(&c, 0, sizeof c);
    c.prog = argc > 0 ? argv[0] : "chapter12";
    if (rest == NULL) {
        fprintf(stderr, "%s: error: out of host memory\n", c.prog);
        return TP_EXIT_FAIL;
    }

    /* 1. Parse: every mistake is one line and exit status 2, before any GPU work. */
    if (take_gpus_option(argc, argv, &gpus, rest, &nrest, err, sizeof err) != TP_EXIT_OK ||
        tp_parse_args(nrest, rest, &c.opt, err, sizeof err) != TP_EXIT_OK)
        fatal_usage(c.prog, err);
    if (c.opt.help) {
        print_usage(c.prog);
        return TP_EXIT_OK;
    }
    if (c.opt.depth > 1) {
        snprintf(err, sizeof err, "--size %ldx%ldx%ld: this program transposes matrices, "
                 "give --size RxC (chapter 11 takes tensors)", c.opt.depth, c.opt.rows,
                 c.opt.cols);
        fatal_usage(c.prog, err);
    }
    if (c.opt.grade)
        fatal_usage(c.prog, "--grade: this program has no exercise kernel to grade");
    if (c.opt.list_shapes) {   /* the shapes that need no GPU count */
        for (i = 0; i < TP_COUNT(awkward_shapes); i++)
            if (!c.opt.small ||
                awkward_shapes[i].rows * awkward_shapes[i].cols <= TP_SMALL_SHAPE_ELEMENTS)
                printf("%ldx%ld\n", awkward_shapes[i].rows, awkward_shapes[i].cols);
        return TP_EXIT_OK;
    }
    for (i = 0; i < ROW_COUNT; i++)
        if (tp_kernel_selected(&c.opt, rows[i].name)) {
            any = 1;
            nccl_rows += rows[i].needs_nccl;
        }
    if (!any) {
        snprintf(err, sizeof err, "no kernel name contains '%s' (see --help for the list)",
                 c.opt.kernel_filter);
        fatal_usage(c.prog, err);
    }

    /* 2. The GPUs and, if a selected row needs it, NCCL; 3. the one thing asked. */
    open_gpus(&c, gpus);
    if (nccl_rows > 0)
        open_nccl(&c);
    status = c.opt.check ? check_shapes(&c) : table(&c);
    close_all(&c);
    free(rest);
    return status;
}
