#!/usr/bin/env bash
# tests/check_arch_flags.sh - checks scripts/arch_flags.sh, the script that
# picks the GPU architectures of a portable build (no GPU needed).
#
#   bash tests/check_arch_flags.sh        (make test runs it too)
#
# Prints one line per check, "PASS  archs: ..." or "FAIL  archs: ...: why"
# ("SKIP  archs: ...: why" when there is no nvcc to try), and exits 1 if any
# check failed.
#
# Why stand-ins: the script's answer depends on which nvcc it asks, and one
# machine has one toolkit. tests/fake_nvcc/ holds small shell scripts that
# print what other toolkits print (CUDA 12.4, CUDA 13.0), one with suffixed
# names (sm_90a...), and one that fails. The last check asks the real nvcc
# and compiles a kernel with the flags, because only nvcc can say whether
# it accepts them.
set -u
cd "$(dirname "$0")/.." || exit 1

failed=0
pass() { echo "PASS  archs: $1"; }
fail() { echo "FAIL  archs: $1: $2"; failed=1; }

FAKE=tests/fake_nvcc

# The architectures of a flag line: "sass" -> "75 80 ..." (code=sm_NN),
# "ptx" -> the PTX ones (code=compute_NN). Letters stay, so sm_90a would show.
sass() { grep -o 'code=sm_[0-9a-z]*' <<< "$1" | sed 's/code=sm_//' | tr '\n' ' ' | sed 's/ $//'; }
ptx()  { grep -o 'code=compute_[0-9a-z]*' <<< "$1" | sed 's/code=compute_//' | tr '\n' ' ' | sed 's/ $//'; }

# One check: name, nvcc to ask, the machine code and the PTX we expect.
expect() {
    local name=$1 nvcc=$2 want_sass=$3 want_ptx=$4 out got_sass got_ptx
    out=$(bash scripts/arch_flags.sh "$nvcc" 2>&1)
    got_sass=$(sass "$out")
    got_ptx=$(ptx "$out")
    if [ "$(printf '%s\n' "$out" | wc -l)" -ne 1 ]; then
        fail "$name" "printed $(printf '%s\n' "$out" | wc -l) lines, want one"
    elif [ "$got_sass" != "$want_sass" ]; then
        fail "$name" "machine code for '$got_sass', want '$want_sass'"
    elif [ "$got_ptx" != "$want_ptx" ]; then
        fail "$name" "PTX for '$got_ptx', want '$want_ptx'"
    else
        pass "$name"
    fi
}

# CUDA 12.4 knows Hopper (sm_90) but not Blackwell: no sm_100, no sm_120
# (asking for them is the "Unsupported gpu architecture" error), and the
# PTX is for sm_90, which a Blackwell GPU's driver compiles at start-up.
expect "CUDA 12.4 nvcc: sm_75 to sm_90, no sm_100/sm_120, PTX for sm_90" \
       "$FAKE/nvcc-12.4" "75 80 86 87 89 90" "90"

# CUDA 13.0 prints 100, 110, 103: the list must come out sorted, with the
# PTX for the newest (121), not for the last one printed.
expect "CUDA 13.0 nvcc: sorted, sm_75 to sm_121, PTX for the newest" \
       "$FAKE/nvcc-13.0" "75 80 86 87 88 89 90 100 103 110 120 121" "121"

# sm_90a, sm_100f...: code only that one chip or family runs; left out.
expect "suffixed names (sm_90a, sm_100f) left out" \
       "$FAKE/nvcc-suffixed" "75 80 90 100 120" "120"

# An nvcc that cannot be asked, or none at all: the full CUDA 13 list.
expect "nvcc that fails: the full list, PTX for sm_120" \
       "$FAKE/nvcc-broken" "75 80 86 89 90 100 120" "120"
expect "nvcc that does not exist: the full list, PTX for sm_120" \
       "$FAKE/no-such-nvcc" "75 80 86 89 90 100 120" "120"

# The Makefile builds for the local GPU only if this nvcc knows it; a GPU
# newer than the toolkit (a Blackwell under CUDA 12.4) gets the portable
# build, which runs there through PTX. A stand-in nvidia-smi reports the GPU.
local_gpu() {   # name, compute capability, nvcc, what `make print-gencode` must print
    local got
    got=$(PATH="$PWD/tests/fake_bin:$PATH" FAKE_COMPUTE_CAP=$2 ${MAKE:-make} -s --no-print-directory \
          NVCC="$3" print-gencode 2> /dev/null)
    if [ "$got" = "$4" ]; then
        pass "$1"
    else
        fail "$1" "make print-gencode said '$got', want '$4'"
    fi
}
local_gpu "a Hopper GPU under CUDA 12.4: -arch=sm_90" 9.0 "$FAKE/nvcc-12.4" "-arch=sm_90"
local_gpu "a Blackwell GPU under CUDA 12.4: the portable build, not sm_120" 12.0 \
          "$FAKE/nvcc-12.4" "$(bash scripts/arch_flags.sh "$FAKE/nvcc-12.4")"

# The real nvcc (the one make uses): it must accept every flag it was given.
# One tiny kernel, compiled for all of them at once, takes a few seconds.
NVCC=${NVCC:-nvcc}
if ! command -v "$NVCC" > /dev/null 2>&1; then
    echo "SKIP  archs: the real nvcc: '$NVCC' not found"
else
    version=$("$NVCC" --version 2>/dev/null | sed -n 's/.*release \([0-9.]*\).*/\1/p')
    name="the real nvcc (CUDA ${version:-unknown}) accepts every flag"
    flags=$(bash scripts/arch_flags.sh "$NVCC")
    tmp=$(mktemp -d)
    echo '__global__ void k() {}' > "$tmp/t.cu"
    # shellcheck disable=SC2086  # the flags are words on purpose
    if out=$("$NVCC" $flags -c "$tmp/t.cu" -o "$tmp/t.o" 2>&1); then
        pass "$name: $(sass "$flags" | sed 's/\([0-9a-z]*\)/sm_\1/g'), PTX $(ptx "$flags")"
    else
        fail "$name" "$(printf '%s' "$out" | head -n 1)"
    fi
    rm -rf "$tmp"
fi

exit $failed
