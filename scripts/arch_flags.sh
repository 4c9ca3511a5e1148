#!/usr/bin/env bash
# scripts/arch_flags.sh - the nvcc -gencode flags for a portable build, one line.
#
#   bash scripts/arch_flags.sh [NVCC]      NVCC defaults to $NVCC, then nvcc
#
# The Makefile calls it when no GPU is found and no ARCH= is given:
#
#   GENCODE := $(shell bash scripts/arch_flags.sh $(NVCC))
#
# and gets, for CUDA 12.4 for example:
#
#   -gencode arch=compute_75,code=sm_75 ... -gencode arch=compute_90,code=sm_90
#   -gencode arch=compute_90,code=compute_90          (all on one line)
#
# Why ask nvcc instead of writing the list down: every toolkit knows a
# different set of GPUs. CUDA 12.4 and 12.5 stop at sm_90 (Hopper); sm_100
# and sm_120 (Blackwell) need CUDA 12.8 or newer; CUDA 13.0 adds sm_103,
# sm_110 and sm_121. A fixed list that names a GPU the toolkit does not know
# stops the build with "nvcc fatal : Unsupported gpu architecture". So we
# build for what this nvcc can do, and nothing it cannot.
#
# What goes in:
#   - machine code (SASS, code=sm_NN) for every architecture nvcc lists from
#     sm_75 (Turing, the oldest GPU CUDA 13 supports) upward. The GPU runs
#     this directly, with no compile step when the program starts.
#   - only the plain names. Names with a letter after the number (sm_90a,
#     sm_100a, sm_100f) are for code that uses instructions of exactly that
#     chip or family; a transpose uses none of them, and code built for them
#     does not run on any other GPU, so shipping them would only add size.
#   - PTX (code=compute_NN) for the newest architecture. PTX is the GPU's
#     portable assembly: the driver compiles it when the program starts, so a
#     GPU newer than this toolkit still runs the programs.
#
# If nvcc cannot be asked (the option fails or prints nothing usable), we
# print the list for CUDA 13: 75 80 86 89 90 100 120, with PTX for 120.
#
# Pure bash and coreutils (tr, grep, sed, sort): nothing to install.

nvcc=${1:-${NVCC:-nvcc}}

# The list for when nvcc cannot tell us (what the Makefile used before).
FALLBACK="75 80 86 89 90 100 120"

# "compute_75" / "sm_75" lines -> "75", plain names only, oldest first.
# (nvcc does not print them in order: CUDA 13.0 says 100, 110, 103.)
numbers() {   # prefix (compute or sm), then nvcc's output on stdin
    tr -s ' \t\r' '\n' | grep -E "^$1_[0-9]+\$" | sed "s/^$1_//" | sort -n -u
}

# Virtual architectures: what PTX can be written for.
virtual=$("$nvcc" --list-gpu-arch 2>/dev/null | numbers compute)
# Real architectures: what machine code can be written for. If this option
# fails, trust the first list: every plain compute_NN has its sm_NN.
real=$("$nvcc" --list-gpu-code 2>/dev/null | numbers sm)

archs=""
for n in $virtual; do
    [ "$n" -ge 75 ] || continue                      # older than Turing
    if [ -n "$real" ] && ! grep -qx "$n" <<< "$real"; then
        continue                                     # no machine code for it
    fi
    archs="$archs $n"
done

[ -n "$archs" ] || archs=$FALLBACK

flags=""
newest=""
for n in $archs; do
    flags="$flags -gencode arch=compute_$n,code=sm_$n"
    newest=$n
done
flags="$flags -gencode arch=compute_$newest,code=compute_$newest"

echo "${flags# }"
