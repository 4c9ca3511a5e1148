/*
 * scripts/permute_case.cu - one permutation of any rank and element size,
 * run by the harness like a chapter's table: the program behind
 * `make tensor-sweep` (scripts/tensor_sweep.sh), also handy on its own.
 *
 *   permute_case --perm 0,2,3,1 --elem 2 --size 8x64x56x56 [harness options]
 *
 * Its table has one row, permute_nd (chapter 11's one design for every
 * permutation, chapters/11_batched/permute_nd.h), with the permutation and
 * the element size (1, 2, 4 or 8 bytes; default 4) of the command line.
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

static void usage_error(const char *prog, const char *msg)
{
    fprintf(stderr, "%s: %s (usage: --perm P --elem E --size S, and the options of --help)\n",
            prog, msg);
    exit(TP_EXIT_USAGE);
}

int main(int argc, char **argv)
{
    tp_kernel row = { .name = "permute_nd", .op = TP_TRANSPOSE, .block = { ND_THREADS, 1, 1 },
                      .elem_bytes = 4, .launch_problem = launch_permute_nd, .rank = 0 };
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
                row.elem_bytes = (int)e;
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
        row.rank = 1;
        for (s = perm_text; *s; s++)
            row.rank += *s == ',';
        if (tp_parse_perm("--perm", perm_text, row.rank, row.perm, msg, sizeof msg) != TP_OK)
            usage_error(argv[0], msg);
    }
    return tp_run(n, argv, "permute_case: one permutation, chapter 11's permute_nd", &row, 1);
}
