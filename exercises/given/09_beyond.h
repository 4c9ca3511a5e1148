/*
 * exercises/given/09_beyond.h - what exercise 9 gives your code: read it,
 * do not edit it. The build puts it before your part of
 * exercises/09_beyond.cu, and the given half (given/09_beyond.cu) includes
 * it too, so both halves agree on these names.
 */
#ifndef EX09_GIVEN_H
#define EX09_GIVEN_H

#include <cuda_runtime.h>
#include "../../chapters/tile.h"

#define FEW_ROWS 32          /* your kernel takes matrices of 1 to 32 rows */
#define PIECE_FLOATS 4096    /* a block's piece: about 16 KB               */

#define TILE_THREADS 256     /* threads per block (chapter 9's)         */

/* The piece's pitch, floats from one of its k rows to the next: at least
 * w + 1, and chosen for step 3 of the exercise. There a warp reads output
 * floats i .. i + 31 of the run, float i from word (i % k) * pitch + i / k
 * of the piece, about 32 / k words from each of k rows. Chapter 7's odd
 * pitch, w + 1 (w is a multiple of 32), puts them k to a bank for k from 2
 * to 6, and 2 to 6 to a bank for every k from 7 to 31. So:
 *   - k odd: the pitch p with k * p = 1 (mod 32). Then k times the word is
 *     i (mod 32), so the word is p * i (mod 32), and p, being odd, sends
 *     32 consecutive i to 32 different banks;
 *   - k even: p = 32 / k (mod 32), the rows 32 / k banks apart: one word
 *     per bank when k divides 32, at most 2 otherwise.
 * (tests/test_exercises.cu counts the words per bank for every k.) */
static inline int piece_pitch(int k, int w)
{
    int want = 32 / k, p;

    if (k % 2 == 1)
        for (want = 1; k * want % 32 != 1; want += 2)
            ;
    for (p = w + 1; p % 32 != want % 32; p++)
        ;
    return p;
}

/* Yours: exercises/09_beyond.cu defines it, the given half launches it. */
__global__ void your_transpose_few_rows(const float *__restrict__ in, float *__restrict__ out,
                                        int rows, int cols, int w, int pitch);

#endif
