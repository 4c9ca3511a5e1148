/*
 * chapters/tile.h - the tile constants several chapters share.
 *
 * A block of TILE x BLOCK_ROWS threads moves one TILE x TILE tile, so each
 * thread carries TILE / BLOCK_ROWS = 4 elements. Chapter 1's tile copies,
 * chapters 6 and 7's shared-memory tiles and chapter 8's warp tile all use
 * them, and the exercises of those chapters too.
 */
#ifndef TP_TILE_H
#define TP_TILE_H

#define TILE 32          /* a block moves a TILE x TILE tile ...         */
#define BLOCK_ROWS 8     /* ... with TILE x BLOCK_ROWS threads            */

#endif
