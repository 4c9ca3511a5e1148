/*
 * Chapter 10: other element types - the element size changes the lesson.
 *
 * Chapters 1 to 9 moved float32. Most transposes run today move 2-byte
 * elements (fp16, bf16) or 8-byte ones (double), and a few move bytes.
 * The same transpose for 8, 4, 2 and 1-byte elements, one table section
 * per size, each against the copy ceiling of its own bytes in the same run:
 *
 *   transpose_f64_shared_tile   chapter 6's tile[32][32] of doubles
 *   transpose_f64_padded_tile   chapter 7's tile[32][33] of doubles
 *   transpose_f64_sector_aligned  the same, output rows in whole sectors
 *   transpose_f64_pairs         2 x 2 blocks of doubles, 16-byte accesses
 *   transpose_padded_tile       chapter 7's float32 kernel, for reference
 *   transpose_any_shape         chapter 9's float32 dispatcher: the 4-byte
 *                               kernel for every shape
 *   transpose_u16_tile          one 2-byte element per thread access
 *   transpose_u16_tile64        the same in 64 x 64 tiles, 16 loads in flight
 *   transpose_u16_tile64w       the same, loads of 32-bit words on any shape
 *   transpose_u16_funnel        32-bit words in and out on any shape, output
 *                               windows on whole sectors (chapter 9's lever 4)
 *   transpose_u16_vec16         pairs packed in 32-bit words with
 *                               __byte_perm, 16-byte accesses
 *   transpose_u16_any           32-bit words on any shape (rows that start
 *                               mid-word shifted into place)
 *   transpose_*_dispatch        for each element size, the kernel for every
 *                               shape: the packed one where the sides allow,
 *                               else the one for odd sides (kernels.cu)
 *   transpose_u8_tile           one byte per thread access
 *   transpose_u8_tile64         the same in 64 x 64 tiles, 16 loads in flight
 *   transpose_u8_tile64w        the same, loads of 32-bit words on any shape
 *   transpose_u8_funnel         32-bit words in and out on any shape, lever 4
 *   transpose_u8_quads          4 x 4 bytes transposed in 32-bit words
 *   transpose_u8_any            32-bit words on any shape
 *   transpose_u16_staged,       any shape: aligned 16-byte loads shifted in
 *   transpose_u8_staged         registers, whole words through shared memory
 *                               and out (slower than the tiles on odd sides:
 *                               NOTES.md, "The staged kernels")
 *
 * Build and run:   make chapter10 && ./chapter10
 *                  ./chapter10 --kernel u16           (one element size: the names say it)
 *                  ./chapter10 --check --size 17x83   (validate only; see --help)
 * Profile:         make profile-chapter10
 * Look for: in each section, how far the one-element-per-thread tile
 * stays from its copy ceiling as the element shrinks, and whether the
 * packed kernels close the gap. The matrix is the same rows x cols in every
 * section, so the bytes are not: 8192 x 8192 is 537 MB of doubles but 67
 * MB of bytes. README.md explains.
 */
#include "../07_padded_tile/kernels.h"
#include "../09_beyond/kernels.h"
#include "../tile.h"
#include "kernels.h"

