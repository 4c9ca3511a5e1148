/*
 * harness.h - the one helper every chapter, exercise and test uses.
 *
 * A chapter lists its kernels in a table and hands it to tp_run():
 *
 *     static const tp_kernel kernels[] = {
 *         { "copy_row", launch_copy_row, TP_COPY,      { 32, 8, 1 } },
 *         { "naive_row", launch_naive_row, TP_TRANSPOSE, { 32, 8, 1 } },
 *     };
 *     int main(int argc, char **argv)
 *     {
 *         return tp_run(argc, argv, "Chapter 2: naive transpose",
 *                       kernels, TP_COUNT(kernels));
 *     }
 *
 * tp_run() parses the command line (cli.h), selects the kernels, picks the
 * GPU, and then does one of three things:
 *   - the table (default): fills the input with distinct values, measures
 *     the copy ceiling (the faster of cudaMemcpy device-to-device and the
 *     harness's own float4 copy kernel, both checked and timed on the same
 *     bytes; the header says which won), then for every kernel:
 *     poisons the output, runs it once, checks every element against the
 *     CPU reference (validate.h), and if it is correct times it (warm-up,
 *     then --reps runs with the L2 flushed before each); one table row per
 *     kernel (report.h);
 *   - --check: validation only, on --size or on every shape of the
 *     awkward-shape list (cli.h), one line per kernel and shape;
 *   - --grade: grades the kernels that have a target (see grade.h):
 *     every awkward shape must be right and the exercise's rule kept, then
 *     the kernel must reach its target against a reference in the same run.
 * A launch function may answer that its kernel cannot take a shape: its
 * row says "n/a" and the reason, and the other kernels run.
 * A table may mix element sizes (tp_kernel.elem_bytes, chapter 10): every
 * element size then gets its own section, with its own input (values that
 * say where they came from, validate.h) and its own copy ceiling on the
 * same number of bytes, measured in the same run.
 * A table may instead be a tensor table (chapter 11), whose rows are
 * problems (problem.h): a permutation of the axes of a tensor of 1 to 4
 * axes, of elements of 1, 2, 4 or 8 bytes. A row is either a legacy tensor
 * row (launch_tensor: a d0 x d1 x d2 float32 tensor, rank 3) or a problem
 * row (launch_problem with its rank and elem_bytes; TP_KERNEL_PROBLEM).
 * --size gives the tensor: "RxC" (1 x R x C; "N" is 1 x N x N), "DxRxC"
 * or "AxBxCxD"; the default is 512 x 512 x 512. A row of higher rank than
 * the shape sees it with leading 1s added; a row of lower rank takes it
 * only if the extra leading axes are 1, and says n/a otherwise (on the
 * awkward-shape list it skips the shape instead). --check without --size runs
 * tp_check_shapes3, then tp_check_shapes4 (each row the shapes its rank
 * takes), and --grade checks on those and times on speed_depth x
 * speed_rows x speed_cols. Element sizes make sections as in a 2-D table.
 * Everything else is the same: the ceiling's two copies on the same bytes,
 * every element checked before timing (tp_problem_reference, and a wrong
 * one named by its coordinates), the same table and CSV (whose rows
 * column then holds the product of every axis but the last, the tensor
 * seen as one matrix; the header names every side). A 2-D table refuses
 * a --size of depth above 1 or of 4 axes, and a table cannot mix the two
 * kinds.
 * A tensor row with in_place set runs with out == in: before each run
 * (validation and every timed repeat) the harness copies the pristine input
 * into the output buffer and launches on that buffer alone, and the
 * reference comes from the pristine input. The restore is outside the
 * timed events. Nothing can be poisoned there, so an element the kernel
 * never writes still holds its input value: the check catches it because
 * a permutation moves almost every element.
 * It returns the program's exit status.
 *
 * Matrix convention everywhere: the input is rows x cols, row-major.
 * A copy writes a rows x cols output; a transpose writes cols x rows.
 */
#ifndef TP_HARNESS_H
#define TP_HARNESS_H

#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "launch.h"
#include "problem.h"
#include "report.h"
#include "validate.h"

/* CHECK_CUDA, CHECK_LAUNCH and TP_STREAM: launch.h. */

#define TP_COUNT(array) ((int)(sizeof(array) / sizeof((array)[0])))

/* Launches one kernel on the whole matrix: in is rows x cols, out is
 * rows x cols (copy) or cols x rows (transpose). `block` is the table's
 * block shape; the launch function works out the grid.
 * It returns NULL when it launched the kernel, or a short reason when this
 * kernel cannot take this shape (a grid CUDA does not allow, a block of
 * the wrong width): the table then shows the row as "n/a" with the reason,
 * and the other kernels run. */
typedef const char *(*tp_launch_fn)(const float *in, float *out, int rows, int cols, dim3 block);

/* The same for elements that are not float32 (chapter 10): in and out
 * hold rows x cols elements of the kernel's elem_bytes bytes each; the
 * harness only moves and compares their bits. */
typedef const char *(*tp_launch_bytes_fn)(const void *in, void *out, int rows, int cols,
                                          dim3 block);

/* A tensor kernel (chapter 11): in is d0 x d1 x d2 float32, out its
 * permutation perm (the table row's, validate.h). For an in_place row,
 * in == out. Returns NULL, or why it cannot take this shape or perm. */
typedef const char *(*tp_launch_tensor_fn)(const float *in, float *out, long d0, long d1,
                                           long d2, const int perm[3], dim3 block);

