/*
 * chapters/11_batched/permute_nd.h - one design for every permutation of
 * 1 to 4 axes, for elements of 1, 2, 4, 8 or 16 bytes (a tp_problem,
 * common/problem.h). The launch function asks tp_problem_plan what the
 * permutation does to the input's fastest axis, and launches one of:
 *   the identity              cudaMemcpyAsync, device to device;
 *   the fastest axis stays    rows of 2, 4, 8 or 16 bytes are first
 *                             folded into one element of that size, and
 *                             the permutation planned again (nd_fold_rows);
 *                             rows of whole words up to 252 bytes (of an
 *                             odd number of 2-byte words, up to 178) move
 *                             as the elements of a tile
 *                             (permute_nd_rowtile);
 *                             longer ones, permute_nd_rows: whole rows
 *                             copied, in the
 *                             widest accesses (16, 8, 4, 2 or 1 bytes)
 *                             that the row's length allows, 4 a thread,
 *                             all loaded before the first is stored; rows
 *                             of an odd number of bytes, 256 and more, in
 *                             aligned 32-bit words shifted into place
 *                             (permute_nd_rows_shift16, _chunks);
 *   the fastest axis moves    permute_nd_tile: a padded tile in the
 *                             element's own size (64 x 64 with 16 loads in
 *                             flight a thread, chapter 9's lever 1, for up
 *                             to 4 bytes; chapter 7's 32 x 32 for 8 and
 *                             16), over the input's and the output's
 *                             fastest axes (permute_nd_split where a short
 *                             side continues into the next axis); for
 *                             bytes whose sides and strides are multiples
 *                             of 4, permute_nd_quads (chapter 10's 4 x 4
 *                             blocks in 32-bit words); for 2-byte elements
 *                             whose sides and strides are multiples of 8,
 *                             permute_nd_pairs (2 x 2 blocks, 16-byte
 *                             accesses); for other 1 and 2-byte tiles
 *                             of long enough sides, permute_nd_funnel
 *                             (chapter 10's funnel tiles: 32-bit words
 *                             in and out, whole output sectors); for
 *                             columns fewer than 32 that cannot continue
 *                             into another axis, permute_nd_narrow (a
 *                             block takes whole rows, chapter 9's lever
 *                             5; bytes whose rows are dense in the input
 *                             in 4-byte words, _words_1), or for 1 and
 *                             2 bytes with a side of a few elements
 *                             permute_nd_skinny (chapter 10's skinny
 *                             kernels); for a batch of small dense
 *                             matrices, permute_nd_small (several whole
 *                             matrices a block, loaded as they lie, each
 *                             stored whole, _apart where the matrices
 *                             are apart in the output); a tile of a few
 *                             rows is a batch of columns loaded in row
 *                             runs (_runs), a narrow tile of a few
 *                             columns whose rows are dense in the input
 *                             a batch of rows stored in column runs
 *                             (_cols).
 *                             (Chapter 10's staged kernels
 *                             with strides were tried for the other 1
 *                             and 2-byte tiles, and were slower:
 *                             NOTES.md.)
 * Up to three other axes only move the row or the tile (nd_index.h).
 * A tile with no other axis is one matrix: there chapter 9's and chapter
 * 10's dispatchers run instead (transpose_any_shape for 4 bytes,
 * transpose_{f64,u16,u8}_dispatch), when both buffers are 16-byte aligned
 * and both sides fit an int, as those kernels require.
 */
#ifndef CH11_PERMUTE_ND_H
#define CH11_PERMUTE_ND_H

#include "launch.h"
#include "problem.h"
#include "nd_index.h"

/* in and out hold the problem's elements (not overlapping). The table's
 * block must have ND_THREADS threads; returns NULL, or why the problem
 * cannot be taken (a pointer not aligned to the element size). */
const char *launch_permute_nd(const void *in, void *out, const tp_problem *p, dim3 block);

#endif
