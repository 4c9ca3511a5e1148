#!/usr/bin/env bash
# tests/check_resources.sh - where the chapter 7 and 8 kernels keep their data,
# checked from the compiler's resource report (no GPU needed).
#
#   bash tests/check_resources.sh          (tests/run.sh runs it in `make test`)
#   NVCC=/path/to/nvcc bash tests/check_resources.sh
#
# ptxas prints, for every kernel it compiles with --resource-usage:
#   ptxas info    : Compiling entry function '_Z17transpose_shufflePKfPfii' for 'sm_90'
#   ptxas info    : Function properties for _Z17transpose_shufflePKfPfii
#       0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
#   ptxas info    : Used 48 registers, used 0 barriers
# (a kernel with static shared memory adds ", 4224 bytes smem" to the last line).
# The checks:
#   transpose_shuffle        0 bytes stack frame and no spills: its 32 values
#                            stay in registers (chapter 8's point)
#   transpose_shuffle_local  a stack frame: its run-time index puts the array in
#                            local memory (so this script can tell the two apart)
#   transpose_padded_tile    4224 bytes of shared memory (a 32 x 33 float tile)
#   transpose_shared_tile    4096 bytes (32 x 32), and transpose_swizzled_tile
#                            4096 bytes too: the swizzle costs no memory
#   chapter 10               the tiles of each element size (32 x 33 doubles,
#                            32 x 33 halves, 4 x 32 x 33 words, ...), and the
#                            packed kernels keep their words in registers
#                            (no stack frame, no spills); the staged kernels
#                            also stay within 40 registers
# One line per check: PASS, FAIL or SKIP.
set -u
cd "$(dirname "$0")/.." || exit 1

NVCC=${NVCC:-nvcc}
ARCH=sm_90   # any architecture works; one fixed one keeps the numbers stable

if ! command -v "$NVCC" > /dev/null 2>&1; then
    echo "SKIP  resources: $NVCC not found (set NVCC=/path/to/nvcc)"
    exit 0
fi

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

# report <source>: the ptxas report of one chapter, reduced to one line per
# kernel: "<name> <stack> <spill stores> <spill loads> <smem> <registers>", where <name>
# is the unmangled function name. A mangled name _Z17transpose_shufflePKfPfii
# starts with the length of the name, so the name is read exactly and
# transpose_shuffle is never confused with transpose_shuffle_local.
report() {
    "$NVCC" -arch="$ARCH" --resource-usage -Icommon -c "$1" -o "$tmp/out.o" > "$tmp/ptxas.txt" 2>&1 \
        || return 1
    awk '
        function plain_name(m,    len) {
            if (match(m, /^_Z[0-9]+/)) {
                len = substr(m, 3, RLENGTH - 2) + 0
                return substr(m, RLENGTH + 1, len)
            }
            return m
        }
        /Function properties for / { name = plain_name($NF); next }
        name != "" && /bytes stack frame/ {
            stack[name] = $1; spill_st[name] = $5; spill_ld[name] = $9; next
        }
        name != "" && /Used [0-9]+ registers/ {
            regs[name] = $5
            smem[name] = 0
            if (match($0, /[0-9]+ bytes smem/))
                smem[name] = substr($0, RSTART, RLENGTH) + 0
            order[++n] = name
            name = ""
        }
        END {
            for (i = 1; i <= n; i++) {
                k = order[i]
                print k, stack[k], spill_st[k], spill_ld[k], smem[k], regs[k]
            }
        }' "$tmp/ptxas.txt"
}

# field <kernel> <column> <report file>: one number from report()'s line for
# <kernel> (column 2 stack frame, 3 spill stores, 4 spill loads, 5 shared
# memory, 6 registers), or nothing if the kernel is not in the report.
field() {
    awk -v k="$1" -v c="$2" '$1 == k { print $c; exit }' "$tmp/$3"
}

pass() { echo "PASS  resources: $1"; }
fail() { echo "FAIL  resources: $1: $2"; }

# check_equal <report file> <kernel> <column> <want> <what it means>
check_equal() {
    local got
    got=$(field "$2" "$3" "$1")
    if [ -z "$got" ]; then
        fail "$5" "$2 is not in the ptxas report"
    elif [ "$got" -eq "$4" ]; then
        pass "$5"
    else
        fail "$5" "ptxas reports $got bytes, expected $4"
    fi
}

