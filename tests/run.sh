#!/usr/bin/env bash
# tests/run.sh - the repository's whole test suite; run it with `make test`.
#
#   1. build      every program compiles without warnings, and a second
#                 `make` finds nothing to do
#   2. host       unit tests (tests/test_*.c, tests/test_*.cu) and host-side
#                 checks (tests/check_*.sh), no GPU needed
#   3. cli        every program refuses bad command lines with exit code 2
#   4. gpu        every chapter's --check on the awkward shapes, shapes some
#                 kernels cannot take (n/a), the harness catching broken
#                 kernels, a timed run, the grader, compute-sanitizer
#
# Without a GPU the GPU tests are listed as SKIP with the reason. Each test
# prints one line: PASS, FAIL or SKIP. A test program's exit status counts
# as well as its lines (tests/lib.sh). The last line is the count:
#   N passed, N failed, N skipped
# and the exit status is 1 only if something failed.
set -u
cd "$(dirname "$0")/.." || exit 1
. scripts/lib.sh
. tests/lib.sh
BUILD=$($MAKE -s --no-print-directory print-build-dir)   # e.g. build/cuda13.0/portable
chapters=($(chapter_programs))
# Chapter 12 needs NCCL. Where the Makefile finds none (make print-nccl
# prints nothing) it builds everything but chapter 12, and chapter 12's
# tests are skipped, saying so.
nccl_reason=""
if [ -z "$($MAKE -s --no-print-directory print-nccl)" ]; then
    nccl_reason="NCCL is missing, so chapter12 is not built (make chapter12 says how to get it)"
    chapters=($(printf '%s\n' "${chapters[@]}" | grep -vx chapter12))
fi

# Seconds spent in each part, printed before the count (where the suite's
# time goes, on a GPU machine most of all).
timings="" mark=$SECONDS
section() { timings="$timings${timings:+, }$1 $((SECONDS - mark)) s"; mark=$SECONDS; }

# ---- 1. build ----------------------------------------------------------------
mkdir -p build
# As many compiles at once as the machine has cores, at most 8 (one nvcc
# of the portable build held 0.6 GB at most, for chapter 11's kernels).
jobs=$(nproc 2> /dev/null || echo 1)
[ "$jobs" -le 8 ] || jobs=8
if $MAKE -s -j"$jobs" all > build/test-build.log 2>&1; then
    pass "build: every program, no warnings"
else
    fail "build" "see build/test-build.log"
    sed 's/^/      /' build/test-build.log | tail -n 30
fi
# Everything was just built, so make must have nothing left to do.
if $MAKE -q all 2> /dev/null; then
    pass "build: a second make has nothing to do"
else
    fail "build: a second make has nothing to do" \
         "it would still run: $($MAKE -n all 2>&1 | head -n 3 | tr '\n' ' ')"
fi

section build
# ---- 2. host unit tests ------------------------------------------------------
for src in tests/test_*.c tests/test_*.cu; do
    [ -e "$src" ] || continue
    t=$(basename "${src%.*}")
    if [ -x "$BUILD/tests/$t" ]; then
        run_tests "host: $t" "$BUILD/tests/$t"
    else
        fail "host: $t" "$BUILD/tests/$t was not built"
    fi
done

# Host-side checks written as scripts (tests/check_*.sh): they print their
# own PASS/FAIL/SKIP lines.
for script in tests/check_*.sh; do
    [ -e "$script" ] || continue
    run_tests "host: $script" env BUILD="$BUILD" bash "$script"
done

section host
# ---- 3. command-line errors (these are refused before any GPU is touched) ----
[ -z "$nccl_reason" ] || skip "cli: chapter12" "$nccl_reason"
cli_case() {   # program, arguments, words the error must contain
    local prog=$1 args=$2 says=$3 out rc
    out=$(./"$prog" $args 2>&1 >/dev/null); rc=$?
    if [ "$rc" -eq 2 ] && [[ "$out" == *"$says"* ]] && [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ]; then
        pass "cli: $prog $args"
    else
        fail "cli: $prog $args" "exit $rc, said '$out' (want exit 2, one line with '$says')"
    fi
}
# scripts/permute_case.cu, the program behind make tensor-sweep: its own
# options' errors.
if [ -x "$BUILD/scripts/permute_case" ]; then
    cli_case "$BUILD/scripts/permute_case" "--perm 0,1 --elem 3" "--elem must be 1, 2, 4 or 8"
    cli_case "$BUILD/scripts/permute_case" "--perm 0,0" "uses axis 0 twice"
    cli_case "$BUILD/scripts/permute_case" "--size 8x8" "give the permutation"
else
    fail "cli: permute_case" "$BUILD/scripts/permute_case was not built"
fi
for prog in "${chapters[@]}"; do
    if [ ! -x "$prog" ]; then fail "cli: $prog" "not built"; continue; fi
    cli_case "$prog" "--size 0x5" "at least 1"
    cli_case "$prog" "--rows -7 --cols 3" "at least 1"
    cli_case "$prog" "--size 12x3q" "whole number"
    cli_case "$prog" "--size 99999999999x99999999999" "too large"
    cli_case "$prog" "--frobnicate" "unknown option"
    cli_case "$prog" "--small" "--small goes with --check"
    if ./"$prog" --help | grep -q "usage:"; then pass "cli: $prog --help"; else fail "cli: $prog --help"; fi
done
# A depth above 1 is chapter 11's alone; the 2-D chapters refuse it before
# looking for a GPU.
for prog in "${chapters[@]}"; do
    [ "$prog" = chapter11 ] || [ ! -x "$prog" ] || cli_case "$prog" "--size 2x8x8" "give --size RxC"
done
# Shapes of 4 axes are chapter 11's too (the harness's 2-D tables refuse
# every one; chapter 12 reads the command line itself); 5 axes nobody takes.
for prog in "${chapters[@]}"; do
    [ ! -x "$prog" ] || cli_case "$prog" "--size 2x3x5x7x11" "at most 4"
    [ "$prog" = chapter11 ] || [ "$prog" = chapter12 ] || [ ! -x "$prog" ] ||
        cli_case "$prog" "--size 1x1x8x8" "give --size RxC"
done

section cli
# ---- 4. GPU tests --------------------------------------------------------------
gpu_reason=""
if ! probe=$(gpu_probe 2>&1); then
    gpu_reason=${probe:-the GPU probe did not run}
else
    echo "      GPU: $probe"
fi

gpu_test() {   # name, command...: passes if the command exits 0
    local name=$1 out
    shift
    if [ -n "$gpu_reason" ]; then skip "$name" "$gpu_reason"; return; fi
    if out=$("$@" 2>&1); then pass "$name"; else fail "$name" "$(printf '%s' "$out" | grep -v '^PASS' | tail -n 8)"; fi
}

# A timed run at a size well past L2 on a large GPU, kept short: the table
# must be complete, with no FAIL, and the program must exit 0.
timed_table_ok() {
    local out
    out=$(./"$1" --size 4096x4096 --reps 3) || return 1
    grep -q 'cudaMemcpy device-to-device' <<< "$out" && ! grep -q FAIL <<< "$out"
}
csv_ok() {
    local out
    out=$(./"$1" --size 300x200 --reps 2 --csv) || return 1
    csv_table_ok <<< "$out"
}
device_refused() {
    local out rc
    out=$(./"$1" --device 99 --check --size 8 2>&1 >/dev/null); rc=$?
    [ "$rc" -eq 2 ] && [[ "$out" == *"this machine has"* ]]
}
for prog in "${chapters[@]}"; do
    gpu_test "gpu: $prog --check (every shape of --list-shapes)" ./"$prog" --check
    gpu_test "gpu: $prog timed table" timed_table_ok "$prog"
    gpu_test "gpu: $prog --csv" csv_ok "$prog"
    gpu_test "gpu: $prog --device 99 refused" device_refused "$prog"
