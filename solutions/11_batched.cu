/*
 * Solution 11: many tiny matrices, whole matrices per block.
 *
 * This is only the part a learner writes: `make solution11` compiles it
 * in place of the code between exercises/11_batched.cu's "your code" lines.
 *
 * The chunk: matrices first .. first + n - 1, count = n * rows * cols
 * floats, at the same offset base = first * rows * cols of both buffers
 * (a transposed matrix has as many floats as the input one). Input float
 * s of the chunk is element (t, r, c) with s = (t * rows + r) * cols + c;
 * output float j is element (t, r, c) with j = (t * cols + c) * rows + r.
 * Step 1 reads the run in order s, all of a thread's loads first (at most
 * PER_THREAD = 16; the chunk is at most 16 floats a thread), then puts
 * each float at its place in `piece`. Step 3 walks the output in order j
 * and fetches each float from its place.
 *
 * Layout of piece: element (t, r, c) at t * rows * pitch + r * pitch + c,
 * with an odd row pitch: pitch = cols | 1 (cols, or cols + 1 when cols is
 * even). Without it, rows = 32 and an even cols (the shape 64 x 32 x 64)
 * put the 32 floats a warp reads in step 3, one column of a matrix, in one
 * bank: 32 passes. With it, counting the words per bank of every warp's
 * access for every rows x cols with rows * cols <= 4096 (a host program,
 * not committed): step 1 at most 2 words per bank, step 3 at most 7 (at
 * 4 x 31), 2.7 on average at 12 x 20, never worse. The padding costs at
 * most half a float per float: rows * pitch <= 1.5 rows * cols when cols
 * is even, so k * rows * pitch <= 1.5 * PIECE_FLOATS = PIECE_ROOM.
 *
 * No division per float: each thread splits its first position and the
 * step CHUNK_THREADS into digits once (place_of), then adds the step with
 * two carries (place_add), chapter 9's walk with one digit more. A carry
 * needs one subtraction: lo + step.lo <= 2 nlo - 2 and hi + step.hi + 1
 * <= 2 nhi - 1.
 *
 * Edge cases:
 *   - the last chunk: n = min(k, batch - first) >= 1, since the launch
 *     makes ceil(batch / k) blocks; every loop stops at count;
 *   - rows or cols 1: a digit of radix 1 stays 0, and pitch = 1 for cols
 *     1; the formulas above hold unchanged;
 *   - rows * cols > PIECE_FLOATS never gets here (the launch sends it to
 *     chapter 11's kernel), so count <= PIECE_FLOATS = 16 * 256 and the 16
 *     loads of step 1 cover the chunk;
 *   - every thread reaches the one __syncthreads(): no thread returns
 *     early, and the loops around it end before it;
 *   - indices: base in size_t (first * rows * cols may pass 2^31);
 *     positions inside the chunk, and the shared index (< 6144), are ints.
 */
#define PER_THREAD (PIECE_FLOATS / CHUNK_THREADS)    /* 16 */
#define PIECE_ROOM (PIECE_FLOATS + PIECE_FLOATS / 2) /* 6144 floats, 24 KB */

/* A position x of the chunk as three digits: x = (t * nhi + hi) * nlo + lo. */
typedef struct {
    int t, hi, lo;
} chunk_place;

static __device__ __forceinline__ chunk_place place_of(int x, int nhi, int nlo)
{
    chunk_place p;
    int per_matrix = nhi * nlo, rest = x % per_matrix;
    p.t = x / per_matrix;
    p.hi = rest / nlo;
    p.lo = rest % nlo;
    return p;
}

/* p plus a step given as digits, the carries done by hand. */
static __device__ __forceinline__ void place_add(chunk_place *p, chunk_place step, int nhi,
                                                 int nlo)
{
    p->t += step.t;
    p->hi += step.hi;
    p->lo += step.lo;
    if (p->lo >= nlo) {
        p->lo -= nlo;
        p->hi++;
    }
    if (p->hi >= nhi) {
        p->hi -= nhi;
        p->t++;
    }
}

__global__ void your_batched_transpose(const float *__restrict__ in, float *__restrict__ out,
                                       long batch, int rows, int cols, int k)
{
    __shared__ float piece[PIECE_ROOM];
    int pitch = cols | 1, matrix_pitch = rows * pitch;
    long first = (long)blockIdx.x * k;
    int n = batch - first < k ? (int)(batch - first) : k;
    int count = n * rows * cols;
    size_t base = (size_t)first * rows * cols;
    const float *src = in + base;
    float *dst = out + base;
    float v[PER_THREAD];
    chunk_place p, step;

    /* Step 1: the input run, in order (t, r, c); every load before the first store. */
#pragma unroll
    for (int i = 0; i < PER_THREAD; i++)
        if (threadIdx.x + i * CHUNK_THREADS < count)
            v[i] = src[threadIdx.x + i * CHUNK_THREADS];
    p = place_of(threadIdx.x, rows, cols);
    step = place_of(CHUNK_THREADS, rows, cols);
#pragma unroll
    for (int i = 0; i < PER_THREAD; i++) {
        if (threadIdx.x + i * CHUNK_THREADS < count)
            piece[p.t * matrix_pitch + p.hi * pitch + p.lo] = v[i];
        place_add(&p, step, rows, cols);
    }

    __syncthreads();   /* step 2: step 3 reads floats other threads stored */

    /* Step 3: the output run, in order (t, c, r). */
    p = place_of(threadIdx.x, cols, rows);
    step = place_of(CHUNK_THREADS, cols, rows);
    for (int j = threadIdx.x; j < count; j += CHUNK_THREADS) {
        dst[j] = piece[p.t * matrix_pitch + p.lo * pitch + p.hi];
        place_add(&p, step, cols, rows);
    }
}
