#!/usr/bin/env bash
# tests/check_compare_trees.sh - scripts/compare_trees.sh reads its cases
# and permute_case's CSV right (no GPU needed).
#
#   bash tests/check_compare_trees.sh      (tests/run.sh runs it in `make test`)
#
# Two made-up builds stand in for permute_case: small scripts that print
# the CSV a run would (a copy at 4000 GB/s, permute_nd at 3000 in one
# build and 2000 in the other; FAIL for the shape 3x3). The table must
# give 75.0 and 50.0, FAIL where a case fails, and exit 1 then; a bad case
# line and a bad NAME=WHERE must be refused with exit 2 before anything
# runs, and a build that finds no GPU (permute_case's exit status 3) must
# stop the script with its message. With KERNELS=1 and a stand-in ncu,
# each build's kernel must be named. One PASS or FAIL line each.
set -u
cd "$(dirname "$0")/.." || exit 1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
status=0

fake() {   # file, permute_nd's GB/s: a stand-in for permute_case
    cat > "$1" <<EOF
#!/usr/bin/env bash
size=""; while [ \$# -gt 0 ]; do [ "\$1" = --size ] && size=\$2; shift; done
ok=PASS; [ "\$size" = 3x3 ] && ok=FAIL
echo "device,rows,cols,kernel,block,check,ms_median,ms_min,ms_max,gbps,pct,pct_peak,spills"
echo "\"GPU\",1,1,cudaMemcpy device-to-device (float32),-,PASS,1,1,1,4000.0,100.0,80.0,0"
echo "\"GPU\",1,1,copy_kernel_float4 (float32),256,PASS,1,1,1,3900.0,97.5,78.0,0"
echo "\"GPU\",1,1,permute_nd,256x1,\$ok,1,1,1,$2,75.0,60.0,0"
echo "\"GPU\",1,1,transpose_permute,256x1,\$ok,1,1,1,$2,75.0,60.0,0"
EOF
    chmod +x "$1"
}
fake "$tmp/a" 3000.0
fake "$tmp/b" 2000.0

check() {   # name, expected exit status, a line the output must hold (fixed), command...
    local name=$1 want=$2 line=$3 out rc
    shift 3
    out=$("$@" 2>&1)
    rc=$?
    if [ "$rc" -eq "$want" ] && grep -qxF -- "$line" <<< "$out"; then
        echo "PASS  compare_trees: $name"
    else
        echo "FAIL  compare_trees: $name: exit $rc (want $want), no line \"$line\" in:"
        printf '%s\n' "$out" | sed 's/^/      /'
        status=1
    fi
}

printf '%s\n' "# a comment" "8 2,1,3,0 19x23x472x121 L" "" "4 1,0 100x200" > "$tmp/good.txt"
check "the header" 0 "case | a b" bash scripts/compare_trees.sh "$tmp/good.txt" a="$tmp/a" b="$tmp/b"
check "% of the faster copy, tag kept" 0 "8 2,1,3,0 19x23x472x121 L: 75.0 50.0" \
    bash scripts/compare_trees.sh "$tmp/good.txt" a="$tmp/a" b="$tmp/b"
check "a case with no tag" 0 "4 1,0 100x200: 75.0 50.0" \
    bash scripts/compare_trees.sh "$tmp/good.txt" a="$tmp/a" b="$tmp/b"

# KERNELS=1: a stand-in ncu that names the kernel as Nsight Compute does.
mkdir -p "$tmp/bin"
printf '%s\n' '#!/usr/bin/env bash' 'echo "==PROF== Profiling \"permute_nd_tile_8\""' \
    'echo "  permute_nd_tile_8(const unsigned long long *, unsigned long long *, nd_args) (4, 472, 23)x(256, 1, 1), Context 1"' \
    > "$tmp/bin/ncu"
chmod +x "$tmp/bin/ncu"
check "KERNELS=1 names each build's kernel" 0 "8 2,1,3,0 19x23x472x121 L: permute_nd_tile_8 permute_nd_tile_8" \
    env PATH="$tmp/bin:$PATH" KERNELS=1 bash scripts/compare_trees.sh "$tmp/good.txt" a="$tmp/a" b="$tmp/b"

printf '%s\n' "4 1,0 100x200" "2 1,0 3x3" > "$tmp/fails.txt"
check "a case that fails" 1 "2 1,0 3x3: FAIL FAIL" \
    bash scripts/compare_trees.sh "$tmp/fails.txt" a="$tmp/a" b="$tmp/b"

printf '%s\n' "4 1,0 100x200" "3 1,0 8x8" > "$tmp/bad.txt"
check "a bad element size" 2 \
    "compare_trees: $tmp/bad.txt line 2: want 'BYTES PERM SHAPE [TAG]' (e.g. 8 2,1,3,0 19x23x472x121 L), got '3 1,0 8x8  '" \
    bash scripts/compare_trees.sh "$tmp/bad.txt" a="$tmp/a"
check "not NAME=WHERE" 2 "compare_trees: '$tmp/a' is not NAME=WHERE" \
    bash scripts/compare_trees.sh "$tmp/good.txt" "$tmp/a"
check "no such build" 2 "compare_trees: $tmp/none is neither a source tree nor a program" \
    bash scripts/compare_trees.sh "$tmp/good.txt" a="$tmp/none"
printf '%s\n' '#!/usr/bin/env bash' 'echo "permute_case: no usable CUDA GPU" >&2' 'exit 3' > "$tmp/nogpu"
chmod +x "$tmp/nogpu"
check "no GPU" 1 "compare_trees: needs a GPU: permute_case: no usable CUDA GPU" \
    bash scripts/compare_trees.sh "$tmp/good.txt" a="$tmp/nogpu"
check "no case file" 2 "compare_trees: no case file '$tmp/nothing.txt'" \
    bash scripts/compare_trees.sh "$tmp/nothing.txt" a="$tmp/a"
exit "$status"
