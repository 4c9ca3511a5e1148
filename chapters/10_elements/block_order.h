/*
 * chapters/10_elements/block_order.h - which order chapter 10's dispatcher
 * tiles walk their grid in (kernels.cu, "Block order on a short side";
 * chapter 9's lever 6). Host C, so that tests/test_elements.c checks the
 * rule without a GPU.
 */
#ifndef TP_BLOCK_ORDER_H
#define TP_BLOCK_ORDER_H

/* The band of row tiles (a tile's rows over the matrix's width) from which
 * a short side walks down columns. BAND=n (Makefile) sets it for a build. */
#ifndef TILE_BAND_BYTES
#define TILE_BAND_BYTES (16LL << 20)
#endif

/* 1 where a grid of tiles_c x tiles_r tiles, bands of band_bytes, is to
 * walk down columns (the _down kernels): fewer row tiles than column
 * tiles, more than one of them, and a band of TILE_BAND_BYTES or more.
 * With one row of tiles both orders are the same, and the grid's kernel
 * has no division to do: on 2-byte 64 x 3000017 the _down kernel measured
 * 81.5 against 85.9% of the copy (H200, NOTES.md). Chapter 9's
 * any_shape_tiles_down (dispatch.h) is the same lever for floats, taken
 * on every shape with rows <= cols. */
static inline int tiles_down(long tiles_r, long tiles_c, long long band_bytes)
{
    return tiles_r > 1 && tiles_r < tiles_c && band_bytes >= TILE_BAND_BYTES;
}

#endif
