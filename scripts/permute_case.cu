/*
 * scripts/permute_case.cu - one permutation of any rank and element size,
 * run by the harness like a chapter's table: the program behind
 * `make tensor-sweep` (scripts/tensor_sweep.sh), also handy on its own.
 *
 *   permute_case --perm 0,2,3,1 --elem 2 --size 8x64x56x56 [harness options]
 *
 * Its table has two rows with the permutation and the element size (1, 2,
 * 4 or 8 bytes; default 4) of the command line: permute_nd (chapter 11's
 * one design for every permutation, chapters/11_batched/permute_nd.h),
 * and transpose_permute, the same kernels called through the transpose
 * library's API (lib/transpose.h: its checks, its error codes), so that
 * the sweep shows what the API costs.
 * Everything else is the harness's, as for chapter 11: the copy ceiling
 * of the same bytes in the same run, every element checked before it is
 * timed, --check, --csv, --reps.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "problem.h"
#include "../chapters/11_batched/permute_nd.h"
#include "../lib/transpose.h"

/* The library's row: a problem it refuses is this row's "n/a" (its
 * sentence); a CUDA failure ends the program, as the harness's own. */
static const char *launch_library(const void *in, void *out, const tp_problem *p, dim3 block)
{
    transpose_status s = transpose_permute(in, out, p->rank, p->dims, p->perm, p->elem_bytes,
                                           NULL);
    (void)block;
    if (s == TRANSPOSE_ERR_CUDA) {
        fprintf(stderr, "transpose_permute: %s\n", transpose_last_error());
        exit(TP_EXIT_FAIL);
    }
    return s == TRANSPOSE_OK ? NULL : transpose_last_error();
}

static void usage_error(const char *prog, const char *msg)
{
    fprintf(stderr, "%s: %s (usage: --perm P --elem E --size S, and the options of --help)\n",
            prog, msg);
    exit(TP_EXIT_USAGE);
}

int main(int argc, char **argv)
{
    tp_kernel rows[2] = {
        { .name = "permute_nd", .op = TP_TRANSPOSE, .block = { ND_THREADS, 1, 1 },
          .elem_bytes = 4, .launch_problem = launch_permute_nd, .rank = 0 },
        { .name = "transpose_permute", .op = TP_TRANSPOSE, .block = { ND_THREADS, 1, 1 },
          .elem_bytes = 4, .launch_problem = launch_library, .rank = 0 },
    };
    tp_kernel *row = &rows[0];
    const char *perm_text = NULL;
    char msg[256];
    int i, n = 1;

    /* --perm and --elem are this program's; the rest goes to the harness. */
    for (i = 1; i < argc; i++) {
        if ((strcmp(argv[i], "--perm") == 0 || strcmp(argv[i], "--elem") == 0) && i + 1 < argc) {
            if (argv[i][2] == 'p') {
                perm_text = argv[i + 1];
            } else {
                char *end;
                long e = strtol(argv[i + 1], &end, 10);
                if (*end != '\0' || (e != 1 && e != 2 && e != 4 && e != 8))
                    usage_error(argv[0], "--elem must be 1, 2, 4 or 8 (bytes per element)");
                row->elem_bytes = (int)e;
            }
            i++;
        } else {
            argv[n++] = argv[i];
        }
    }
    argv[n] = NULL;
    if (perm_text == NULL && !(n > 1 && (strcmp(argv[1], "--help") == 0 ||
                                         strcmp(argv[1], "-h") == 0)))
        usage_error(argv[0], "give the permutation: --perm 0,2,1 (output axis first)");
    if (perm_text != NULL) {
        const char *s;
        row->rank = 1;
        for (s = perm_text; *s; s++)
            row->rank += *s == ',';
        if (tp_parse_perm("--perm", perm_text, row->rank, row->perm, msg, sizeof msg) != TP_OK)
            usage_error(argv[0], msg);
    }
    rows[1].elem_bytes = row->elem_bytes;   /* the library's row: the same problem */
    rows[1].rank = row->rank;
    memcpy(rows[1].perm, row->perm, sizeof row->perm);
    return tp_run(n, argv, "permute_case: one permutation, chapter 11's permute_nd and the library",
                  rows, 2);
}