done

# A launch can say "not for this shape": chapter 9 still runs a 64000003 x 2
# matrix, where chapters 7 and 8's 2D grids would need 2 million block rows;
# those rows show n/a, every other kernel is checked. A shape that no kernel
# of a program takes is a usage error.
tall_shape_ok() {
    local out
    out=$(./chapter9 --check --size 64000003x2) || return 1
    grep -q '^n/a  transpose_padded_tile, .*65535' <<< "$out" &&
        grep -q '^PASS transpose_any_shape, ' <<< "$out" && ! grep -q '^FAIL' <<< "$out"
}
nothing_applies_refused() {
    local out rc
    out=$(./chapter7 --check --size 3000000x1 2>&1 >/dev/null); rc=$?
    [ "$rc" -eq 2 ] && [[ "$out" == *"no kernel of this program can take a 3000000 x 1"* ]]
}
gpu_test "gpu: chapter9 --check --size 64000003x2 (n/a rows, the rest checked)" tall_shape_ok
gpu_test "gpu: chapter7 on a shape none of its kernels takes: exit 2" nothing_applies_refused

# Chapter 12 splits one matrix over the GPUs: the loop above ran its
# --check on every GPU here; this runs it on one GPU too (a one-rank NCCL
# communicator, peer_stores a local transpose), and times an uneven shape
# (blocks of different sizes: grouped ncclSend/ncclRecv, empty chunks).
ch12_uneven_ok() {
    local out
    out=$(./chapter12 --size 1001x777 --reps 2) || return 1
    grep -q '^nccl_three_steps .*%' <<< "$out" && grep -q '^nccl_pipelined .*%' <<< "$out" &&
        grep -q '^peer_stores ' <<< "$out" && grep -q '^  sum .* overlap hid ' <<< "$out" &&
        ! grep -q FAIL <<< "$out"
}
ch12_test() {   # name, command...: a gpu_test, or SKIP where NCCL is missing
    if [ -n "$nccl_reason" ]; then skip "$1" "$nccl_reason"; else gpu_test "$@"; fi
}
ch12_test "gpu: chapter12 --check --gpus 1" ./chapter12 --check --gpus 1
ch12_test "gpu: chapter12 timed on 1001 x 777 (blocks of unequal size)" ch12_uneven_ok

# Every branch of chapter 9's dispatcher, in both tile orders, on shapes
# with ragged edges (tests/test_dispatch.c checks on the CPU that each
# shape takes the branch named here): the scalar tile down columns and
# along rows, 16-byte tiles down columns with few rows, the sector-aligned
# tile down columns just past the skinny limit, and lever 5b at the limit.
dispatch_branches_ok() {
    local s out
    for s in 1032x3001 3000x1030 136x5000 129x70001 127x70001; do
        out=$(./chapter9 --check --size "$s" --kernel any_shape) || return 1
        grep -q '^PASS transpose_any_shape, ' <<< "$out" || return 1
    done
}
gpu_test "gpu: chapter9 --check, every dispatcher branch in both tile orders" dispatch_branches_ok

# Past 2^31 elements: chapter 9's 64-bit dispatcher is checked element by
# element (the input values repeat past 889192448 elements; the check stays
# exact), and chapter 7's int-indexed tile says n/a instead of corrupting
# memory. 50000 x 43000 is 2150000000 elements, 8.6 GB per matrix: a GPU
# with too little memory answers exit 2 "needs ... GB", which is a SKIP.
name="gpu: chapter9 --check on 50000 x 43000 (> 2^31 elements), chapter 7 n/a"
if [ -n "$gpu_reason" ]; then
    skip "$name" "$gpu_reason"
else
    out=$(./chapter9 --check --size 50000x43000 --kernel any_shape,padded 2>&1); rc=$?
    if [ "$rc" -eq 2 ] && [[ "$out" == *"GB free"* ]]; then
        skip "$name" "the GPU has too little free memory: $out"
    elif [ "$rc" -eq 0 ] &&
         [[ "$out" == *"PASS transpose_any_shape, block 256x1 (50000 x 43000)"* ]] &&
         [[ "$out" == *"n/a  transpose_padded_tile, block 32x8 (50000 x 43000): indexes with 32-bit ints"* ]]; then
        pass "$name"
    else
        fail "$name" "exit $rc: $(printf '%s' "$out" | tail -n 4)"
    fi
fi

# Turing (sm_75, the oldest GPU CUDA 13 builds for) stays supported by
# every chapter: built as compute_75 PTX only, with no machine code for
# this GPU, each chapter runs through the driver's just-in-time compiler
# and must pass its --check here. A chapter that used a newer feature
# without a fallback would fail to build or to run. Built with BAND=0
# (chapters/10_elements/block_order.h), so that chapter 10 walks the
# tiles of every short side down columns: the --check shapes are far too
# small for the default band, and this is where that block order meets
# them.
ptx75_ok() {
    local bin=build/ptx75 prog objdump
    $MAKE -s ARCH=compute_75 BAND=0 BIN=$bin "${chapters[@]}" > build/test-ptx75.log 2>&1 ||
        { tail -n 5 build/test-ptx75.log; return 1; }
    objdump=$(find_cuda_tool cuobjdump || true)
    for prog in "${chapters[@]}"; do
        if [ -n "$objdump" ] && "$objdump" --list-elf "$bin/$prog" 2> /dev/null | grep -q sm_; then
            echo "$bin/$prog holds machine code; want compute_75 PTX only"; return 1
        fi
        ./$bin/$prog --check > /dev/null || { echo "$bin/$prog --check failed"; return 1; }
    done
}
gpu_test "gpu: every chapter built as compute_75 PTX only, BAND=0, passes --check (JIT)" ptx75_ok

# The harness must catch broken kernels: each must FAIL, exit 1, and say what is wrong.
broken_case() {   # kernel name, words the report must contain
    local out rc
    out=$("$BUILD/tests/broken_kernels" --check --size 67x45 --kernel "$1" 2>&1); rc=$?
    [ "$rc" -eq 1 ] && [[ "$out" == *"FAIL $1,"* ]] && [[ "$out" == *"$2"* ]]
}
gpu_test "gpu: harness catches skips_last_col" broken_case skips_last_col "never written"
gpu_test "gpu: harness catches copies_instead" broken_case copies_instead "got 1 [input (0, 1)]"
gpu_test "gpu: harness catches writes_one_nan" broken_case writes_one_nan "[NaN]"
gpu_test "gpu: harness catches writes_past_end (a store past the output)" \
    broken_case writes_past_end "bytes written outside the output, the nearest 1 bytes past its end"
gpu_test "gpu: harness catches a 2-byte kernel's unwritten column" broken_case bytes_u16_skip_col "never written"
gpu_test "gpu: harness catches a 1-byte copy, names the nearest source" \
    broken_case bytes_u8_copy "got 0x01 [input (0, 1), or another holding the same value]"
gpu_test "gpu: harness catches an 8-byte copy" broken_case bytes_f64_copy "got 1 [input (0, 1)]"

# Every timed run must start with an empty L2, or small shapes are timed
# at L2 speed (tests/flush_probe.cu says how it can tell).
if [ -n "$gpu_reason" ]; then
    skip "gpu: the L2 is flushed before every timed run" "$gpu_reason"
else
    run_tests "gpu: the L2 is flushed before every timed run" "$BUILD/tests/flush_probe"
fi

