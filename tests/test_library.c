/*
 * test_library.c - the transpose library's argument errors (lib/transpose.h),
 * no GPU needed: every check that comes before the library asks CUDA
 * anything, each with its code and the words of its message. The pointers
 * are made-up addresses, never dereferenced: a call that got past its
 * checks would ask CUDA about them and fail with TRANSPOSE_ERR_CUDA or
 * TRANSPOSE_ERR_NOT_DEVICE, which these tests would report.
 *
 * Prints one line per test, "PASS  library: name" or "FAIL  library: name:
 * why", which tests/run.sh counts. Exit status 1 if any test failed.
 */
#include <stdint.h>
#include <string.h>

#include "../lib/transpose.h"

#define UNIT_PREFIX "library"
#include "unit.h"   /* EXPECT, run(), failures */

#define IN ((const void *)(uintptr_t)0x100000)   /* made up: 1 MiB apart */
#define OUT ((void *)(uintptr_t)0x200000)

/* The call's status is `want` and its message holds `words`. */
static int gives(transpose_status got, transpose_status want, const char *words)
{
    EXPECT(got == want, "returned %s (%s), not %s", transpose_status_name(got),
           transpose_last_error(), transpose_status_name(want));
    EXPECT(strstr(transpose_last_error(), words) != NULL, "message \"%s\" lacks \"%s\"",
           transpose_last_error(), words);
    return 1;
}

static const int64_t d3[3] = { 4, 5, 6 };
static const int p3[3] = { 2, 0, 1 };

static int test_null(void)
{
    return gives(transpose_permute(NULL, OUT, 3, d3, p3, 4, NULL), TRANSPOSE_ERR_NULL,
                 "in is NULL") &&
           gives(transpose_permute(IN, NULL, 3, d3, p3, 4, NULL), TRANSPOSE_ERR_NULL,
                 "out is NULL") &&
           gives(transpose_permute(IN, OUT, 3, NULL, p3, 4, NULL), TRANSPOSE_ERR_NULL,
                 "dims is NULL") &&
           gives(transpose_permute(IN, OUT, 3, d3, NULL, 4, NULL), TRANSPOSE_ERR_NULL,
                 "perm is NULL") &&
           gives(transpose_2d(NULL, OUT, 3, 4, 4, NULL), TRANSPOSE_ERR_NULL, "in is NULL");
}

static int test_rank(void)
{
    const int64_t d5[5] = { 2, 2, 2, 2, 2 };
    const int p5[5] = { 4, 3, 2, 1, 0 };
    return gives(transpose_permute(IN, OUT, 0, d3, p3, 4, NULL), TRANSPOSE_ERR_RANK,
                 "rank 0") &&
           gives(transpose_permute(IN, OUT, -1, d3, p3, 4, NULL), TRANSPOSE_ERR_RANK,
                 "rank -1") &&
           gives(transpose_permute(IN, OUT, 5, d5, p5, 4, NULL), TRANSPOSE_ERR_RANK,
                 "1 to 4 axes");
}

static int test_dims(void)
{
    const int64_t zero[3] = { 4, 0, 6 }, neg[3] = { -4, 5, 6 };
    return gives(transpose_permute(IN, OUT, 3, zero, p3, 4, NULL), TRANSPOSE_ERR_DIM, "axis 1") &&
           gives(transpose_permute(IN, OUT, 3, neg, p3, 4, NULL), TRANSPOSE_ERR_DIM, "axis 0") &&
           gives(transpose_2d(IN, OUT, 3, 0, 4, NULL), TRANSPOSE_ERR_DIM, "axis 1");
}

static int test_perm(void)
{
    const int twice[3] = { 0, 0, 2 }, past[3] = { 0, 1, 3 }, negative[3] = { -1, 0, 1 };
    return gives(transpose_permute(IN, OUT, 3, d3, twice, 4, NULL), TRANSPOSE_ERR_PERM,
                 "axis 0 twice") &&
           gives(transpose_permute(IN, OUT, 3, d3, past, 4, NULL), TRANSPOSE_ERR_PERM, "3") &&
           gives(transpose_permute(IN, OUT, 3, d3, negative, 4, NULL), TRANSPOSE_ERR_PERM,
                 "-1");
}

