/*
 * Put into exercise 4 by the tests: chapter 4's diagonal mapping as the
 * lesson prints it (diagonal_tile.h), under the learner's name, with the
 * block number id already linear. It is a bijection, so every output
 * element is right, but it is no band order: consecutive blocks step down
 * a diagonal, so on a 2 x 2 grid tile column 0 goes to blocks 0 and 3.
 * The grader's CPU check of the order (given/04_band_check.h) must fail
 * it.
 */
__host__ __device__ int2 your_band_tile(int id, int gx, int gy)
{
    int r = id % gy;
    int q = id / gy;
    return make_int2((q + r) % gx, r);
}