# Chapter 10 runs one section per element size, each with its own copy
# ceiling on its own bytes; --kernel picks sections by the kernels' names.
sections_ok() {
    local out one
    out=$(./chapter10 --size 1024x1000 --reps 2) || return 1
    one=$(./chapter10 --size 512x512 --reps 2 --kernel u16) || return 1
    [ "$(grep -c '^matrix  1024 x 1000 ' <<< "$out")" -eq 4 ] &&
        [ "$(grep -c '^ceiling ' <<< "$out")" -eq 4 ] &&
        grep -q '^cudaMemcpy device-to-device (float64) ' <<< "$out" &&
        grep -q '^copy_kernel_float4 (uint8) ' <<< "$out" &&
        grep -q '^transpose_u8_quads .*%' <<< "$out" && ! grep -q FAIL <<< "$out" &&
        [ "$(grep -c '^matrix  512 x 512 16-bit' <<< "$one")" -eq 1 ] &&
        grep -q '^transpose_u16_vec16 .*%' <<< "$one" && ! grep -q 'f64\|u8' <<< "$one"
}
gpu_test "gpu: chapter10 prints a section and a ceiling per element size" sections_ok

# Chapter 10's dispatchers on the funnel tiles' second rule (FUNNEL_FITS:
# output rows of 4096 bytes or more that start mid-sector, and a short
# side from 64 columns of bytes or 48 of 2-byte elements) and on either
# side of the bytes' U8_FUNNEL_MIN_ROWS (400 rows); the same matrices
# through permute_nd; one of them under compute-sanitizer.
funnel_rules_ok() {
    local s c p=$BUILD/scripts/permute_case
    for s in 4099x65 4099x48 8191x200 4099x63 399x3001 401x3001; do
        ./chapter10 --check --size "$s" --kernel u8_dispatch,u16_dispatch > /dev/null || return 1
    done
    for c in "1 4099x65" "2 4099x48" "1 8191x200" "2 2051x255" "1 399x3001"; do
        set -- $c
        "$p" --elem "$1" --perm 1,0 --size "$2" --check --kernel permute_nd > /dev/null || return 1
    done
    compute-sanitizer --tool memcheck --error-exitcode 1 \
        ./chapter10 --check --size 4099x65 --kernel u8_dispatch,u16_dispatch > /dev/null
}
gpu_test "gpu: chapter10's dispatchers and permute_nd on the funnel tiles' short-side rules" funnel_rules_ok

tensor_table_ok() {   # chapter 11: a 3-D table, its n/a row, its refusals
    local out sq rc
    out=$(./chapter11 --size 6x40x72 --reps 2) || return 1
    sq=$(./chapter11 --size 3x96x96 --reps 2 --kernel in_place,batched) || return 1
    grep -q '^tensor  6 x 40 x 72 float32' <<< "$out" &&
        grep -q '^cudaMemcpy device-to-device ' <<< "$out" &&
        grep -q '^transpose_in_place_square .*square' <<< "$out" &&
        grep -q '^permute_rows_102 .*%' <<< "$out" &&
        grep -q '^permute_tiled_210 .*%' <<< "$out" && ! grep -q FAIL <<< "$out" &&
        grep -q '^transpose_in_place_square .*%' <<< "$sq" || return 1
    out=$(./chapter11 --check --size 2x3x5 --kernel permute_tiled_021) || return 1
    [[ "$out" == "PASS permute_tiled_021, block 32x8 (2 x 3 x 5)" ]]
}
gpu_test "gpu: chapter11 prints a tensor table (n/a in place when not square)" tensor_table_ok

# Shapes of 4 axes: a row of rank 3 takes one whose first axis is 1 (and
# its line names the shape as given), and says n/a to any other, which
# none of chapter 11's rank-3 rows then takes: a usage error.
tensor_rank4_ok() {
    local out rc
    out=$(./chapter11 --check --size 1x3x17x83) || return 1
    [ "$(grep -c '^PASS .*(1 x 3 x 17 x 83)$' <<< "$out")" -ge 12 ] && ! grep -q '^FAIL' <<< "$out" ||
        return 1
    out=$(./chapter11 --check --size 2x3x5x7 --kernel permute_tiled_021 2>&1); rc=$?
    [ "$rc" -eq 2 ] &&
        grep -q '^n/a  permute_tiled_021, block 32x8 (2 x 3 x 5 x 7): needs a shape of 3 axes' <<< "$out" &&
        grep -q 'no kernel of this program can take a 2 x 3 x 5 x 7 tensor' <<< "$out"
}
gpu_test "gpu: chapter11 --check on 4-axis shapes (1 x D x R x C runs, 2 x 3 x 5 x 7 is n/a)" tensor_rank4_ok

# permute_nd (one design for every rank and element size): on the whole
# awkward list its rank-4 rows must run, and pass, on every 4-axis shape
# (none of them n/a), and every row on every shape it takes.
permute_nd_ok() {
    local out
    out=$(./chapter11 --check --kernel permute_nd 2>&1) || return 1
    ! grep -q '^FAIL' <<< "$out" &&
        [ "$(grep -c '^PASS permute_nd_u16_0231, .*(2 x 3 x 5 x 7)$' <<< "$out")" -eq 1 ] &&
        [ "$(grep -c '^PASS permute_nd_u16_0213, ' <<< "$out")" -ge 10 ] &&
        [ "$(grep -c '^PASS permute_nd_u8_021, ' <<< "$out")" -ge 10 ] &&
        [ "$(grep -c '^PASS permute_nd_f64_021, ' <<< "$out")" -ge 10 ]
}
gpu_test "gpu: chapter11's permute_nd rows pass the awkward shapes, 4-axis ones included" permute_nd_ok

# make tensor-sweep's program on one permutation of each rank and element
# size it draws: every awkward shape it takes passes, by permute_nd and
# through the library's API. (The many shapes below run permute_nd alone;
# the library has tests of its own, after them.)
permute_case_ok() {
    local p=$BUILD/scripts/permute_case
    "$p" --perm 1,0 --elem 1 --check > /dev/null &&
        "$p" --perm 2,0,1 --elem 8 --check > /dev/null &&
        "$p" --perm 0,3,1,2 --elem 2 --check > /dev/null &&
        "$p" --perm 1,0,2 --elem 4 --size 5x300x7 --check > /dev/null
}
gpu_test "gpu: permute_case (make tensor-sweep) passes the awkward shapes" permute_case_ok

# permute_case --check --kernel permute_nd on each case given ("elem perm
# size"); after the word memcheck, each under compute-sanitizer memcheck
# too. Stops at the first that fails.
permute_nd_cases() {
    local p=$BUILD/scripts/permute_case c under=""
    if [ "$1" = memcheck ]; then
        under="compute-sanitizer --tool memcheck --error-exitcode 1"
        shift
    fi
    for c in "$@"; do
        set -- $c
        $under "$p" --elem "$1" --perm "$2" --size "$3" --check --kernel permute_nd \
            > /dev/null || return 1
    done
}