static int test_elem_bytes(void)
{
    static const int bad[] = { 0, 3, 5, 32, -4 };
    unsigned k;
    for (k = 0; k < sizeof bad / sizeof bad[0]; k++)
        if (!gives(transpose_permute(IN, OUT, 3, d3, p3, bad[k], NULL),
                   TRANSPOSE_ERR_ELEM_BYTES, "16"))
            return 0;
    return 1;
}

static int test_too_large(void)
{
    const int64_t huge[2] = { (int64_t)1 << 40, (int64_t)1 << 30 };   /* 2^70 elements */
    const int64_t bytes[2] = { (int64_t)1 << 31, (int64_t)1 << 29 };  /* 2^60 x 16 bytes */
    return gives(transpose_2d(IN, OUT, huge[0], huge[1], 1, NULL), TRANSPOSE_ERR_TOO_LARGE, "") &&
           gives(transpose_2d(IN, OUT, bytes[0], bytes[1], 16, NULL), TRANSPOSE_ERR_TOO_LARGE,
                 "");
}

static int test_overlap(void)
{
    /* 4 x 5 x 6 elements: 480 bytes of floats, 120 of bytes. The last
     * one touches without overlapping: it must get past this check (to
     * the GPU's, which fails here without one, or says host memory). */
    const char *in = (const char *)IN;
    transpose_status s;
    if (!gives(transpose_permute(in, (void *)in, 3, d3, p3, 4, NULL), TRANSPOSE_ERR_OVERLAP,
               "in place") ||
        !gives(transpose_permute(in, (void *)(in + 476), 3, d3, p3, 4, NULL),
               TRANSPOSE_ERR_OVERLAP, "overlap") ||
        !gives(transpose_permute(in + 119, (void *)in, 3, d3, p3, 1, NULL),
               TRANSPOSE_ERR_OVERLAP, "overlap"))
        return 0;
    s = transpose_permute(in + 120, (void *)in, 3, d3, p3, 1, NULL);
    EXPECT(s == TRANSPOSE_ERR_CUDA || s == TRANSPOSE_ERR_NOT_DEVICE,
           "buffers that touch were refused: %s (%s)", transpose_status_name(s),
           transpose_last_error());
    return 1;
}

static int test_align(void)
{
    const char *in = (const char *)IN;
    char *out = (char *)OUT;
    return gives(transpose_permute(in + 2, out, 3, d3, p3, 4, NULL), TRANSPOSE_ERR_ALIGN,
                 "in ") &&
           gives(transpose_permute(in, out + 8, 3, d3, p3, 16, NULL), TRANSPOSE_ERR_ALIGN,
                 "out ") &&
           gives(transpose_2d(in + 1, out, 3, 5, 2, NULL), TRANSPOSE_ERR_ALIGN, "2 bytes");
}

/* Every code has a name, and the message of a call is its own, not the
 * last one's. */
static int test_names(void)
{
    int s;
    for (s = TRANSPOSE_OK; s <= TRANSPOSE_ERR_CUDA; s++)
        EXPECT(strncmp(transpose_status_name((transpose_status)s), "TRANSPOSE_", 10) == 0,
               "status %d has no name", s);
    EXPECT(strcmp(transpose_status_name((transpose_status)99), "unknown status") == 0,
           "status 99 has a name");
    (void)transpose_permute(NULL, OUT, 3, d3, p3, 4, NULL);
    return gives(transpose_permute(IN, OUT, 0, d3, p3, 4, NULL), TRANSPOSE_ERR_RANK, "rank 0") &&
           gives(transpose_permute(IN, OUT, 3, d3, p3, 3, NULL), TRANSPOSE_ERR_ELEM_BYTES, "3");
}

int main(void)
{
    run("NULL in, out, dims or perm", test_null);
    run("a rank outside 1..4", test_rank);
    run("an axis of 0 or fewer elements", test_dims);
    run("a permutation that is not one", test_perm);
    run("element sizes other than 1, 2, 4, 8, 16", test_elem_bytes);
    run("a size past 64 bits of bytes", test_too_large);
    run("overlapping buffers, in place included", test_overlap);
    run("buffers not aligned to the element size", test_align);
    run("every status named, each message its call's", test_names);
    return failures ? 1 : 0;
}