# ---- chapter 8: registers or local memory? ------------------------------------
if report chapters/08_shuffle/kernels.cu > "$tmp/ch8.txt"; then
    read -r name stack st ld _ < <(awk '$1 == "transpose_shuffle"' "$tmp/ch8.txt")
    what="transpose_shuffle keeps its tile in registers (no stack frame, no spills)"
    if [ -z "${name:-}" ]; then
        fail "$what" "transpose_shuffle is not in the ptxas report"
    elif [ "$stack" -eq 0 ] && [ "$st" -eq 0 ] && [ "$ld" -eq 0 ]; then
        pass "$what"
    else
        fail "$what" "ptxas reports $stack bytes stack frame, $st bytes spill stores, $ld bytes spill loads"
    fi

    stack=$(field transpose_shuffle_local 2 ch8.txt)
    what="transpose_shuffle_local has a stack frame (its array is in local memory)"
    if [ -z "$stack" ]; then
        fail "$what" "transpose_shuffle_local is not in the ptxas report"
    elif [ "$stack" -gt 0 ]; then
        pass "$what ($stack bytes)"
    else
        fail "$what" "ptxas reports 0 bytes: the compiler kept it in registers, so this check can no longer tell the two kernels apart"
    fi
else
    fail "chapter 8 compiles" "$NVCC failed on chapters/08_shuffle/kernels.cu:"
    sed 's/^/      /' "$tmp/ptxas.txt" | grep -v '^      ptxas info' | head -n 12
fi

# ---- chapter 7: the size of each tile -----------------------------------------
if report chapters/07_padded_tile/kernels.cu > "$tmp/ch7.txt" &&
   report chapters/06_shared_tile/kernels.cu >> "$tmp/ch7.txt"; then
    check_equal ch7.txt transpose_padded_tile 5 4224 \
        "transpose_padded_tile uses 32 x 33 x 4 = 4224 bytes of shared memory"
    check_equal ch7.txt transpose_shared_tile 5 4096 \
        "transpose_shared_tile uses 32 x 32 x 4 = 4096 bytes of shared memory"
    check_equal ch7.txt transpose_swizzled_tile 5 4096 \
        "transpose_swizzled_tile uses 4096 bytes of shared memory, no padding"
else
    fail "chapters 6 and 7 compile" "$NVCC failed on a kernels.cu:"
    sed 's/^/      /' "$tmp/ptxas.txt" | grep -v '^      ptxas info' | head -n 12