# Chapter 10's funnel tiles inside permute_nd (permute_nd_funnel): 1 and
# 2-byte tiles with sides from 256 up, odd, with other axes before, between
# and after, and with a short side split over two axes (rows: 30x3x11x301
# as 3,1,0,2; columns: 300x40x7 as 2,1,0); and the shifted rows, rows of
# an odd number of bytes from 256 up, whose input and output rows start at
# every offset into a word: in chunks (259, 1031, 2 x 517; 3 other axes)
# and in 16-byte lanes, a row on neighbouring warps that may span two
# blocks (2053, 4001, 2 x 3071; rows of 4 and 8-byte elements, not whole
# 16 bytes: 1484 to 8008 bytes, 3 to 16 warps a row; 1484, 1501 and 1714
# bytes, an odd number of rows); and permute_nd_narrow, columns shorter
# than 32 that cannot continue into another axis (1 to 31 of them, rows split or not, 1 to 8
# bytes); and permute_nd_skinny, 1 and 2-byte tiles with a short side
# that sk_pick takes (wide: 13 and 16 elements; tall: 17 to 31); and
# permute_nd_small, batches of small matrices (1 to 8 bytes, the last
# chunk of each a part one); and rows of 2 to 16 bytes folded into one
# element (nd_fold_rows); and permute_nd_rowtile, short rows of whole
# words in a tile (12 to 124 bytes, both tile sides; 128 to 252 bytes in
# tiles of 8: rows of 168, 172, 252 bytes; 252 of 2-byte elements); and
# narrow tiles over split rows (1 to 8 bytes);
# and rows of 148 to 152 bytes counted in the output's order
# (nd_rows_merge), and in 8 and 16-byte accesses also with a long z1 or
# with z0 moved to z1's place (rows of 24, 152 and 176 bytes); and rows
# in 4-byte accesses from 1024 bytes in the shifted blocks (1100 to 1348
# bytes);
# and narrow tiles of 1 to 7 columns, as many rows a block as the tile
# holds (nd_narrow_rows: 1 to 8 bytes, blocks with fewer rows; 16-byte
# elements in tests/library_gpu.cu's fixed problems);
# and wide tiles with two other axes as batches of columns (1 to 8
# bytes; 16 in library_gpu's fixed problems), and matrices of doubles
# with 48 rows or fewer (the element gather; 49: chapter 10's dispatcher);
# and small batches whose matrices lie apart in the output (in 16-byte
# groups or, 9 x 31 and 7 x 13 matrices, not), or whose rows
# are the input's runs, and wide tiles as batches of columns (1 to 8
# bytes; the skinny wide tiles keep two shapes with two other axes,
# which the columns do not take); and narrow tiles as batches of rows
# (1 to 8 bytes; the narrow and skinny tall tiles keep shapes with two
# other axes, which the rows do not take); and shifted rows shorter than
# 256 bytes (1-byte rows of 69 and 99 bytes, 2-byte of 186 and 254), and
# byte wide tiles of 10 to 16 rows as batches of columns, their runs
# stored from a 16-byte boundary (and a 2-byte one). The first, the shifted rows
# (chunks, blocks), the skinny tiles (wide, tall), a small batch, a
# fold, a row tile, each new kind of small batch, a short shifted row of
# each size, a byte batch of 12 rows and a row tile of 8 also under
# compute-sanitizer. Then thin row tiles, all of A or all of B (1 to 8
# bytes, with and without a third axis), and row tiles in 2-byte words
# (rows of 6 to 178 bytes, 1 and 2-byte elements: square tiles of 32, 16
# and 8 rows, partial ones, both thin tiles); three thin tiles and three
# tiles of 2-byte words also under compute-sanitizer. Thin 2 tiles of
# fewer B-lines than warps, loaded a block a line (nd_rowtile_mode 3):
# 8-byte 7 x 301 x 4, 2-byte 6 x 1000 x 62 and 1-byte 5 x 301 x 54, the
# last two under memcheck too. Stacked batches (matrices piled along
# their rows, nd_small_stack: 1 to 8 bytes, columns split over two axes
# taken apart: 4 x 22 and 31 x 5 matrices) and batches of matrices with
# both sides long (82 x 66 to 31 x 75 x 96; 1 and 2 bytes; 4-byte 66 x 58
# keeps its tiles), three of them under memcheck too. Short rows laid
# end to end (rows of 106 to 294 elements in 4, 8 and 16-byte accesses;
# 1-byte rows of 55 keep whole rows), two under memcheck too.
permute_nd_levers_ok() {
    permute_nd_cases "1 0,2,1 3x257x301" "2 2,1,0 517x5x263" "1 1,0,3,2 3x2x301x257" \
        "2 0,1,3,2 2x5x259x263" "1 1,2,0 5x300x700" "2 1,0 1021x300" \
        "1 3,1,0,2 30x3x11x301" "2 3,1,0,2 30x3x11x301" "1 2,1,0 300x40x7" \
        "2 2,1,0 300x40x7" "1 1,0,2 7x5x259" "1 1,0,2 3x5x1031" \
        "2 2,1,0,3 3x4x5x517" "1 0,2,1,3 2x3x5x2053" \
        "1 1,0,2 3x4x4001" "2 1,0,2 3x2x3071" "1 2,1,0,3 3x4x5x517" \
        "4 0,2,1,3 3x5x4x371" "8 1,0,2 5x7x449" "4 1,0,2 3x4x1501" "8 1,0,2 3x2x1001" \
        "1 1,0,2 3x7x1501" "2 0,2,1,3 2x3x5x857" \
        "4 0,2,1 30x2000x18" "8 0,2,1 7x1000x5" "1 0,2,1 5x1777x16" \
        "2 0,3,2,1 4x5x300x18" "4 0,3,2,1 3x5x301x31" "8 0,2,1 3x300x2" \
        "1 0,2,1 5x1776x17" "2 0,2,1 3x1001x30" "1 0,2,1 4x13x3001" "2 0,2,1 3x16x2001" \
        "1 0,2,1 7x600x31" "2 0,1,3,2 2x3x500x30" \
        "1 0,1,3,2 50x31x8x33" "2 0,2,1 3001x7x45" "4 0,2,1 999x33x5" "8 0,2,1 500x31x9" \
        "1 1,2,0,3 39x54x42x4" "2 1,0,2 300x201x8" "1 0,2,1,3 5x300x201x2" "1 2,0,1,3 7x5x301x16" \
        "8 0,2,1,3 7x100x12x5" "4 1,0,2 70x33x3" "1 2,0,1,3 9x40x37x12" "2 0,2,1,3 3x50x41x14" \
        "4 2,1,0,3 5x40x33x31" "4 2,1,0,3 5x40x33x13" "4 2,1,0,3 5x40x33x32" \
        "1 1,3,2,0 12x45x513x8" "2 1,3,2,0 5x40x300x9" "4 1,3,2,0 7x9x100x31" "8 1,3,2,0 3x5x70x17" \
        "8 1,0,3,2 24x44x53x6" "1 1,0,3,2 30x20x8x33" "2 1,0,3,2 9x7x5x31" "4 1,0,3,2 5x300x4x4" \
        "1 1,0,3,2 30x20x9x31" "2 1,0,3,2 30x20x7x13" \
        "2 2,1,3,0 17x61x289x46" "1 2,1,3,0 5x7x300x33" "8 2,1,3,0 3x4x50x40" "4 2,1,3,0 31x3x20x32" \
        "2 0,2,3,1 3x15x31x164" "1 0,2,1 7x9x3001" "4 0,2,1 5x31x700" "8 0,2,1 3x3x10001" \
        "2 0,1,3,2 2x3x20x1001" "1 1,0,3,2 2x3x13x3001" "2 1,0,3,2 3x2x16x2001" \
        "8 0,3,1,2 55x41x3x6" "1 0,2,1 3x3001x10" "2 0,2,1 4x2001x7" "4 0,2,1 5x999x5" \
        "1 1,0,3,2 2x3x1777x17" "2 1,0,3,2 3x2x1001x30" "4 1,0,3,2 3x2x2000x18" \
        "1 3,1,2,0 24x73x17x7" "2 2,1,0 30x1001x5" "4 0,3,2,1 3x7x500x31" "8 2,1,0 17x300x3" \
        "1 2,1,0 31x2000x2" "2 3,1,2,0 5x9x11x13" \
        "1 2,1,0 12x1484x132" "2 0,3,2,1 6x26x8x432" "1 3,1,0,2 9x129x9x231" "2 3,2,1,0 14x11x34x218" \
        "1 2,1,0 3x70x33" "2 2,1,0 5x40x37" \
        "2 1,2,0,3 6x80x169x76" "4 1,0,2 7x301x37" "8 1,0,2 3x1000x19" "2 0,2,1,3 4x5x300x76" \
        "8 1,3,0,2 3x244x947x4" "1 0,2,1 3x3001x7" "2 0,2,1 2x2731x3" "4 1,3,0,2 3x50x301x2" \
        "1 0,2,1 40x50x7" \
        "8 2,0,3,1 19x4x30x678" "1 2,0,3,1 5x3x7x301" "2 2,0,3,1 7x13x5x97" "4 2,0,3,1 3x9x4x300" \
        "8 1,0 5x3001" "8 1,0 12x1001" "8 1,0 13x1001" "8 1,0 15x1001" "8 1,0 16x1001" "8 1,0 49x1001" \
        "8 0,2,1 5x14x301" \
        "1 1,0,2 10x20x99" "1 2,0,1,3 3x40x5x69" "2 2,1,0,3 3x5x4x93" "2 1,0,2 30x5x127" \
        "1 0,2,1 30x16x1201" "1 1,0,3,2 3x83x12x212" "1 1,0,3,2 2x5x10x213" "2 2,0,3,1 3x5x11x301" \
        "8 1,2,0,3 7x14x5x21" "1 1,0,2 13x10x172" "4 2,1,0,3 3x17x9x63" "2 0,2,1,3 3x9x11x126" \
        "8 1,0,2 300x5x3" "8 2,1,0,3 5x6x7x3" "1 2,1,0,3 30x7x5x176" "2 2,1,0,3 40x3x5x76" \
        "4 1,0,2 5x7x279" "1 2,1,0,3 3x4x5x1100" "2 1,2,0,3 3x5x4x674" \
        "2 2,0,1,3 41x72x3x10" "1 1,0,2 700x7x92" "4 0,2,1,3 3x300x5x7" "8 1,0,2 7x301x4" \
        "2 1,0,2 6x1000x62" "1 0,2,1,3 2x9x257x12" \
        "2 1,0,2 37x45x13" "1 2,1,0,3 5x19x41x110" "2 1,0,2 21x19x89" "2 1,0,2 300x5x27" \
        "1 1,0,2 5x301x54" "1 0,2,1,3 3x41x300x6" "2 2,0,1,3 33x7x70x3" \
        "1 2,0,3,1 301x4x47x22" "2 2,0,3,1 33x31x9x5" "2 2,0,3,1 50x8x17x214" \
        "4 2,0,3,1 41x7x13x76" "8 2,0,3,1 37x5x9x61" \
        "1 0,2,1 301x82x66" "2 0,2,1 97x94x43" "4 0,2,1 101x66x58" "1 0,1,3,2 3x31x75x96" \
        "8 2,1,0,3 5x4x7x137" "4 1,0,2 5x8x290" "2 2,1,0,3 3x5x4x294" "8 1,0,2 9x7x133" "1 1,0,2 9x7x55" \
        "8 1,0,2 8x7x106" \
        "1 2,0,3,1 301x4x47x28" "1 2,0,3,1 300x5x9x12" "1 2,0,3,1 50x8x17x212" \
        "2 2,0,3,1 33x31x9x6" "2 2,0,3,1 41x7x13x78" \
        "4 2,1,3,0 6x11x29x226" "1 2,1,3,0 7x13x5x300" "8 2,1,3,0 5x9x31x100" \
        "1 3,0,2,1 5x12x300x15" "2 2,1,0 9x5001x23" "1 2,1,0 3x40001x5" \
        "8 2,3,1,0 5x5x7x2251" "1 2,1,0 4x5x9413" "2 2,1,0 6x2x8737" "4 2,3,1,0 2x4x13x541" \
        "4 2,1,0 7x3x301" "2 2,1,0 3x7x1001" "8 2,1,0 2x13x3001" "2 3,2,1,0 5x4x30x301" &&
    permute_nd_cases memcheck "1 0,2,1 3x257x301" "1 1,0,2 3x5x1031" "1 1,0,2 3x2x3071" "1 0,2,1 4x13x3001" \
        "2 0,2,1 3x1001x30" "1 0,1,3,2 50x31x8x33" "1 1,2,0,3 39x54x42x4" \
        "8 0,2,1,3 7x100x12x5" "1 1,3,2,0 12x45x513x8" "1 1,0,3,2 30x20x8x33" \
        "2 2,1,3,0 17x61x289x46" "1 0,2,1 7x9x3001" "1 1,0,3,2 2x3x13x3001" "1 1,0,3,2 30x20x9x31" \
        "1 0,2,1 3x3001x10" "1 1,0,3,2 2x3x1777x17" "4 1,0,2 3x4x1501" "4 0,2,1,3 3x5x4x371" \
        "1 1,0,2 3x7x1501" "1 3,1,2,0 24x73x17x7" "2 2,1,0 30x1001x5" "1 2,1,0 12x1484x132" \
        "2 0,3,2,1 6x26x8x432" "2 1,2,0,3 6x80x169x76" "2 0,2,1,3 4x5x300x76" \
        "8 1,3,0,2 3x244x947x4" "1 0,2,1 3x3001x7" "8 2,0,3,1 5x4x3x678" "2 2,0,3,1 3x13x5x97" \
        "8 1,0 5x3001" "8 1,0 15x1001" "1 1,0,2 10x20x99" "2 2,1,0,3 3x5x4x93" "1 1,0,3,2 3x83x12x212" \
        "8 1,2,0,3 7x14x5x21" "8 1,0,2 300x5x3" "1 2,1,0,3 30x7x5x176" "4 1,0,2 5x7x279" \
        "2 2,0,1,3 41x72x3x10" "4 0,2,1,3 3x300x5x7" "2 1,0,2 6x1000x62" \
        "1 2,1,0,3 5x19x41x110" "2 1,0,2 300x5x27" "1 1,0,2 5x301x54" \
        "1 2,0,3,1 301x4x47x22" "2 2,0,3,1 50x8x17x214" "1 0,2,1 301x82x66" \
        "8 2,1,0,3 5x4x7x137" "1 1,0,2 9x7x55" "1 2,0,3,1 301x4x47x28" "2 2,0,3,1 33x31x9x6" \
        "4 2,1,3,0 6x11x29x226" "1 2,1,3,0 7x13x5x300" \
        "1 3,0,2,1 5x12x300x15" "1 2,1,0 3x40001x5" \
        "8 2,3,1,0 5x5x7x2251" "1 2,1,0 4x5x9413" "2 2,1,0 3x7x1001"
}
gpu_test "gpu: permute_nd's funnel tiles, shifted rows, narrow, skinny and small tiles, folded rows, row tiles pass their shapes, memcheck clean" permute_nd_levers_ok

