/*
 * lib/transpose.cu - transpose.h: checks the arguments, then hands the
 * problem to chapter 11's launch_permute_nd, which picks the kernel as the
 * chapters do (chapter 9's and 10's dispatchers for a single matrix,
 * chapter 11's tiles, rows and batches for the rest).
 *
 * The order of the checks: what needs no GPU first (pointers, rank,
 * shape, permutation, element size, total size, overlap, alignment), then
 * whether both buffers are GPU memory (cudaPointerGetAttributes), then
 * the launch. During the launch the calling thread's launch settings
 * (common/launch.h) send the kernels to the caller's stream and keep a
 * failed CUDA call instead of exiting; both are put back before return.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

#include "transpose.h"
#include "launch.h"
#include "problem.h"
#include "../chapters/11_batched/permute_nd.h"

/* This thread's last message (transpose_last_error). */
static __thread char last_error[256];

static transpose_status fail(transpose_status s, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(last_error, sizeof last_error, fmt, ap);
    va_end(ap);
    return s;
}

/* problem.h's codes, as the library's. */
static transpose_status from_tp(tp_status s)
{
    switch (s) {
    case TP_OK: return TRANSPOSE_OK;
    case TP_ERR_NULL: return TRANSPOSE_ERR_NULL;
    case TP_ERR_RANK: return TRANSPOSE_ERR_RANK;
    case TP_ERR_DIM: return TRANSPOSE_ERR_DIM;
    case TP_ERR_PERM: return TRANSPOSE_ERR_PERM;
    case TP_ERR_ELEM_BYTES: return TRANSPOSE_ERR_ELEM_BYTES;
    case TP_ERR_TOO_LARGE: return TRANSPOSE_ERR_TOO_LARGE;
    case TP_ERR_OVERLAP: return TRANSPOSE_ERR_OVERLAP;
    default: return TRANSPOSE_ERR_UNSUPPORTED;
    }
}

/* TRANSPOSE_OK if p is GPU memory (device or managed), else why not. */
static transpose_status on_gpu(const void *p, const char *name)
{
    cudaPointerAttributes at;
    cudaError_t err = cudaPointerGetAttributes(&at, p);
    if (err != cudaSuccess) {
        (void)cudaGetLastError();   /* not sticky: the next call starts clean */
        return fail(TRANSPOSE_ERR_CUDA, "cannot ask CUDA where %s (%p) lives: %s: %s", name, p,
                    cudaGetErrorName(err), cudaGetErrorString(err));
    }
    if (at.type != cudaMemoryTypeDevice && at.type != cudaMemoryTypeManaged)
        return fail(TRANSPOSE_ERR_NOT_DEVICE,
                    "%s (%p) is %s memory: the library moves GPU memory only (cudaMalloc or "
                    "cudaMallocManaged)",
                    name, p, at.type == cudaMemoryTypeHost ? "pinned host" : "host");
    return TRANSPOSE_OK;
}

transpose_status transpose_permute(const void *in, void *out, int rank, const int64_t *dims,
                                   const int *perm, int elem_bytes, void *stream)
{
    char msg[200];
    tp_problem p;
    tp_status st;
    transpose_status s;
    tp_launch_state *ls, saved;
    const char *why;
    int64_t bytes;

    last_error[0] = '\0';
    if (in == NULL || out == NULL)
        return fail(TRANSPOSE_ERR_NULL, "%s is NULL", in == NULL ? "in" : "out");
    if (dims == NULL || perm == NULL)
        return fail(TRANSPOSE_ERR_NULL, "%s is NULL", dims == NULL ? "dims" : "perm");
    if (rank < 1 || rank > TRANSPOSE_MAX_RANK)
        return fail(TRANSPOSE_ERR_RANK, "rank %d: the library takes 1 to %d axes", rank,
                    TRANSPOSE_MAX_RANK);
    p = tp_problem_make(rank, dims, perm, elem_bytes);
    if ((st = tp_problem_check(&p, msg, sizeof msg)) != TP_OK)
        return fail(from_tp(st), "%s", msg);
    bytes = tp_problem_bytes(&p);
    if ((st = tp_buffers_check(in, out, (size_t)bytes, msg, sizeof msg)) != TP_OK)
        return fail(from_tp(st), "%s (no call works in place)", msg);
    if ((uintptr_t)in % (uintptr_t)elem_bytes != 0)
        return fail(TRANSPOSE_ERR_ALIGN, "in (%p) is not aligned to the element size, %d bytes",
                    in, elem_bytes);
    if ((uintptr_t)out % (uintptr_t)elem_bytes != 0)
        return fail(TRANSPOSE_ERR_ALIGN, "out (%p) is not aligned to the element size, %d bytes",
                    (void *)out, elem_bytes);
    if ((s = on_gpu(in, "in")) != TRANSPOSE_OK || (s = on_gpu(out, "out")) != TRANSPOSE_OK)
        return s;

    ls = tp_launch_here();
    saved = *ls;
    ls->stream = (cudaStream_t)stream;
    ls->soft = 1;
    ls->error = cudaSuccess;
    why = launch_permute_nd(in, out, &p, dim3(ND_THREADS));
    if (why == NULL)   /* a launch that failed without a check after it */
        CHECK_CUDA(cudaGetLastError());
    s = TRANSPOSE_OK;
    if (ls->error != cudaSuccess)
        s = fail(TRANSPOSE_ERR_CUDA, "%s: %s (%s)", cudaGetErrorName(ls->error),
                 cudaGetErrorString(ls->error), ls->where);
    else if (why != NULL)
        s = fail(TRANSPOSE_ERR_UNSUPPORTED, "no kernel takes this problem: %s", why);
    *ls = saved;
    return s;
}

transpose_status transpose_2d(const void *in, void *out, int64_t rows, int64_t cols,
                              int elem_bytes, void *stream)
{
    const int64_t dims[2] = { rows, cols };
    const int perm[2] = { 1, 0 };
    return transpose_permute(in, out, 2, dims, perm, elem_bytes, stream);
}

const char *transpose_status_name(transpose_status s)
{
    switch (s) {
    case TRANSPOSE_OK: return "TRANSPOSE_OK";
    case TRANSPOSE_ERR_NULL: return "TRANSPOSE_ERR_NULL";
    case TRANSPOSE_ERR_RANK: return "TRANSPOSE_ERR_RANK";
    case TRANSPOSE_ERR_DIM: return "TRANSPOSE_ERR_DIM";
    case TRANSPOSE_ERR_PERM: return "TRANSPOSE_ERR_PERM";
    case TRANSPOSE_ERR_ELEM_BYTES: return "TRANSPOSE_ERR_ELEM_BYTES";
    case TRANSPOSE_ERR_TOO_LARGE: return "TRANSPOSE_ERR_TOO_LARGE";
    case TRANSPOSE_ERR_OVERLAP: return "TRANSPOSE_ERR_OVERLAP";
    case TRANSPOSE_ERR_ALIGN: return "TRANSPOSE_ERR_ALIGN";
    case TRANSPOSE_ERR_NOT_DEVICE: return "TRANSPOSE_ERR_NOT_DEVICE";
    case TRANSPOSE_ERR_UNSUPPORTED: return "TRANSPOSE_ERR_UNSUPPORTED";
    case TRANSPOSE_ERR_CUDA: return "TRANSPOSE_ERR_CUDA";
    }
    return "unknown status";
}

const char *transpose_last_error(void)
{
    return last_error;
}
