/*
 * chapters/04_diagonal/diagonal_tile.h - chapter 4's block-to-tile mapping,
 * on its own so that tests/test_diagonal.cu can run the very code the
 * kernels run (it is __host__ __device__) without their kernels.
 */
#ifndef CH04_DIAGONAL_TILE_H
#define CH04_DIAGONAL_TILE_H

#include <cuda_runtime.h>

/* Maps block (bx, by) of a gx x gy grid to the tile it works on, so that
 * blocks which start one after another walk along a diagonal of the tile
 * grid instead of along one row of it.
 *
 * The GPU starts blocks roughly in order of their linear id, x fastest:
 * id = bx + gx * by. We cut that sequence into runs of gy: run q = id / gy,
 * place r = id % gy. Place r goes to tile row r, and run q is shifted
 * along by r columns: tile (x, y) = ((q + r) % gx, r). So ids 0, 1, 2, ...
 * land on tiles (0, 0), (1, 1), (2, 2), ...: different tile rows and
 * different tile columns, hence different regions of both matrices.
 *
 * It is a bijection for every grid shape: id <-> (q, r) is one (q < gx,
 * r < gy), and for a fixed r, q -> (q + r) % gx is a rotation of 0..gx-1.
 * On a square grid it is the classic diagonal mapping (x, y) =
 * ((bx + by) % g, bx); that short form skips tiles on rectangular grids.
 * __host__ so that the test runs this very code on the CPU. */
static __host__ __device__ __forceinline__ int2 diagonal_tile(int bx, int by, int gx, int gy)
{
    int id = bx + gx * by;
    int r = id % gy;
    int q = id / gy;
    return make_int2((q + r) % gx, r);
}

#endif