# Rows gathered in the output's order (permute_nd_rows_gather): rows of
# 4-byte words (300 to 2052 bytes, one past 1024), 8-byte words (296 to
# 1880) and 16-byte words (544 to 5936), elements of 1 to 8 bytes, ranks
# 3 and 4; the first two end in a part of a 16-byte group. Rows of other
# lengths, in bytes (permute_nd_rows_gather_bytes): 19 to 4001 bytes of
# 1 and 2-byte elements. Five under memcheck too. (The index arithmetic
# is checked on random problems by tests/test_nd_index.c.)
permute_nd_gather_ok() {
    permute_nd_cases "4 1,0,2 7x9x141" "8 1,0,2 9x13x37" "1 2,0,1,3 5x7x3x300" "2 0,2,1,3 3x7x5x502" \
        "2 1,0,2 5x13x1026" "4 2,1,0,3 3x5x7x470" "1 1,2,0,3 4x9x5x744" "4 1,0,2 11x5x136" \
        "2 1,0,2 7x6x2968" "8 2,1,0,3 3x4x5x238" \
        "1 1,0,2 7x9x113" "2 2,1,0,3 3x5x7x475" "1 1,2,0,3 4x9x5x4001" "1 2,1,0,3 5x8x7x19" \
        "1 0,2,1,3 3x7x5x57" &&
    permute_nd_cases memcheck "4 1,0,2 7x9x141" "8 1,0,2 9x13x37" "8 2,1,0,3 3x4x5x238" "1 1,0,2 7x9x113" \
        "2 2,1,0,3 3x5x7x475"
}
gpu_test "gpu: permute_nd's rows gathered in the output's order (4, 8 and 16-byte words, and bytes) pass their shapes, memcheck clean" permute_nd_gather_ok

