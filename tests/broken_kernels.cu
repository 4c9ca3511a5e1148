/*
 * broken_kernels.cu - kernels that are wrong on purpose.
 *
 * The GPU tests run each with --check and require it to FAIL with the
 * right words: this proves the harness catches the classic transpose bugs
 * on a real GPU instead of passing them silently.
 */
#include "harness.h"

/* Misses the last column of the input: its elements are never written. */
__global__ void skips_last_col(const float *in, float *out, int rows, int cols)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < rows && col < cols - 1)
        out[col * rows + row] = in[row * cols + col];
}

/* Copies instead of transposing. */
__global__ void copies_instead(const float *in, float *out, int rows, int cols)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < rows && col < cols)
        out[row * cols + col] = in[row * cols + col];
}

/* Right everywhere except one element, which gets a NaN. */
__global__ void writes_one_nan(const float *in, float *out, int rows, int cols)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < rows && col < cols)
        out[col * rows + row] = (row == rows / 2 && col == cols / 2) ? __int_as_float(0x7fc00000)
                                                                     : in[row * cols + col];
}

/* Right everywhere, but its bounds check lets one output row too many
 * through: output row `cols`, one past the last, is stored too, past the
 * end of the output. Only the guard zones
 * around the output (validate.h) can see it: the output itself is right. */
__global__ void writes_past_end(const float *in, float *out, int rows, int cols)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < rows && col <= cols)
        out[col * rows + row] = col < cols ? in[row * cols + col] : 1.0f;
}

#define LAUNCHER(name)                                                                       \
    static const char *launch_##name(const float *in, float *out, int rows, int cols, dim3 b) \
    {                                                                                        \
        dim3 grid;                                                                           \
        const char *na = tp_grid(&grid, cols, rows, b.x, b.y);                               \
        if (na)                                                                              \
            return na;                                                                       \
        name<<<grid, b>>>(in, out, rows, cols);                                              \
        CHECK_LAUNCH();                                                                      \
        return NULL;                                                                         \
    }
LAUNCHER(skips_last_col)
LAUNCHER(copies_instead)
LAUNCHER(writes_one_nan)
LAUNCHER(writes_past_end)

/* The same bugs with elements of other sizes (chapter 10): the report must
 * still say "never written", and name a wrong value's source. */
__global__ void bytes_u16_skip_col(const unsigned short *in, unsigned short *out, int rows, int cols)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < rows && col < cols - 1)
        out[col * rows + row] = in[row * cols + col];
}

__global__ void bytes_u8_copy(const unsigned char *in, unsigned char *out, int rows, int cols)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < rows && col < cols)
        out[row * cols + col] = in[row * cols + col];
}

__global__ void bytes_f64_copy(const double *in, double *out, int rows, int cols)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < rows && col < cols)
        out[row * cols + col] = in[row * cols + col];
}

#define LAUNCHER_BYTES(name, type)                                                          \
    static const char *launch_##name(const void *in, void *out, int rows, int cols, dim3 b) \
    {                                                                                       \
        dim3 grid;                                                                          \
        const char *na = tp_grid(&grid, cols, rows, b.x, b.y);                              \
        if (na)                                                                             \
            return na;                                                                      \
        name<<<grid, b>>>((const type *)in, (type *)out, rows, cols);                       \
        CHECK_LAUNCH();                                                                     \
        return NULL;                                                                        \
    }
LAUNCHER_BYTES(bytes_u16_skip_col, unsigned short)
LAUNCHER_BYTES(bytes_u8_copy, unsigned char)
LAUNCHER_BYTES(bytes_f64_copy, double)

static const tp_kernel kernels[] = {
    { "skips_last_col", launch_skips_last_col, TP_TRANSPOSE, { 32, 8, 1 } },
    { "copies_instead", launch_copies_instead, TP_TRANSPOSE, { 32, 8, 1 } },
    { "writes_one_nan", launch_writes_one_nan, TP_TRANSPOSE, { 32, 8, 1 } },
    { "writes_past_end", launch_writes_past_end, TP_TRANSPOSE, { 32, 8, 1 } },
    TP_KERNEL_BYTES("bytes_u16_skip_col", launch_bytes_u16_skip_col, TP_TRANSPOSE, 32, 8, 2),
    TP_KERNEL_BYTES("bytes_u8_copy",      launch_bytes_u8_copy,      TP_TRANSPOSE, 32, 8, 1),
    TP_KERNEL_BYTES("bytes_f64_copy",     launch_bytes_f64_copy,     TP_TRANSPOSE, 32, 8, 8),
};

int main(int argc, char **argv)
{
    return tp_run(argc, argv, "Broken on purpose", kernels, TP_COUNT(kernels));
}
