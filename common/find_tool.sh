# common/find_tool.sh - sourced by the scripts that need a CUDA tool.
#
#   find_cuda_tool compute-sanitizer    prints its path, or returns 1
#
# A toolkit's tools live beside nvcc, which is not always on the PATH
# itself when only nvcc's directory was added to it.
find_cuda_tool() {
    local p
    if p=$(command -v "$1" 2> /dev/null); then echo "$p"; return 0; fi
    if p=$(command -v "${NVCC:-nvcc}" 2> /dev/null) && [ -x "$(dirname "$p")/$1" ]; then
        echo "$(dirname "$p")/$1"; return 0
    fi
    return 1
}
