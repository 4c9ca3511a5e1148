/*
 * Solution 5: a block shape for the row-read transpose.
 *
 * This is only the part a learner writes: `make solution5` compiles it in
 * place of the code between exercises/05_thin_blocks.cu's "your code" lines.
 *
 * Sectors per warp (reads + writes; a warp is 32 threads, x first):
 *   32 x 8   1 input row x 128 B: 4, all used;  32 output rows x 4 B: 32  = 36
 *   16 x 16  2 rows x 64 B: 4;                  16 output rows x 8 B: 16  = 20
 *    8 x 32  4 rows x 32 B: 4;                   8 output rows x 16 B: 8  = 12
 *    4 x 64  8 rows x 16 B: 8, half used;        4 output rows x 32 B: 4  = 12
 * 8 x 32 and 4 x 64 tie. With 8 x 32 the half-used sectors are the
 * stores, and the other half of each is stored by the next warp of the
 * same block (warp w writes input rows 4w..4w + 3 of the block into 4
 * floats of an 8-float sector; warp w ^ 1 writes the other 4). With 4 x 64
 * they are the loads, and the other half of each is read by the
 * neighbouring block in x, most likely on another SM. 8 x 32 is the
 * expected answer: the same trade chapter 5 measured for the column-read
 * kernels, mirrored. (4 x 64 was not measured.)
 */
const dim3 your_block(8, 32);
