#!/usr/bin/env python3
"""scripts/frameworks.py - what a user gets without this tutorial.

    python3 scripts/frameworks.py --size 8192x8192 --reps 30

Times the transposes a Python user would call, PyTorch's
x.t().contiguous() and CuPy's cupy.ascontiguousarray(x.T), on a float32
matrix, measured the way the harness measures the chapters' kernels:
checked first, then the median of REPS runs with CUDA events, the L2
flushed before each run (below). Each is a
percentage of a plain copy of the same bytes timed in the same process
(PyTorch's dst.copy_(src) between two contiguous matrices: its copy
ceiling; this process cannot run the harness's own copy kernel).

Prints CSV rows in the format of `make bench` (scripts/bench.sh appends
them to docs/bench-<gpu>.csv when PyTorch is installed), program
"frameworks". A library that is not installed is left out, with a note
on stderr; without PyTorch nothing can be measured and the exit status
is 1.

    python3 scripts/frameworks.py --permute 0,2,3,1 --elem 2 --size 8x64x56x56

times PyTorch's x.permute(P).contiguous() on a tensor of that shape and
element size (integers of 1, 2, 4 or 8 bytes, so the check compares
bits), and prints one line for `make tensor-sweep`:
torch_copy_gbps,torch_permute_gbps,cupy_gbps (its copy ceiling, the
permute, and CuPy's cupy.ascontiguousarray(x.transpose(P)) on the same
memory, empty where CuPy is not installed).

The L2 is flushed by reading a buffer twice its size (a sum), as the
harness does, so that no timed run has to write back the flush's lines.
"""
import argparse
import statistics
import sys


def cuda_torch():
    """PyTorch and its CUDA device, or None (with a note on stderr)."""
    try:
        import torch
    except ImportError:
        print("frameworks: PyTorch is not installed, nothing measured", file=sys.stderr)
        return None
    if not torch.cuda.is_available():
        print("frameworks: PyTorch sees no CUDA GPU, nothing measured", file=sys.stderr)
        return None
    return torch, torch.device("cuda")