# Elements gathered in the output's order (permute_nd_elems_gather): tiles
# of 4 and 8-byte elements whose columns are 48 elements apart in the
# output or closer (ND_EGATHER_MAX_OUT_COL), ranks 2 to 4. Of the first
# seven, the first three end in a part of a 16-byte group, and in the
# last two (rank 4) a thread's group crosses from one value of the
# output's slowest axis to the next (the carry that a test with 3 x 4 x
# 5 x 7 there did not reach); three of them under memcheck too. (The
# index arithmetic is checked on 500 random problems by
# tests/test_nd_index.c.) The last three are 17 to 48 apart, taken since
# the limit went from 16 to 48: the 8-byte (2, 1, 3, 0) of 19 x 3 x 5 x
# 21, the 4-byte (0, 2, 1) of 3 x 47 x 33 and the 8-byte (1, 0, 3, 2) of
# 5 x 3 x 48 x 11 (Nsight Compute named permute_nd_elems_gather_8, _4 and
# _8 for them on an H200, 2026-11-28), the last two under memcheck too.
# Then 2-D matrices of doubles of 17 to 48 rows, which chapter 10's
# dispatcher leaves to the gather (launch_matrix): 17 x 777 (an odd
# count, a half group at the end), 30 x 20001, 48 x 3001 and the 3-D
# (1, 2, 0) of 30 x 45 x 165; 49 x 3001 stays with chapter 10 (Nsight
# Compute, H200, 2026-11-29: NOTES.md, "Doubles in matrices of up to 48
# rows"); two under memcheck too.
permute_nd_elems_gather_ok() {
    permute_nd_cases "8 0,2,1 3x7x157" "4 0,2,1 3x15x37" "4 0,2,3,1 3x5x7x9" "8 1,0 7x1001" \
        "8 1,2,0 16x5x7" "4 2,0,3,1 3x5x7x9" "8 2,0,3,1 3x5x7x9" \
        "8 2,1,3,0 19x3x5x21" "4 0,2,1 3x47x33" "8 1,0,3,2 5x3x48x11" \
        "8 1,0 17x777" "8 1,0 30x20001" "8 1,0 48x3001" "8 1,2,0 30x45x165" "8 1,0 49x3001" &&
    permute_nd_cases memcheck "8 0,2,1 3x7x157" "4 0,2,3,1 3x5x7x9" "8 2,0,3,1 3x5x7x9" \
        "4 0,2,1 3x47x33" "8 1,0,3,2 5x3x48x11" "8 1,0 17x777" "8 1,2,0 30x45x165"
}
gpu_test "gpu: permute_nd's elements gathered in the output's order (4 and 8-byte) pass their shapes, memcheck clean" permute_nd_elems_gather_ok

# Row tiles in 8-byte words (nd_rowtile_fit): rows of a multiple of 8
# bytes, 24 to 248, of 1 to 8-byte elements, in every kind of tile:
# square (the 8-byte (2, 1, 0, 3) of 116 x 16 x 30 x 9, rows of 72
# bytes, a partial tile along A and a third axis; 104, 128 and 248-byte
# rows), thin 1 (rows of 24 bytes, 8 and 1-byte elements), thin 2 (12 x
# 301 x 3) and thin 2 a block a line (3 x 401 x 6, 40 x 7 x 33 x 3);
# then rows the tile leaves to others (nd_rowtile_leaves): 112 bytes, an
# odd number of 16-byte words (the gather in 16-byte words), and 48
# bytes (the rows in the output's order). Five under memcheck too.
permute_nd_rowtile_8_ok() {
    permute_nd_cases "8 2,1,0,3 116x16x30x9" "4 1,0,2 79x401x26" "2 1,0,2 37x300x64" \
        "8 1,0,2 33x45x31" "8 1,0,2 301x12x3" "1 1,0,2 3001x13x24" "8 1,0,2 12x301x3" \
        "4 1,0,2 3x401x6" "8 0,2,1,3 40x7x33x3" "8 1,0,2 40x70x14" "8 1,0,2 40x70x6" &&
    permute_nd_cases memcheck "8 2,1,0,3 116x16x30x9" "8 1,0,2 33x45x31" "8 1,0,2 301x12x3" \
        "8 1,0,2 12x301x3" "8 0,2,1,3 40x7x33x3"
}
gpu_test "gpu: permute_nd's row tiles in 8-byte words pass their shapes, memcheck clean" permute_nd_rowtile_8_ok

# Narrow tiles of few rows joined to the output's next axis
# (nd_narrow_join): tiles of 130 x 9 and 61 x 7 bytes, 137 x 9 2-byte
# elements, 33 x 3 floats and 32 x 16 doubles, each with two other axes,
# the next one in the output joined to the rows (blocks that end inside
# one of its row sets); then tall skinny tiles that the join takes
# (2-byte 90 x 19 and 100 x 5, bytes 48 x 5), and tiles the packed words
# would leave mostly empty (nd_packed_sparse: bytes 48 x 4, 2-byte 40 x
# 8). Nsight Compute (H200, 2026-11-28) showed each of the ten on
# permute_nd_narrow_walk_E, and again after the byte narrow tile in words
# came: the four byte tiles on permute_nd_narrow_words_1, the 2-byte ones
# (two checked) still on permute_nd_narrow_walk_2. (Before these changes,
# the three tall skinny ones ran permute_nd_skinny_tall, and the packed
# words fit the last two's shapes.) Five under memcheck too. (Every
# output byte's source on random problems: tests/test_nd_index.c.)
permute_nd_join_ok() {
    permute_nd_cases "1 3,1,0,2 11x5x130x9" "1 1,3,0,2 13x3x61x7" "2 1,3,0,2 3x11x137x9" \
        "4 1,3,0,2 7x5x33x3" "8 1,3,0,2 5x9x32x16" "2 1,3,0,2 3x41x90x19" "2 1,3,0,2 3x7x100x5" \
        "1 1,3,0,2 5x13x48x5" "1 1,3,0,2 5x13x48x4" "2 1,3,0,2 3x9x40x8" &&
    permute_nd_cases memcheck "1 3,1,0,2 11x5x130x9" "1 1,3,0,2 13x3x61x7" \
        "2 1,3,0,2 3x11x137x9" "8 1,3,0,2 5x9x32x16" "1 1,3,0,2 5x13x48x4"
}
gpu_test "gpu: permute_nd's narrow tiles joined to the output's next axis pass their shapes, memcheck clean" permute_nd_join_ok

# Tall byte matrices that start inside a 4-byte word
# (permute_nd_skinny_tall_any_1; nd_skinny_fit): batches an odd number of
# bytes apart, 7 x 3001 x 9, 5 x 1301 x 13, 3 x 5 x 1901 x 9 (two other
# axes), and 3 x 2001 x 9 and 2 x 5003 x 13, an odd number of rows and an
# input of an odd size (its last word read byte by byte); matrices of more
# than 16384 bytes, which the small batch does not take (below). Nsight
# Compute (H200, 2026-11-29) showed all five on that kernel; these last
# two ran permute_nd_narrow_words_1 before it came, which now takes only
# rows split over two axes (the join's test above). Four under memcheck
# too.
# (Every access of the kernel's code on the CPU, any start:
# tests/test_skinny.c.)
permute_nd_skinny_any_ok() {
    permute_nd_cases "1 0,2,1 7x3001x9" "1 0,2,1 5x1301x13" "1 1,0,3,2 3x5x1901x9" \
        "1 0,2,1 3x2001x9" "1 0,2,1 2x5003x13" &&
    permute_nd_cases memcheck "1 0,2,1 7x3001x9" "1 1,0,3,2 3x5x1901x9" "1 0,2,1 3x2001x9" \
        "1 0,2,1 2x5003x13"
}
gpu_test "gpu: permute_nd's tall byte matrices that start inside a word pass their shapes, memcheck clean" permute_nd_skinny_any_ok

