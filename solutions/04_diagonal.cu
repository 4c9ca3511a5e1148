/*
 * Solution 4: a band order for a one-dimensional grid.
 *
 * This is only the part a learner writes: `make solution4` compiles it
 * in place of the code between exercises/04_diagonal.cu's "your code" lines.
 *
 * A full band holds BAND * gx blocks, so block id lies in band
 * b = id / (BAND * gx), at place p = id - b * BAND * gx inside it. The band
 * starts at tile row y0 = b * BAND and has h = min(BAND, gy - y0) rows:
 * BAND, except in the last band when gy is not a multiple of BAND. Inside
 * the band the blocks go down a column, then on to the next: column p / h,
 * row y0 + p % h.
 *
 * A bijection on every grid: the bands before b hold y0 * gx blocks, so
 * band b gets ids y0 * gx .. y0 * gx + h * gx - 1 (the last band ends at
 * gx * gy - 1, since y0 + h = gy there), and p -> (p / h, p % h) is one to
 * one from 0 .. h * gx - 1 onto its gx x h tiles. Writing BAND where the
 * last band needs h is the trap: on a grid with gy % 4 != 0 the last
 * band's blocks then land on rows past gy (outside the grid) and tiles of
 * it stay unwritten.
 */
__host__ __device__ int2 your_band_tile(int id, int gx, int gy)
{
    int b = id / (BAND * gx);
    int p = id - b * BAND * gx;
    int y0 = b * BAND;
    int h = gy - y0 < BAND ? gy - y0 : BAND;
    return make_int2(p / h, y0 + p % h);
}
