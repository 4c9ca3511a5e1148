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

/* MIN_BLOCKS_2048(n): n where an SM holds 2048 threads (compute capability
 * 8.0, 9.0 and 10.0), else 1. For __launch_bounds__'s minimum of resident
 * blocks, which caps a kernel's registers: the compiler refuses a minimum
 * that needs more threads than the SM holds (sm_75, sm_86, sm_120 ...). */
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ == 800 || __CUDA_ARCH__ == 900 || __CUDA_ARCH__ == 1000)
#define MIN_BLOCKS_2048(n) (n)
#else
#define MIN_BLOCKS_2048(n) 1
#endif

#endif