# 1-byte matrices of 4097 to 16384 bytes with a short side go to the small
# batch (nd_small_choose): tall, a matrix a block (5 x 1001 x 13, 13013
# bytes) or two (7 x 392 x 13, the last block one), apart in the output
# (3 x 5 x 1001 x 9), 16380 bytes (3 x 546 x 30), whole where they had
# been batches of columns (30 x 16 x 401), stacked (5 x 19 x 7 x 278),
# and 4 x 777 x 16, 4 x 776 x 17 and 7 x 300 x 31, which had the skinny
# tiles before; the wide register sort keeps 5 x 22 x 726. Five under
# memcheck too. (Which batch each shape takes, on the CPU:
# tests/test_nd_index.c.)
permute_nd_small_bytes_ok() {
    permute_nd_cases "1 0,2,1 5x1001x13" "1 0,2,1 7x392x13" "1 1,0,3,2 3x5x1001x9" \
        "1 0,2,1 3x546x30" "1 0,2,1 30x16x401" "1 2,0,3,1 5x19x7x278" "1 0,2,1 4x777x16" \
        "1 0,2,1 4x776x17" "1 0,2,1 7x300x31" "1 0,2,1 5x22x726" &&
    permute_nd_cases memcheck "1 0,2,1 5x1001x13" "1 1,0,3,2 3x5x1001x9" "1 0,2,1 3x546x30" \
        "1 0,2,1 30x16x401" "1 2,0,3,1 5x19x7x278"
}
gpu_test "gpu: permute_nd's 1-byte matrices of 4 to 16 KB in the small batch pass their shapes, memcheck clean" permute_nd_small_bytes_ok

# 2-byte matrices of 4 to 16 KB with a short side in the small batch
# (nd_small_choose): tall (501 x 13, 546 x 15 of 16380 bytes), apart in
# the output (301 x 9), a tall one that had been a batch of rows
# (1100 x 7), wide and whole where they had been batches of columns
# (13 x 401, 16 x 511), stacked (9 x 366), of 23 rows under 8 KB
# (23 x 95); 21 x 251, a wide one of more than 16 rows past 8 KB, stays
# with its tile. Three under memcheck too. (Nsight Compute named each
# shape's kernel on an H200, 2026-11-29: chapter 11's NOTES.md, "Small
# 2-byte matrices of up to 16 KB"; which batch each takes, on the CPU:
# tests/test_nd_index.c.)
permute_nd_small_words_ok() {
    permute_nd_cases "2 0,2,1 5x501x13" "2 0,2,1 3x546x15" "2 1,0,3,2 3x5x301x9" \
        "2 0,2,1 3x1100x7" "2 0,2,1 5x13x401" "2 0,2,1 5x16x511" "2 2,0,3,1 3x9x5x366" \
        "2 0,2,1 4x23x95" "2 0,2,1 4x21x251" &&
    permute_nd_cases memcheck "2 0,2,1 5x501x13" "2 1,0,3,2 3x5x301x9" "2 2,0,3,1 3x9x5x366"
}
gpu_test "gpu: permute_nd's 2-byte matrices of 4 to 16 KB in the small batch pass their shapes, memcheck clean" permute_nd_small_words_ok

# The small batch's swizzled chunk (nd_small_swizzled, where a model of
# the bank conflicts counts 8.5 words of a bank a read or more): 1 and
# 2-byte matrices of 8, 12, 16 and 20 columns, one after another in the
# output (2-byte 555 x 12 and 211 x 20, a matrix a block: every other
# block's input off 16 bytes, loaded in words, and its output's head
# stored alone; 1-byte 1001 x 8 and 333 x 12: the last block's tail
# loaded byte by byte), of 32 columns and 44 or 100 rows, and of 63
# columns (2-byte 15 x 63); apart in the output on 16 bytes (1000 x 8,
# 500 x 12). 1001 x 8 apart, whose output is off 16 bytes, and 40 x 32
# (5 words a read) keep the plain chunk. Five under memcheck too. (Which
# kernel each shape takes, on the CPU: tests/test_nd_index.c; Nsight
# Compute named them on an H200, chapter 11's NOTES.md, "The small
# batch's chunk swizzled" and "Swizzled where a model counts the
# conflicts".)
permute_nd_small_swizzled_ok() {
    permute_nd_cases "1 0,2,1 5x1001x8" "1 0,2,1 7x333x12" "1 0,1,3,2 3x5x301x16" \
        "2 0,2,1 5x501x8" "2 0,2,1 3x555x12" "2 0,1,3,2 3x7x211x20" "1 1,0,3,2 3x5x1000x8" \
        "2 1,0,3,2 3x5x500x12" "1 1,0,3,2 3x5x1001x8" "1 0,2,1 7x44x32" "2 0,2,1 5x100x32" \
        "2 0,2,1 3x15x63" "1 0,2,1 5x40x32" &&
    permute_nd_cases memcheck "1 0,2,1 7x333x12" "2 0,1,3,2 3x7x211x20" "1 1,0,3,2 3x5x1000x8" \
        "2 1,0,3,2 3x5x500x12" "2 0,2,1 3x15x63"
}
gpu_test "gpu: permute_nd's small batches with a swizzled chunk (1 and 2-byte, 8 to 63 columns) pass their shapes, memcheck clean" permute_nd_small_swizzled_ok

# Split rows of whole input rows as a batch of row runs
# (nd_small_split_runs): 1 and 2-byte tiles of 33 to 132 columns, their
# rows split over two axes, both kernels of each size (plain, and swizzled
# where 4 divides the columns: 40, 44, 48, 60, 64, 132), column runs of 96
# to 496 bytes with heads and tails off 16 bytes. One shape of each kernel
# under memcheck too. (Which kernel each shape takes, on the CPU:
# tests/test_nd_index.c; Nsight Compute named them on an H200, chapter
# 11's NOTES.md, "Split rows of whole input rows as row runs".)
permute_nd_small_split_runs_ok() {
    permute_nd_cases "1 1,3,2,0 31x2x57x33" "1 1,3,2,0 5x3x70x42" "1 3,0,2,1 7x18x26x57" \
        "1 2,1,0 9x2001x64" "1 3,1,2,0 17x3x280x44" "1 1,3,2,0 16x40x6x40" \
        "2 1,3,2,0 27x3x113x42" "2 2,1,0 3x999x35" "2 3,0,2,1 7x18x26x48" \
        "2 0,3,2,1 5x7x13x132" "2 1,3,2,0 7x9x20x60" &&
    permute_nd_cases memcheck "1 1,3,2,0 5x3x70x42" "1 1,3,2,0 16x40x6x40" "2 2,1,0 3x999x35" \
        "2 0,3,2,1 5x7x13x132"
}
gpu_test "gpu: permute_nd's split rows of whole input rows as row runs (1 and 2-byte, plain and swizzled) pass their shapes, memcheck clean" permute_nd_small_split_runs_ok

# Matrices whose columns run on across matrices in the output
# (nd_small_cross): the (1, 3, 0, 2) and (3, 1, 0, 2) of A x B x R x C,
# 1 to 8-byte, plain (odd or 10 columns) and swizzled (1 and 2-byte, 4
# dividing C: 214 x 16, 505 x 12, 32 x 20), with a last block of fewer
# matrices (A not a multiple of the batch) and one matrix a block
# (2428 x 5 bytes); the 4-byte 41 x 16, which the rule leaves, as well.
# Four under memcheck too. (Which shapes the batch takes, on the CPU:
# tests/test_nd_index.c.)
permute_nd_small_cross_ok() {
    permute_nd_cases "1 1,3,0,2 7x3x525x7" "1 1,3,0,2 9x2x214x16" "2 3,1,0,2 5x4x246x11" \
        "2 1,3,0,2 6x3x505x12" "4 3,1,0,2 9x3x74x10" "8 1,3,0,2 7x5x41x5" \
        "1 3,1,0,2 11x2x2428x5" "4 3,1,0,2 9x3x41x16" "2 3,1,0,2 3x5x32x20" &&
    permute_nd_cases memcheck "1 1,3,0,2 9x2x214x16" "2 3,1,0,2 5x4x246x11" \
        "8 1,3,0,2 7x5x41x5" "1 3,1,0,2 11x2x2428x5"
}
gpu_test "gpu: permute_nd's columns that run on across matrices (1 to 8-byte, plain and swizzled) pass their shapes, memcheck clean" permute_nd_small_cross_ok

