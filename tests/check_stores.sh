#!/usr/bin/env bash
# tests/check_stores.sh - the kernels written to store 16 bytes a thread do,
# checked in the compiler's PTX (no GPU needed).
#
#   bash tests/check_stores.sh          (tests/run.sh runs it in `make test`)
#   NVCC=/path/to/nvcc bash tests/check_stores.sh
#
# A 16-byte store in C (`*(uint4 *)p = v`) is a request, not a promise:
# with CUDA 13.0 the compiler turned the ones of chapter 11's small
# batches and of permute_tile64_vec4 into four 4-byte stores (four
# st.global.u32 in the PTX), and on the H200 Nsight Compute counted twice
# the L2 write sectors the output needs (chapter 11's NOTES.md, "The
# 16-byte stores that were not"). Those kernels now store with __stwb,
# which the compiler keeps whole. Each kernel below must have at least
# one st.global...v4 in its PTX; the narrow byte tile in words
# (permute_nd_narrow_words_1) must load and store 4-byte words. One line
# per kernel: PASS or FAIL.
set -u
cd "$(dirname "$0")/.." || exit 1

NVCC=${NVCC:-nvcc}
if ! command -v "$NVCC" > /dev/null 2>&1; then
    echo "SKIP  stores: $NVCC not found (set NVCC=/path/to/nvcc)"
    exit 0
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
status=0

# lines <ptx> <kernel> <regex>: how many lines of the kernel's body in
# the PTX match the regex. A mangled name starts with the length of the
# plain one (_Z18permute_nd_small_4...), so permute_nd_small_4 never
# matches permute_nd_small_4x.
lines() {
    awk -v e="_Z${#2}$2" -v re="$3" '
        $0 ~ /\.entry / { inside = index($0, e) > 0 }
        inside && $0 ~ re { n++ }
        END { print n + 0 }' "$1"
}

# wide <ptx> <kernel>...: PASS if each kernel's body has a 16-byte global
# store.
wide() {
    local ptx=$1 k n
    shift
    for k in "$@"; do
        n=$(lines "$ptx" "$k" 'st[.]global([.][a-z]+)*[.]v4[.]')
        if [ "$n" -gt 0 ]; then
            echo "PASS  stores: $k has $n 16-byte global stores in its PTX"
        else
            echo "FAIL  stores: $k has no 16-byte global store in its PTX (split into narrower ones?)"
            status=1
        fi
    done
}

# words <ptx> <kernel>...: PASS if each kernel's body both loads and
# stores global memory in 32-bit words (ld.global and st.global of .u32
# or .b32): the narrow tile in words, whose elements are bytes.
words() {
    local ptx=$1 k l s
    shift
    for k in "$@"; do
        l=$(lines "$ptx" "$k" 'ld[.]global([.][a-z]+)*[.][ub]32')
        s=$(lines "$ptx" "$k" 'st[.]global([.][a-z]+)*[.][ub]32')
        if [ "$l" -gt 0 ] && [ "$s" -gt 0 ]; then
            echo "PASS  stores: $k loads and stores 4-byte words ($l loads, $s stores in its PTX)"
        else
            echo "FAIL  stores: $k has no 4-byte global load or no 4-byte global store in its PTX"
            status=1
        fi
    done
}

ptx() {   # ptx <source> <out>: the PTX of one chapter file, for sm_90
    "$NVCC" -arch=sm_90 -O3 -Icommon -Ichapters/10_elements -Ichapters/11_batched -ptx "$1" \
        -o "$2" 2> "$tmp/err.txt" || { echo "FAIL  stores: $NVCC could not compile $1: $(tail -n 2 "$tmp/err.txt")"; status=1; return 1; }
}

# The check must be able to fail: a kernel storing its 16 bytes as four
# 4-byte stores (what the compiler had made of the old stores) must be
# reported.
cat > "$tmp/split.cu" << 'EOF'
__global__ void split_store(const float4 *__restrict__ in, float *__restrict__ out)
{
    float4 v = in[threadIdx.x];
    float *p = out + 4 * threadIdx.x;
    p[0] = v.x;
    p[1] = v.y;
    p[2] = v.z;
    p[3] = v.w;
}
EOF
if ptx "$tmp/split.cu" "$tmp/split.ptx"; then
    self=$(wide "$tmp/split.ptx" split_store)   # a subshell: status stays as it is
    if [ "${self#FAIL}" != "$self" ]; then
        echo "PASS  stores: the check reports four 4-byte stores (self-check)"
    else
        echo "FAIL  stores: the self-check's four 4-byte stores were not reported: $self"
        status=1
    fi
fi

ptx chapters/09_beyond/kernels.cu "$tmp/9.ptx" && wide "$tmp/9.ptx" copy_vec4 transpose_tile64_vec4
ptx chapters/10_elements/kernels.cu "$tmp/10.ptx" &&
    wide "$tmp/10.ptx" transpose_u16_vec16 transpose_u16_vec16_down transpose_f64_pairs
ptx chapters/11_batched/kernels.cu "$tmp/11.ptx" && wide "$tmp/11.ptx" permute_rows_vec4 permute_tile64_vec4
if ptx chapters/11_batched/permute_nd.cu "$tmp/nd.ptx"; then
    for e in 1 2 4 8 16; do
        wide "$tmp/nd.ptx" permute_nd_small_$e permute_nd_small_apart_$e permute_nd_small_runs_$e \
            permute_nd_small_cols_$e permute_nd_small_stacked_$e
    done
    wide "$tmp/nd.ptx" permute_nd_small_stacked_words_1 permute_nd_small_stacked_words_2
    wide "$tmp/nd.ptx" permute_nd_pairs permute_nd_rows_16 permute_nd_rows_flat_16 permute_nd_tile_16 \
        permute_nd_split_16 permute_nd_narrow_16 permute_nd_narrow_walk_16 permute_nd_rows_shift16
    words "$tmp/nd.ptx" permute_nd_narrow_words_1
    self=$(words "$tmp/nd.ptx" permute_nd_narrow_1)   # bytes in and out: must be reported
    if [ "${self#FAIL}" != "$self" ]; then
        echo "PASS  stores: the check reports permute_nd_narrow_1's byte accesses (self-check)"
    else
        echo "FAIL  stores: permute_nd_narrow_1's byte accesses were not reported: $self"
        status=1
    fi
fi
exit "$status"
