/*
 * Solution 5: a block shape for the row-read transpose.
 *
 * This is only the part a learner writes: `make solution5` compiles it in
 * place of the code between exercises/05_thin_blocks.cu's "your code" lines.
 *
 * With 32 x 8 a warp reads one 128-byte row segment (4 sectors, all used)
 * but writes 32 output rows, one float each: 32 sectors for 128 bytes. With
 * 8 x 32 a warp is 8 columns by 4 rows: it reads 4 row segments of 32 bytes
 * (4 sectors, all used) and writes 8 output rows of 4 floats (8 sectors,
 * half of each used). 12 sectors per warp instead of 36, the same trade
 * chapter 5 measured for the column-read kernels, mirrored.
 */
const dim3 your_block(8, 32);
