/*
 * exercises/given/11_batched.h - what exercise 11 gives your code: read it,
 * do not edit it. The build puts it before your part of
 * exercises/11_batched.cu, and the given half (given/11_batched.cu) includes
 * it too, so both halves agree on these names.
 */
#ifndef EX11_GIVEN_H
#define EX11_GIVEN_H

#include <cuda_runtime.h>
#include "harness.h"              /* CHECK_LAUNCH, for your launch */
#include "../../chapters/tile.h"

/* Yours: exercises/11_batched.cu defines it, the given half's table runs
 * it. It launches your kernel on the whole batch, as the table's
 * tp_launch_tensor_fn (harness.h): returns NULL when it launched, or why
 * it cannot take this shape. */
const char *launch_yours(const float *in, float *out, long batch, long rows, long cols,
                         const int perm[3], dim3 block);

#endif