# The transpose library (lib/): random problems of every rank, element
# size and permutation against the CPU reference, on the default stream and
# on one of their own, and on buffers off 16-byte alignment (the kernels
# kept for those), host memory refused (tests/library_gpu.cu); the
# same under compute-sanitizer, fewer of them; and the page's example,
# built with its one line, prints no wrong element.
library_example_ok() {
    local out
    out=$("$BUILD/lib/example") || return 1
    [ "$(grep -c ': 0 wrong elements$' <<< "$out")" -eq 2 ] &&
        grep -q '^a permutation that is not one: TRANSPOSE_ERR_PERM: ' <<< "$out"
}
gpu_test "gpu: the transpose library on 400 random problems (and 100 on unaligned buffers) matches the CPU reference" \
    "$BUILD/tests/library_gpu" --draw 1 --cases 400
gpu_test "gpu: the transpose library under compute-sanitizer memcheck (60 problems, draw 2)" \
    compute-sanitizer --tool memcheck --error-exitcode 1 "$BUILD/tests/library_gpu" --draw 2 --cases 60
gpu_test "gpu: lib/example.c, built as its page says, prints no wrong element" library_example_ok
# Its Python example (ctypes, PyTorch's tensors and stream): every case
# equal to PyTorch's permute().contiguous(). Where PyTorch cannot use the
# GPU there is nothing to call the library on: a skip, not a pass.
library_torch_ok() {
    local out
    out=$(python3 lib/example_torch.py --lib ./libtranspose.so --reps 5) || return 1
    printf '%s\n' "$out"
    [ "$(grep -c -E ' yes +[0-9]' <<< "$out")" -eq 6 ]   # six cases, each correct
}
if [ -z "$gpu_reason" ] &&
    ! python3 -c 'import sys, torch; sys.exit(0 if torch.cuda.is_available() else 1)' 2> /dev/null; then
    skip "gpu: lib/example_torch.py, the library on PyTorch tensors" "PyTorch with CUDA is not installed"
else
    gpu_test "gpu: lib/example_torch.py, the library on PyTorch tensors, equals permute().contiguous()" \
        library_torch_ok
fi

section "gpu checks"
# The grader must be honest: every solution passes it, every shipped
# exercise stub fails it (a stub still has its "TODO: your code here").
# (Each grading's verdict line is shown under its test: the ratios the
# exercises' headers and the instructor key quote come from these lines.)
verdict() { printf '%s\n' "$1" | grep -m 1 -E '^(PASS|FAIL)  ' | sed 's/^/      /'; }
for prog in $(numbered_programs solution); do
    name="gpu: grader passes $prog"
    if [ -n "$gpu_reason" ]; then
        skip "$name" "$gpu_reason"
    elif out=$(bash scripts/grade.sh solution "${prog#solution}" 2>&1); then
        pass "$name"; verdict "$out"
    else
        fail "$name" "$(printf '%s' "$out" | grep -v '^PASS' | tail -n 8)"
    fi
done
for prog in $(numbered_programs exercise); do
    src=$(sources_of "$prog")
    name="gpu: grader fails the shipped stub $prog"
    if [ -n "$gpu_reason" ]; then
        skip "$name" "$gpu_reason"
    elif ! grep -q "TODO: your code here" $src; then
        skip "$name" "$src has no TODO left (your work), so it is no longer the shipped stub"
    elif out=$(GRADE_SANITIZER=0 bash scripts/grade.sh exercise "${prog#exercise}" 2>&1); then
        fail "$name" "the stub passed the grader"
    elif [[ "$out" == *"FAIL  your_"* ]] && [[ "$out" != *"out-of-bounds"* ]]; then
        pass "$name"; verdict "$out"   # failed by the grader's verdict, not by an accident
    else
        fail "$name" "not the grader's verdict line: $(printf '%s' "$out" | grep -m 2 FAIL)"
    fi
done

# A chapter's kernel pasted under the learner's name is not the variant an
# exercise asks for: the grader must fail it (a wrong answer, a broken rule
# or too slow; tests/pasted/NN_name.cu says which to expect). None of them
# is about a memory error, so they are graded without compute-sanitizer,
# which takes most of a grading's time (the shortcuts below too).
for src in tests/pasted/[0-9][0-9]_*.cu; do
    [ -e "$src" ] || continue
    n=$(basename "$src"); n=$((10#${n%%_*}))
    name="gpu: grader fails $src pasted into exercise$n"
    if [ -n "$gpu_reason" ]; then
        skip "$name" "$gpu_reason"
    elif out=$(GRADE_SANITIZER=0 bash scripts/grade.sh pasted "$n" 2>&1); then
        fail "$name" "it passed: $(printf '%s' "$out" | grep -m 1 PASS)"
    elif [[ "$out" == *"FAIL  "* ]]; then
        pass "$name"; verdict "$out"
    else
        fail "$name" "no verdict line: $(printf '%s' "$out" | tail -n 2)"
    fi
done

# A shortcut (tests/shortcuts/NN_what.cu: what a learner who reads the
# grader might try instead of the exercise) must fail the grader, for the
# reason its "Expect:" line gives. (tests/check_learner.sh checks the ones
# the CPU can see without a GPU too.)
for src in tests/shortcuts/[0-9][0-9]_*.cu; do
    [ -e "$src" ] || continue
    expect=$(sed -n 's/^ \* Expect: //p' "$src")
    name="gpu: grader fails the shortcut $src"
    if [ -z "$expect" ]; then
        fail "$name" "it has no ' * Expect: ...' line saying why it must fail"
    elif [ -n "$gpu_reason" ]; then
        skip "$name" "$gpu_reason"
    elif out=$(GRADE_SANITIZER=0 bash scripts/grade.sh shortcut "$src" 2>&1); then
        fail "$name" "it passed: $(printf '%s' "$out" | grep -m 1 PASS)"
    elif [[ "$out" == *"FAIL  "*"$expect"* ]]; then
        pass "$name"; verdict "$out"
    else
        fail "$name" "not for the expected reason ('$expect'): $(printf '%s' "$out" | grep -m 1 FAIL)"
    fi
done

section grader
# compute-sanitizer on every chapter (scripts/sanitize.sh says which tools).
if [ -n "$gpu_reason" ]; then
    skip "gpu: make sanitize" "$gpu_reason"
else
    # (chapter12 apart: its NCCL rows are left out, NCCL's own kernels are
    # not this project's to sanitize; its peer_stores row, with the fill
    # and check kernels, runs on one GPU.)
    run_tests "gpu: make sanitize" bash scripts/sanitize.sh $(printf '%s\n' "${chapters[@]}" | grep -vx chapter12)
    sanitizer=$(find_cuda_tool compute-sanitizer || true)
    for tool in memcheck racecheck synccheck; do
        if [ -z "$sanitizer" ]; then
            skip "gpu: sanitize $tool chapter12" "compute-sanitizer not found"
        else
            ch12_test "gpu: sanitize $tool chapter12 --check --small --gpus 1 --kernel peer_stores" \
                "$sanitizer" --tool "$tool" --error-exitcode 99 \
                ./chapter12 --check --small --gpus 1 --kernel peer_stores
        fi
    done
fi

section sanitizer
echo
echo "time: $timings"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
