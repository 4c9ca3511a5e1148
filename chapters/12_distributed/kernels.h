/*
 * chapters/12_distributed/kernels.h - the launch functions of chapter 12's
 * kernels (kernels.cu, beside this file). Unlike the other chapters' they
 * work on one GPU's part of a matrix split over several (split.h), and
 * take the stream to launch on: the pipelined row runs two streams per
 * GPU. Each launches on the current device (cudaSetDevice first) and
 * checks its launch. Nothing here needs NCCL: main.cu is the only file
 * of the chapter that includes nccl.h.
 */
#ifndef CH12_KERNELS_H
#define CH12_KERNELS_H

#include "harness.h"
#include "split.h"

/* The peer-store tile: a block of DIST_TILE x DIST_ROWS threads moves one
 * DIST_TILE x DIST_TILE tile (chapter 7's padded tile). */
#define DIST_TILE 32
#define DIST_ROWS 8

/* What the check of one GPU's output rows found (device memory; zero it
 * before the check). A kernel that finds a wrong element counts it and
 * keeps the first DIST_KEPT it finds (in the order the threads find them,
 * not the order of the output). */
#define DIST_KEPT 5
typedef struct {
    unsigned long long wrong;       /* elements that differ from the expected value */
    unsigned long long unwritten;   /* of those, elements still holding the poison  */
    unsigned long long outside;     /* bytes of the guard zones that changed        */
    unsigned int kept;              /* wrong elements found so far (index[] holds
                                       the first DIST_KEPT)                         */
    unsigned int got[DIST_KEPT];    /* their bits                                   */
    unsigned long long index[DIST_KEPT];   /* their index in this GPU's output rows */
} dist_check;

/* Where each GPU's output rows are, for a kernel that stores into all of
 * them: out[h] is GPU h's (on GPU h, reached through peer access). */
typedef struct {
    float *out[SPLIT_MAX_GPUS];
    int gpus;
} dist_owners;

/* Fills n elements of a slab whose first element is element `first` of
 * the whole matrix with split_input_value (the project's input values). */
void launch_fill_input(float *slab, long first, long n, cudaStream_t stream);

/* Checks one GPU's output rows: m x R, the output rows [row0, row0 + m) of
 * the C x R output of an R x C input. Every element is compared, bit for
 * bit, with the value its indices say it must hold. Adds to *chk. */
void launch_check_output(const float *out, long m, long R, long C, long row0, dist_check *chk,
                         cudaStream_t stream);

/* Checks the two guard zones (TP_GUARD_BYTES each, TP_GUARD_BYTE) around
 * an output of out_bytes bytes that starts TP_GUARD_BYTES into `base`. */
void launch_check_guards(const unsigned char *base, size_t out_bytes, dist_check *chk,
                         cudaStream_t stream);

/* Placement: a rows x cols block, contiguous, into columns [col0, col0 +
 * cols) of an output whose rows are R floats long. */
void launch_place_block(const float *block, float *out, long rows, long cols, long R, long col0,
                        cudaStream_t stream);

/* Peer stores: transposes GPU g's slab (n x C, input rows [row0, row0 +
 * n) of an R x C matrix) and stores every element straight into the
 * output rows of the GPU that owns them, dst->out[split_owner(col)].
 * Returns NULL, or why it cannot take the shape. */
const char *launch_transpose_to_owners(const float *slab, long n, long C, long R, long row0,
                                       const dist_owners *dst, cudaStream_t stream);

#endif
