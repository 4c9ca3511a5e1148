/*
 * Put into exercise 4 by the tests: the order a learner gets without the
 * chapter's idea, plain launch order. It is a bijection, so every output
 * element is right, but it is not diagonal (its first blocks all take tile
 * row 0): the grader's order check must fail it.
 */
__host__ __device__ int2 your_diagonal_tile(int id, int gx, int gy)
{
    (void)gy;
    return make_int2(id % gx, id / gx);
}