/* A problem kernel (chapter 11): in holds the input of problem *p (its
 * rank, dims, perm and elem_bytes, problem.h), out receives the
 * permutation. Returns NULL, or why it cannot take this problem. */
typedef const char *(*tp_launch_problem_fn)(const void *in, void *out, const tp_problem *p,
                                            dim3 block);

typedef struct {
    const char *name;     /* what the kernel does, e.g. "transpose_padded_tile" */
    tp_launch_fn launch;
    tp_op op;             /* TP_COPY or TP_TRANSPOSE                            */
    dim3 block;           /* threads per block                                  */
    /* Exercises only (chapters leave these out). --grade (make check)
     * grades the kernels with a target: correct on every awkward shape,
     * the exercise's rule kept, then at least `target` times as fast as
     * the kernel named `relative_to` (another row of the same table, timed
     * in the same run), or, when relative_to is NULL, as the copy ceiling. */
    double target;
    const char *see;           /* where the idea is taught, e.g. "chapter 7" */
    const char *relative_to;   /* NULL: the copy; else a kernel of the table */
    /* A rule of the exercise that neither correctness nor speed shows (a
     * tile without padding, no local memory, a diagonal block order):
     * returns NULL when it is kept, or what is wrong. NULL: no rule. */
    const char *(*rule)(void);
    /* The shape --grade times the kernel on; 0 x 0: the default 8192 x 8192.
     * The reference (copy or relative_to) is timed on the same shape. */
    long speed_rows, speed_cols;
    /* Other element types (chapter 10; chapters 1 to 9 leave these out, 0:
     * float32 through `launch`). A kernel of elem_bytes 1, 2, 4 or 8 sets
     * launch_bytes and leaves launch NULL. The table has one section per
     * element size, each with its own copy ceiling on the same bytes. */
    tp_launch_bytes_fn launch_bytes;
    int elem_bytes;
    /* Tensors (chapter 11; chapters 1 to 10 leave these out): a row with
     * launch_tensor (launch and launch_bytes NULL) permutes a d0 x d1 x d2
     * float32 tensor by perm[0..2]; in_place 1 runs it with out == in (see
     * above); speed_depth is the depth of the graded speed shape. */
    tp_launch_tensor_fn launch_tensor;
    int perm[TP_MAX_RANK];
    int in_place;
    long speed_depth;
    /* Problems (chapter 11): a row with launch_problem (no other launch)
     * permutes a tensor of `rank` axes (1 to 4) by perm[0..rank-1], of
     * elem_bytes-byte elements (0: 4), op TP_TRANSPOSE. */
    tp_launch_problem_fn launch_problem;
    int rank;
} tp_kernel;

/* A table line for a tensor kernel: TP_KERNEL_TENSOR("permute_tiled_021",
 * launch_permute_021, 32, 8, 0, 2, 1, 0) permutes axes (0, 2, 1) out of
 * place with 32 x 8 threads per block. */
#define TP_KERNEL_TENSOR(name_, launch_, block_x, block_y, p0, p1, p2, in_place_)          \
    { .name = name_, .op = TP_TRANSPOSE, .block = { block_x, block_y, 1 },                 \
      .launch_tensor = launch_, .perm = { p0, p1, p2 }, .in_place = in_place_ }

/* A table line for a problem kernel: TP_KERNEL_PROBLEM("permute_nd_3210",
 * launch_permute_nd, 256, 1, 2, 4, 3, 2, 1, 0) reverses the 4 axes of a
 * tensor of 2-byte elements with 256 threads per block. perm entries past
 * the rank are ignored (give 0). */
#define TP_KERNEL_PROBLEM(name_, launch_, block_x, block_y, elem_bytes_, rank_, p0, p1, p2, p3) \
    { .name = name_, .op = TP_TRANSPOSE, .block = { block_x, block_y, 1 },                   \
      .elem_bytes = elem_bytes_, .perm = { p0, p1, p2, p3 }, .launch_problem = launch_,      \
      .rank = rank_ }

/* A table line for a kernel of elem_bytes-byte elements (no exercise
 * fields): TP_KERNEL_BYTES("transpose_u8_quads", launch_u8_quads,
 * TP_TRANSPOSE, 256, 1, 1). */
#define TP_KERNEL_BYTES(name_, launch_, op_, block_x, block_y, elem_bytes_)            \
    { .name = name_, .op = op_, .block = { block_x, block_y, 1 }, .launch_bytes = launch_, \
      .elem_bytes = elem_bytes_ }

/* Runs the chapter's kernels as described above; returns the exit status. */
int tp_run(int argc, char **argv, const char *title, const tp_kernel *kernels, int count);

/* Why cudaGetDeviceCount found no GPU, in words a learner can act on. */
const char *tp_no_gpu_reason(cudaError_t err);

/* Fills *info for device `ordinal` (name, SMs, L2, memory, peak GB/s). */
void tp_device_info_get(int ordinal, tp_device_info *info);

/* The number of GPUs of this machine, once it is sure there is one and
 * that `device` (--device) is one of them; otherwise exits as every
 * program does: TP_EXIT_NO_GPU with the reason, or TP_EXIT_USAGE. */
int tp_open_gpus(const char *prog, int device);

/* Empties the L2 of the current GPU before a timed run by reading `bytes`
 * (twice the L2's size) of buf, a buffer of zeros, on `stream`: the lines
 * the L2 held are evicted, the dirty ones written back now, and what is
 * left are clean lines (common/harness.cu says why that matters). */
void tp_flush_l2(const void *buf, size_t bytes, int sm_count, cudaStream_t stream);

#endif