def timer(torch, dev, reps):
    """timed(fn): fn run twice, then `reps` times with CUDA events, the L2
    flushed before each by reading a buffer twice its size; returns the
    median, min and max in milliseconds."""
    l2 = getattr(torch.cuda.get_device_properties(dev), "L2_cache_size", 64 << 20)
    flush = torch.zeros(2 * l2 // 4, dtype=torch.float32, device=dev)

    def timed(fn):
        for _ in range(2):
            fn()
        times = []
        for _ in range(reps):
            flush.sum()   # read, not written: no dirty lines left behind
            start = torch.cuda.Event(enable_timing=True)
            stop = torch.cuda.Event(enable_timing=True)
            start.record()
            fn()
            stop.record()
            stop.synchronize()
            times.append(start.elapsed_time(stop))
        return statistics.median(times), min(times), max(times)

    return timed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", default="8192x8192")
    ap.add_argument("--reps", type=int, default=30)
    ap.add_argument("--permute", default=None, help="a permutation, e.g. 0,2,1")
    ap.add_argument("--elem", type=int, default=4, choices=(1, 2, 4, 8))
    args = ap.parse_args()
    if args.permute is not None:
        return permute(args)
    rows, cols = (int(v) for v in args.size.lower().split("x"))

    found = cuda_torch()
    if found is None:
        return 1
    torch, dev = found
    props = torch.cuda.get_device_properties(dev)
    timed = timer(torch, dev, args.reps)
    # Distinct values: the bits of 0, 1, 2, ... (the check compares bits).
    x = torch.arange(rows * cols, dtype=torch.int32, device=dev).view(torch.float32)
    x = x.reshape(rows, cols)
    dst = torch.empty_like(x)

    def row(kernel, ok, t, ceiling_gbps):
        if not ok:
            return f'{args.size},frameworks,"{props.name}",{rows},{cols},{kernel},-,FAIL,,,,,,,0'
        med, lo, hi = t
        gbps = 2.0 * rows * cols * 4 / (med * 1e-3) / 1e9
        return (f'{args.size},frameworks,"{props.name}",{rows},{cols},{kernel},-,PASS,'
                f"{med:.5f},{lo:.5f},{hi:.5f},{gbps:.1f},{100 * gbps / ceiling_gbps:.1f},0,0")

    def bits(t):
        return t.view(torch.int32)

    dst.copy_(x)
    copy_ok = torch.equal(bits(dst), bits(x))
    t_copy = timed(lambda: dst.copy_(x))
    ceiling = 2.0 * rows * cols * 4 / (t_copy[0] * 1e-3) / 1e9
    print(row("torch_copy_", copy_ok, t_copy, ceiling))

    y = x.t().contiguous()
    ok = tuple(y.shape) == (cols, rows) and torch.equal(bits(y.t()), bits(x))
    print(row("torch_t_contiguous", ok, timed(lambda: x.t().contiguous()), ceiling))

    try:
        import cupy
    except ImportError:
        print("frameworks: CuPy is not installed, left out", file=sys.stderr)
        return 0
    a = cupy.asarray(x)          # shares x's memory (DLPack / CUDA array interface)
    b = cupy.ascontiguousarray(a.T)
    ok = b.shape == (cols, rows) and torch.equal(bits(torch.as_tensor(b, device=dev).t()), bits(x))
    print(row("cupy_ascontiguousarray_T", ok, timed(lambda: cupy.ascontiguousarray(a.T)), ceiling))
    return 0


def permute(args):
    """x.permute(P).contiguous() against x's own copy, one CSV line."""
    found = cuda_torch()
    if found is None:
        return 1
    torch, dev = found
    dims = [int(v) for v in args.size.lower().split("x")]
    perm = [int(v) for v in args.permute.split(",")]
    dtype = {1: torch.uint8, 2: torch.int16, 4: torch.int32, 8: torch.int64}[args.elem]
    timed = timer(torch, dev, args.reps)
    n = 1
    for d in dims:
        n *= d
    # Values that say where they came from, within what the type can hold.
    x = (torch.arange(n, dtype=torch.int64, device=dev) % (251 if args.elem == 1 else 65521))
    x = x.to(dtype).reshape(dims)
    dst = torch.empty_like(x)

    y = x.permute(perm).contiguous()
    if not torch.equal(y, x.permute(perm)) or not torch.equal(y.permute(
            sorted(range(len(perm)), key=lambda a: perm[a])), x):
        print("frameworks: permute().contiguous() gave a wrong answer", file=sys.stderr)
        return 1
    gb = 2.0 * n * args.elem / 1e9
    copy_gbps = gb / (timed(lambda: dst.copy_(x))[0] * 1e-3)   # [0]: the median
    perm_gbps = gb / (timed(lambda: x.permute(perm).contiguous())[0] * 1e-3)
    # CuPy, where installed, on the same memory: cupy.ascontiguousarray of
    # the transposed view, checked against PyTorch's answer first.
    cupy_gbps = ""
    try:
        import cupy
    except ImportError:
        cupy = None
    if cupy is not None:
        a = cupy.asarray(x)   # shares x's memory (the CUDA array interface)
        b = cupy.ascontiguousarray(a.transpose(perm))
        if not torch.equal(torch.as_tensor(b, device=dev), y):
            print("frameworks: CuPy's ascontiguousarray(transpose) gave a wrong answer",
                  file=sys.stderr)
            return 1
        cupy_gbps = "%.1f" % (gb / (timed(lambda: cupy.ascontiguousarray(a.transpose(perm)))[0]
                                    * 1e-3))
    print(f"{copy_gbps:.1f},{perm_gbps:.1f},{cupy_gbps}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