static const tp_kernel kernels[] = {
    TP_KERNEL_BYTES("transpose_f64_shared_tile", launch_f64_shared_tile, TP_TRANSPOSE, TILE, BLOCK_ROWS, 8),
    TP_KERNEL_BYTES("transpose_f64_padded_tile", launch_f64_padded_tile, TP_TRANSPOSE, TILE, BLOCK_ROWS, 8),
    TP_KERNEL_BYTES("transpose_f64_sector_aligned", launch_f64_sector_aligned, TP_TRANSPOSE, TILE, BLOCK_ROWS, 8),
    TP_KERNEL_BYTES("transpose_f64_pairs",       launch_f64_pairs,       TP_TRANSPOSE, PAIR_THREADS, 1, 8),
    TP_KERNEL_BYTES("transpose_f64_dispatch",    launch_f64_dispatch,    TP_TRANSPOSE, TILE, BLOCK_ROWS, 8),
    { "transpose_padded_tile", launch_padded_tile, TP_TRANSPOSE, { TILE, BLOCK_ROWS, 1 } },
    { "transpose_any_shape", launch_any_shape, TP_TRANSPOSE, { TILE_THREADS, 1, 1 } },
    TP_KERNEL_BYTES("transpose_u16_tile",        launch_u16_tile,        TP_TRANSPOSE, TILE, BLOCK_ROWS, 2),
    TP_KERNEL_BYTES("transpose_u16_tile64",      launch_u16_tile64,      TP_TRANSPOSE, ONE64, ONE64_ROWS, 2),
    TP_KERNEL_BYTES("transpose_u16_tile64w",     launch_u16_tile64w,     TP_TRANSPOSE, ONE64, ONE64_ROWS, 2),
    TP_KERNEL_BYTES("transpose_u16_funnel",      launch_u16_funnel,      TP_TRANSPOSE, FUNNEL_BLOCK, 1, 2),
    TP_KERNEL_BYTES("transpose_u16_skinny",      launch_u16_skinny,      TP_TRANSPOSE, SKINNY_THREADS, 1, 2),
    TP_KERNEL_BYTES("transpose_u16_rows4",       launch_u16_rows4,       TP_TRANSPOSE, R4_THREADS, 1, 2),
    TP_KERNEL_BYTES("transpose_u16_vec16",       launch_u16_vec16,       TP_TRANSPOSE, PAIR_THREADS, 1, 2),
    TP_KERNEL_BYTES("transpose_u16_any",         launch_u16_any,         TP_TRANSPOSE, ANY16_THREADS, 1, 2),
    TP_KERNEL_BYTES("transpose_u16_staged",      launch_u16_staged,      TP_TRANSPOSE, STAGED16_THREADS, 1, 2),
    TP_KERNEL_BYTES("transpose_u16_dispatch",    launch_u16_dispatch,    TP_TRANSPOSE, PAIR_THREADS, 1, 2),
    TP_KERNEL_BYTES("transpose_u8_tile",         launch_u8_tile,         TP_TRANSPOSE, TILE, BLOCK_ROWS, 1),
    TP_KERNEL_BYTES("transpose_u8_tile64",       launch_u8_tile64,       TP_TRANSPOSE, ONE64, ONE64_ROWS, 1),
    TP_KERNEL_BYTES("transpose_u8_tile64w",      launch_u8_tile64w,      TP_TRANSPOSE, ONE64, ONE64_ROWS, 1),
    TP_KERNEL_BYTES("transpose_u8_funnel",       launch_u8_funnel,       TP_TRANSPOSE, FUNNEL_BLOCK, 1, 1),
    TP_KERNEL_BYTES("transpose_u8_skinny",       launch_u8_skinny,       TP_TRANSPOSE, SKINNY_THREADS, 1, 1),
    TP_KERNEL_BYTES("transpose_u8_rows4",        launch_u8_rows4,        TP_TRANSPOSE, R4_THREADS, 1, 1),
    TP_KERNEL_BYTES("transpose_u8_quads",        launch_u8_quads,        TP_TRANSPOSE, QUAD_THREADS, 1, 1),
    TP_KERNEL_BYTES("transpose_u8_any",          launch_u8_any,          TP_TRANSPOSE, ANY8_THREADS, 1, 1),
    TP_KERNEL_BYTES("transpose_u8_staged",       launch_u8_staged,       TP_TRANSPOSE, STAGED8_THREADS, 1, 1),
    TP_KERNEL_BYTES("transpose_u8_dispatch",     launch_u8_dispatch,     TP_TRANSPOSE, QUAD_THREADS, 1, 1),
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Chapter 10: other element types (8, 4, 2 and 1 bytes)",
                  kernels, TP_COUNT(kernels));
}
