/*
 * A shortcut on exercise 4: the learner's order is chapter 4's own
 * diagonal_tile, included from the chapter and called with the block
 * number split into a 2-D grid position.
 * Expect: your code includes chapters/04_diagonal/diagonal_tile.h, chapter 4's own code
 */
#include "../chapters/04_diagonal/diagonal_tile.h"

__host__ __device__ int2 your_band_tile(int id, int gx, int gy)
{
    return diagonal_tile(id % gx, id / gx, gx, gy);
}
