#!/usr/bin/env bash
# scripts/stores_from_shared.sh - does a kernel's transpose go through shared
# memory? Checked in its compiled machine code, no GPU needed:
#
#   bash scripts/stores_from_shared.sh OBJECT_OR_EXECUTABLE KERNEL_NAME
#   bash scripts/stores_from_shared.sh build/cuda13.0/portable/chapters/06_shared_tile/kernels.o transpose_shared_tile
#
# `cuobjdump -sass` prints the SASS, the GPU's own instructions, of every
# kernel in the file. A kernel that stages its tile in shared memory ends
# each output value's trip with a load from shared memory (LDS) and a store
# to global memory (STG) of the register that load wrote; a kernel that
# merely declares a shared array stores registers that came straight from a
# global load (LDG). stores_from_shared.awk beside this script follows each
# stored register back to the instruction that last wrote it, in every
# architecture's copy of the kernel.
#
# Exit 0, printing nothing: every global store stores data loaded from
# shared memory. Exit 1 with one line saying why not (or that the kernel is
# not in the file, or stores nothing). Exit 2: cuobjdump missing or failed.
# cuobjdump is looked for on the PATH, then beside $NVCC (or nvcc).
set -u
here=$(cd "$(dirname "$0")" && pwd)
. "$here/lib.sh"

if [ $# -ne 2 ]; then
    echo "usage: bash scripts/stores_from_shared.sh OBJECT_OR_EXECUTABLE KERNEL_NAME" >&2
    exit 2
fi
file=$1
kernel=$2

if ! objdump=$(find_cuda_tool cuobjdump); then
    echo "stores_from_shared: cuobjdump not found on the PATH or beside ${NVCC:-nvcc} (set NVCC=/path/to/nvcc)" >&2
    exit 2
fi
# Disassemble only the functions whose names hold KERNEL, found in the
# symbol table (quick to read): an executable holds every kernel it links,
# for every architecture, and disassembling them all takes half a minute.
# The awk script then keeps the exact name. With no such function, -fun
# KERNEL finds nothing either, and the awk script says the kernel is missing.
if ! syms=$("$objdump" -symbols "$file" 2>&1); then
    echo "stores_from_shared: $objdump -symbols $file failed: $(printf '%s\n' "$syms" | tail -n 1)" >&2
    exit 2
fi
# (Any mangled name that holds KERNEL: the symbol table's layout differs
# between cuobjdump versions, the names do not. None found: dump them all.)
funs=$(printf '%s\n' "$syms" | grep -o '_Z[0-9A-Za-z_]*' | awk -v k="$kernel" 'index($0, k)' |
       sort -u | paste -sd, -)
if ! sass=$("$objdump" -sass ${funs:+-fun "$funs"} "$file" 2>&1); then
    echo "stores_from_shared: $objdump -sass $file failed: $(printf '%s\n' "$sass" | tail -n 1)" >&2
    exit 2
fi
printf '%s\n' "$sass" | awk -v kernel="$kernel" -v file="$file" -f "$here/stores_from_shared.awk"
