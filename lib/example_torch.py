#!/usr/bin/env python3
"""lib/example_torch.py - the transpose library called from Python, on
PyTorch tensors, through ctypes: each case is checked against PyTorch's
x.permute(perm).contiguous() and timed beside it.

    make lib && python3 lib/example_torch.py [--lib ./libtranspose.so] [--reps 20]

The library gets the tensors' data pointers (x.data_ptr()) and PyTorch's
current stream (torch.cuda.current_stream().cuda_stream), so its kernels
run in PyTorch's stream order, like PyTorch's own. Times are CUDA events
around each call, the median of --reps runs after two untimed ones, as
GB/s of bytes read plus bytes written, and against PyTorch's copy of the
same bytes (dst.copy_(src)) in the same process. The L2 is not flushed
between runs: every tensor is 200 MB or more, over three times the L2 of
an H100 or an H200.

Without PyTorch, or without a GPU PyTorch can see, it says so and exits 0:
there is nothing to call the library on.
"""
import argparse
import ctypes
import statistics
import sys

STATUS_OK = 0


def load(path):
    """The library, with its two functions' argument types declared."""
    lib = ctypes.CDLL(path)
    lib.transpose_permute.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int,
                                      ctypes.POINTER(ctypes.c_int64),
                                      ctypes.POINTER(ctypes.c_int), ctypes.c_int,
                                      ctypes.c_void_p]
    lib.transpose_permute.restype = ctypes.c_int
    lib.transpose_status_name.argtypes = [ctypes.c_int]
    lib.transpose_status_name.restype = ctypes.c_char_p
    lib.transpose_last_error.argtypes = []
    lib.transpose_last_error.restype = ctypes.c_char_p
    return lib


def permute(lib, torch, x, perm):
    """x.permute(perm).contiguous(), computed by the library (x contiguous)."""
    if not x.is_contiguous():
        raise ValueError("the library reads a contiguous (row-major) tensor: x.contiguous() first")
    out = torch.empty([x.shape[p] for p in perm], dtype=x.dtype, device=x.device)
    rank = x.dim()
    dims = (ctypes.c_int64 * rank)(*x.shape)
    cperm = (ctypes.c_int * rank)(*perm)
    status = lib.transpose_permute(x.data_ptr(), out.data_ptr(), rank, dims, cperm,
                                   x.element_size(), torch.cuda.current_stream().cuda_stream)
    if status != STATUS_OK:
        raise RuntimeError("%s: %s" % (lib.transpose_status_name(status).decode(),
                                       lib.transpose_last_error().decode()))
    return out


def median_ms(torch, fn, reps):
    for _ in range(2):
        fn()
    times = []
    for _ in range(reps):
        start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        stop.record()
        stop.synchronize()
        times.append(start.elapsed_time(stop))
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lib", default="./libtranspose.so")
    parser.add_argument("--reps", type=int, default=20)
    args = parser.parse_args()
    try:
        import torch
    except ImportError:
        print("example_torch: PyTorch is not installed: nothing to call the library on")
        return 0
    if not torch.cuda.is_available():
        print("example_torch: PyTorch sees no CUDA GPU: nothing to call the library on")
        return 0
    lib = load(args.lib)
    dev = torch.device("cuda")
    cases = [  # (what, shape, dtype, perm)
        ("matrix, float32", (8192, 8192), torch.float32, (1, 0)),
        ("matrix, bfloat16", (16384, 8192), torch.bfloat16, (1, 0)),
        ("matrix, uint8, odd sides", (32765, 8191), torch.uint8, (1, 0)),
        ("attention [B,S,H,D] -> [B,H,S,D], bfloat16", (8, 4096, 32, 128), torch.bfloat16,
         (0, 2, 1, 3)),
        ("NCHW -> NHWC, float16", (128, 256, 56, 56), torch.float16, (0, 2, 3, 1)),
        ("3-D (2, 1, 0), float32", (300, 700, 500), torch.float32, (2, 1, 0)),
    ]
    print("%-44s %10s %12s %12s %10s %10s" % ("case", "correct", "library GB/s", "PyTorch GB/s",
                                              "lib %copy", "torch %copy"))
    wrong = 0
    for what, shape, dtype, perm in cases:
        if dtype.is_floating_point:
            x = torch.randn(shape, device=dev).to(dtype)
        else:
            x = torch.randint(0, 256, shape, device=dev, dtype=dtype)
        same = torch.equal(permute(lib, torch, x, perm), x.permute(perm).contiguous())
        wrong += not same
        nbytes = 2 * x.numel() * x.element_size()
        dst = torch.empty_like(x)
        t_copy = median_ms(torch, lambda: dst.copy_(x), args.reps)
        t_lib = median_ms(torch, lambda: permute(lib, torch, x, perm), args.reps)
        t_torch = median_ms(torch, lambda: x.permute(perm).contiguous(), args.reps)
        gbps = lambda ms: nbytes / ms / 1e6
        print("%-44s %10s %12.0f %12.0f %9.1f%% %9.1f%%" % (
            what, "yes" if same else "NO", gbps(t_lib), gbps(t_torch),
            100 * t_copy / t_lib, 100 * t_copy / t_torch))
    print("device: %s; %%copy: against dst.copy_(src) of the same bytes, this process"
          % torch.cuda.get_device_name(dev))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
