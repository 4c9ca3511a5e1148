#!/usr/bin/env bash
# scripts/tensor_sweep_summary.sh - the summary make tensor-sweep prints
# under its CSV: permute_nd's and the library's % of the copy (lowest,
# median, highest), the cases below 85%, the library's cases more than 3
# points behind permute_nd, and the cases where PyTorch or CuPy is faster
# in GB/s. Where a framework was not measured (no PyTorch installed) it
# says so, rather than "none".
#
#   bash scripts/tensor_sweep_summary.sh docs/tensor-sweep-h100.csv
#
# tests/check_sweep_summary.sh checks it on CSVs made up for the purpose.
set -u
[ -f "${1:-}" ] || { echo "usage: bash scripts/tensor_sweep_summary.sh FILE.csv" >&2; exit 1; }
# The median of a[1..n], sorted; both summaries below use it.
median='function median(a, n) { return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }'
sort -t, -k9,9n <(tail -n +2 "$1") | awk -F, "$median"'
    { n++; a[n] = $9
      if ($9 < 85) low = low sprintf("\n  %s-byte %s perm (%s): %.1f%%", $1, $3, $4, $9)
      if ($11 != "") torch++
      if ($11 != "" && $11 > $8) slow = slow sprintf("\n  %s-byte %s perm (%s): permute_nd %.1f GB/s, PyTorch %.1f", $1, $3, $4, $8, $11) }
    END {
        printf "permute_nd, %% of the copy ceiling, %d cases: min %.1f, median %.1f, max %.1f\n",
               n, a[1], median(a, n), a[n]
        printf "cases below 85%%: %s\n", low == "" ? "none" : low
        printf "cases where PyTorch is faster: %s\n",
               slow != "" ? slow : torch ? sprintf("none of the %d measured", torch) : "not measured (no PyTorch column)"
    }'
sort -t, -k14,14n <(tail -n +2 "$1") | awk -F, "$median"'
    $13 != "" { n++; a[n] = $14
      if ($9 - $14 > 3) behind = behind sprintf("\n  %s-byte %s perm (%s): %.1f%%, permute_nd %.1f%%", $1, $3, $4, $14, $9)
      if ($11 != "" || $15 != "") other++
      if ($11 != "" && $11 > $13) slow = slow sprintf("\n  %s-byte %s perm (%s): library %.1f GB/s, PyTorch %.1f", $1, $3, $4, $13, $11)
      if ($15 != "" && $15 > $13) slow = slow sprintf("\n  %s-byte %s perm (%s): library %.1f GB/s, CuPy %.1f", $1, $3, $4, $13, $15) }
    END {
        if (n == 0) { print "the library (transpose_permute): not in this CSV"; exit }
        printf "the library (transpose_permute), %% of the copy ceiling, %d cases: min %.1f, median %.1f, max %.1f\n",
               n, a[1], median(a, n), a[n]
        printf "cases where the library is more than 3 points behind permute_nd: %s\n", behind == "" ? "none" : behind
        printf "cases where PyTorch or CuPy is faster than the library: %s\n",
               slow != "" ? slow : other ? sprintf("none of the %d measured", other) : "not measured (no PyTorch or CuPy column)"
    }'
