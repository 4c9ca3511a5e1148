#!/usr/bin/env bash
# tests/check_sweep_summary.sh - the summary under make tensor-sweep's CSV
# (scripts/tensor_sweep_summary.sh) says what the CSV holds (no GPU
# needed).
#
#   bash tests/check_sweep_summary.sh      (tests/run.sh runs it in `make test`)
#
# Made-up CSVs of three cases: the lowest, median and highest % of the
# copy; the cases below 85%; a case where PyTorch is faster, one where
# CuPy is faster than the library, one where the library is more than 3
# points behind permute_nd; and a CSV with no framework columns, which
# must say "not measured", never "none". One PASS or FAIL line each.
set -u
cd "$(dirname "$0")/.." || exit 1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
status=0
header=elem_bytes,rank,shape,perm,keeps_last_axis,memcpy_gbps,copy_kernel_gbps,nd_gbps,pct_nd,torch_copy_gbps,torch_gbps,pct_torch,lib_gbps,pct_lib,cupy_gbps,pct_cupy

expect() {   # name, CSV file, a line the summary must print (fixed string)
    local out
    out=$(bash scripts/tensor_sweep_summary.sh "$2" 2>&1)
    if grep -qxF -- "$3" <<< "$out"; then
        echo "PASS  sweep summary: $1"
    else
        echo "FAIL  sweep summary: $1: no line \"$3\" in:"
        printf '%s\n' "$out" | sed 's/^/      /'
        status=1
    fi
}

# All measured, none faster: 90.0, 95.0 and 80.0% of the copy.
{
    echo "$header"
    echo "4,2,100x200,10,no,3000.0,3000.0,2700.0,90.0,3000.0,900.0,30.0,2690.0,89.7,800.0,26.7"
    echo "1,3,5x6x7,120,no,3000.0,3000.0,2850.0,95.0,3000.0,300.0,10.0,2850.0,95.0,250.0,8.3"
    echo "2,2,9x10,10,no,3000.0,3000.0,2400.0,80.0,3000.0,600.0,20.0,2400.0,80.0,700.0,23.3"
} > "$tmp/none.csv"
expect "lowest, median, highest" "$tmp/none.csv" \
    "permute_nd, % of the copy ceiling, 3 cases: min 80.0, median 90.0, max 95.0"
expect "a case below 85%" "$tmp/none.csv" "  2-byte 9x10 perm (10): 80.0%"
expect "PyTorch measured and never faster: none of 3" "$tmp/none.csv" \
    "cases where PyTorch is faster: none of the 3 measured"
expect "frameworks measured and never faster than the library" "$tmp/none.csv" \
    "cases where PyTorch or CuPy is faster than the library: none of the 3 measured"
expect "the library within 3 points" "$tmp/none.csv" \
    "cases where the library is more than 3 points behind permute_nd: none"

# PyTorch faster on one, CuPy faster than the library on another, the
# library 5 points behind permute_nd on a third.
{
    echo "$header"
    echo "4,2,100x200,10,no,3000.0,3000.0,2100.0,70.0,3000.0,2400.0,80.0,2100.0,70.0,800.0,26.7"
    echo "1,3,5x6x7,120,no,3000.0,3000.0,2850.0,95.0,3000.0,300.0,10.0,2700.0,90.0,2800.0,93.3"
    echo "2,2,9x10,10,no,3000.0,3000.0,2700.0,90.0,3000.0,600.0,20.0,2700.0,90.0,700.0,23.3"
} > "$tmp/some.csv"
expect "PyTorch faster on one case" "$tmp/some.csv" \
    "  4-byte 100x200 perm (10): permute_nd 2100.0 GB/s, PyTorch 2400.0"
expect "CuPy faster than the library on one case" "$tmp/some.csv" \
    "  1-byte 5x6x7 perm (120): library 2700.0 GB/s, CuPy 2800.0"
expect "the library more than 3 points behind on one case" "$tmp/some.csv" \
    "  1-byte 5x6x7 perm (120): 90.0%, permute_nd 95.0%"

# No PyTorch here: the framework columns are empty.
{
    echo "$header"
    echo "4,2,100x200,10,no,3000.0,3000.0,2700.0,90.0,,,,2690.0,89.7,,"
    echo "1,3,5x6x7,120,no,3000.0,3000.0,2850.0,95.0,,,,2850.0,95.0,,"
} > "$tmp/bare.csv"
expect "no PyTorch column: not measured, not none" "$tmp/bare.csv" \
    "cases where PyTorch is faster: not measured (no PyTorch column)"
expect "no framework columns: not measured, not none" "$tmp/bare.csv" \
    "cases where PyTorch or CuPy is faster than the library: not measured (no PyTorch or CuPy column)"

if bash scripts/tensor_sweep_summary.sh "$tmp/missing.csv" > /dev/null 2>&1; then
    echo "FAIL  sweep summary: a CSV that does not exist was accepted"
    status=1
else
    echo "PASS  sweep summary: a CSV that does not exist is refused"
fi
exit "$status"
