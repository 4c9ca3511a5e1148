# scripts/lib.sh - what the make-target scripts share; each sources it:
#
#   . scripts/lib.sh
#
#   find_cuda_tool NAME     prints the path of a CUDA tool (compute-sanitizer,
#                           ncu), or returns 1: a toolkit's tools live beside
#                           nvcc, which is not always on the PATH itself
#   gpu_probe               prints "NVIDIA H200, compute capability 9.0" and
#                           returns 0, or prints why there is no GPU and
#                           returns non-zero (it builds the probe if needed);
#                           gpu_probe --l2-bytes prints the L2's size in bytes
#   gpu_tag NAME            "NVIDIA H100 80GB HBM3" -> h100 (file names, lesson blocks)
#   program_of PATH         chapters/01_bounds -> chapter1,
#                           exercises/07_padded_tile.cu -> exercise7, ...
#   sources_of PROGRAM      chapter7 -> the chapter's .cu/.cuh/.h files;
#                           exercise7 -> exercises/07_*.cu; solution7 likewise
#   chapter_programs        chapter1 chapter2 ... (one per chapters/NN_* folder)
#   numbered_programs KIND  exercise2 exercise3 ... (KIND: exercise or solution)
#
# The scripts run from the repository root; MAKE may name another make.
MAKE=${MAKE:-make}

find_cuda_tool() {
    local p
    if p=$(command -v "$1" 2> /dev/null); then echo "$p"; return 0; fi
    if p=$(command -v "${NVCC:-nvcc}" 2> /dev/null) && [ -x "$(dirname "$p")/$1" ]; then
        echo "$(dirname "$p")/$1"; return 0
    fi
    return 1
}

gpu_probe() {
    local probe
    probe="$($MAKE -s --no-print-directory print-build-dir)/tests/gpu_probe"
    $MAKE -s --no-print-directory "$probe" > /dev/null 2>&1
    "$probe" "$@"
}

# A GPU's short name for file names and lesson blocks: the first word of
# its name (after "NVIDIA") that holds a digit, in lower case:
# "NVIDIA H100 80GB HBM3" -> h100, "NVIDIA GeForce RTX 4090" -> 4090.
gpu_tag() {
    printf '%s\n' "$1" | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /[0-9]/) { print tolower($i); exit } }' |
        tr -cd 'a-z0-9'
}

program_of() {
    local base kind
    base=$(basename "$1"); base=${base%.cu}
    case "$1" in
        chapters/*)  kind=chapter ;;
        exercises/*) kind=exercise ;;
        solutions/*) kind=solution ;;
        *) echo "program_of: $1 is no chapter, exercise or solution" >&2; return 1 ;;
    esac
    echo "$kind$((10#${base%%_*}))"
}

sources_of() {
    local num
    num=$(printf '%02d' "${1//[!0-9]/}")
    case "$1" in
        chapter*)  echo chapters/${num}_*/*.cu chapters/${num}_*/*.h* ;;
        exercise*) echo exercises/${num}_*.cu ;;
        solution*) echo solutions/${num}_*.cu ;;
    esac
}

chapter_programs() {
    local d
    for d in chapters/[0-9][0-9]_*/; do program_of "${d%/}"; done
}

numbered_programs() {
    local f
    for f in "$1"s/[0-9][0-9]_*.cu; do [ -e "$f" ] && program_of "$f"; done
}
