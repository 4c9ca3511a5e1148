/*
 * Solution 4: a diagonal block order for a one-dimensional grid.
 *
 * This is only the part a learner writes: `make solution4` compiles it
 * in place of the code between exercises/04_diagonal.cu's "your code" lines.
 *
 * id = q * gy + r: place r takes tile row r, and run q is shifted along by
 * r columns. Ids 0, 1, 2, ... land on tiles (0, 0), (1, 1), (2, 2), ...:
 * different rows and columns. It is a bijection on every grid: id <-> (q, r)
 * is one (q < gx, r < gy), and for a fixed r, q -> (q + r) % gx is a
 * rotation of 0 .. gx - 1. (Chapter 4's mapping does the same for a 2D
 * grid, where id = blockIdx.x + gridDim.x * blockIdx.y.)
 */
__host__ __device__ int2 your_diagonal_tile(int id, int gx, int gy)
{
    int r = id % gy;
    int q = id / gy;
    return make_int2((q + r) % gx, r);
}