fi
# ---- chapter 10: the tiles of other element sizes, packed words in registers --
if report chapters/10_elements/kernels.cu > "$tmp/ch10.txt"; then
    check_equal ch10.txt transpose_f64_shared_tile 5 8192 \
        "transpose_f64_shared_tile uses 32 x 32 x 8 = 8192 bytes of shared memory"
    check_equal ch10.txt transpose_f64_padded_tile 5 8448 \
        "transpose_f64_padded_tile uses 32 x 33 x 8 = 8448 bytes of shared memory"
    check_equal ch10.txt transpose_f64_pairs 5 8704 \
        "transpose_f64_pairs uses 2 x 16 x 17 x 16 = 8704 bytes of shared memory"
    check_equal ch10.txt transpose_u16_tile 5 2112 \
        "transpose_u16_tile uses 32 x 33 x 2 = 2112 bytes of shared memory"
    check_equal ch10.txt transpose_u16_vec16 5 8448 \
        "transpose_u16_vec16 uses 2 x 32 x 33 x 4 = 8448 bytes of shared memory"
    check_equal ch10.txt transpose_u8_tile 5 1056 \
        "transpose_u8_tile uses 32 x 33 = 1056 bytes of shared memory"
    check_equal ch10.txt transpose_u8_quads 5 16896 \
        "transpose_u8_quads uses 4 x 32 x 33 x 4 = 16896 bytes of shared memory"
    check_equal ch10.txt transpose_u16_tile64 5 8448 \
        "transpose_u16_tile64 uses 64 x 66 x 2 = 8448 bytes of shared memory"
    check_equal ch10.txt transpose_u8_tile64 5 4352 \
        "transpose_u8_tile64 uses 64 x 68 = 4352 bytes of shared memory"
    check_equal ch10.txt transpose_u16_tile64w 5 8448 \
        "transpose_u16_tile64w uses 64 rows of 33 words = 8448 bytes of shared memory"
    check_equal ch10.txt transpose_u8_tile64w 5 4352 \
        "transpose_u8_tile64w uses 64 rows of 17 words = 4352 bytes of shared memory"
    check_equal ch10.txt transpose_u8_funnel 5 31744 \
        "transpose_u8_funnel uses 124 rows of 64 words = 31744 bytes of shared memory"
    check_equal ch10.txt transpose_u16_funnel 5 23808 \
        "transpose_u16_funnel uses 62 rows of 96 words = 23808 bytes of shared memory"
    # The packed kernels' words and the 64 x 64 tiles' 16 loads stay in
    # registers, in either block order (the _down kernels: kernels.cu,
    # "Block order on a short side").
    for k in transpose_f64_pairs transpose_u16_vec16 transpose_u8_quads \
        transpose_u16_tile64 transpose_u8_tile64 transpose_u16_tile64w transpose_u8_tile64w \
        transpose_u16_funnel transpose_u8_funnel transpose_u16_skinny_tall transpose_u8_skinny_tall \
        transpose_u16_skinny_wide transpose_u8_skinny_wide \
        transpose_f64_sector_aligned_down transpose_u16_vec16_down transpose_u8_quads_down \
        transpose_u16_tile64w_down transpose_u8_tile64w_down transpose_u16_funnel_down \
        transpose_u8_funnel_down; do
        check_equal ch10.txt "$k" 2 0 "$k keeps its values in registers (no stack frame)"
        check_equal ch10.txt "$k" 3 0 "$k spills nothing"
    done
    check_equal ch10.txt transpose_u8_staged 5 5440 \
        "transpose_u8_staged uses 4 planes x 68 x 5 x 4 = 5440 bytes of shared memory"
    check_equal ch10.txt transpose_u16_staged 5 6336 \
        "transpose_u16_staged uses 2 planes x 66 x 12 x 4 = 6336 bytes of shared memory"
    # The staged kernels were written for at most 40 registers a thread
    # (transpose_u8_any's 63 held it to half the threads an SM can hold).
    for k in transpose_u8_staged transpose_u16_staged; do
        check_equal ch10.txt "$k" 2 0 "$k keeps its words in registers (no stack frame)"
        check_equal ch10.txt "$k" 3 0 "$k spills nothing"
        regs=$(field "$k" 6 ch10.txt)
        what="$k uses at most 40 registers"
        if [ -z "$regs" ]; then
            fail "$what" "$k is not in the ptxas report"
        elif [ "$regs" -le 40 ]; then
            pass "$what ($regs)"
        else
            fail "$what" "ptxas reports $regs"
        fi
    done
else
    fail "chapter 10 compiles" "$NVCC failed on chapters/10_elements/kernels.cu:"
    sed 's/^/      /' "$tmp/ptxas.txt" | grep -v '^      ptxas info' | head -n 12
fi

# ---- chapter 11: one tile, or two for the in-place pairs; rows need none --
if report chapters/11_batched/kernels.cu > "$tmp/ch11.txt"; then
    check_equal ch11.txt transpose_batched_tile 5 4224 \
        "transpose_batched_tile uses 32 x 33 x 4 = 4224 bytes of shared memory"
    check_equal ch11.txt permute_tiled 5 4224 \
        "permute_tiled uses 32 x 33 x 4 = 4224 bytes of shared memory"
    check_equal ch11.txt transpose_in_place_square 5 8448 \
        "transpose_in_place_square holds both tiles of its pair: 2 x 32 x 33 x 4 = 8448 bytes"
    for k in permute_rows_vec4 permute_rows_scalar; do
        check_equal ch11.txt "$k" 5 0 "$k copies rows through registers (no shared memory)"
    done
    for k in transpose_batched_tile permute_tiled transpose_in_place_square permute_rows_vec4 permute_rows_scalar; do
        check_equal ch11.txt "$k" 3 0 "$k spills nothing"
    done
else
    fail "chapter 11 compiles" "$NVCC failed on chapters/11_batched/kernels.cu:"
    sed 's/^/      /' "$tmp/ptxas.txt" | grep -v '^      ptxas info' | head -n 12
fi
exit 0
