#!/usr/bin/env bash
# tests/check_profile.sh - the profile table parser (scripts/profile_table.awk)
# on a saved Nsight Compute output, so it is tested without a GPU.
#
# tests/data/ncu-chapter7.txt is what `make profile-chapter7` recorded on a
# GPU (ncu --csv plus the program's own --check lines; scripts/profile.sh
# saves it as build/profile-chapter7.txt). One line per check: PASS or FAIL.
set -u
cd "$(dirname "$0")/.." || exit 1
saved=tests/data/ncu-chapter7.txt
names="copy_shared_tile transpose_shared_tile transpose_padded_tile transpose_swizzled_tile"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT

ok() { echo "PASS  profile parser: $1"; }
no() { echo "FAIL  profile parser: $1: $2"; status=1; }
status=0

if [ ! -f "$saved" ]; then
    echo "FAIL  profile parser: $saved is missing"
    exit 1
fi

# The table from the saved output: four rows, the conflicts where they belong.
if awk -v rows="$names" -f scripts/profile_table.awk "$saved" > "$tmp/table" 2> "$tmp/err"; then
    ok "a complete ncu output gives a table and exit 0"
else
    no "a complete ncu output gives a table and exit 0" "$(head -n 3 "$tmp/err")"
fi
# Column 5 is shared-load wavefronts per instruction: 32-way conflicts in
# the unpadded tile, none in the padded one.
w_shared=$(awk '$1 == "transpose_shared_tile" { print $5 }' "$tmp/table")
w_padded=$(awk '$1 == "transpose_padded_tile" { print $5 }' "$tmp/table")
if awk -v a="${w_shared:-0}" -v b="${w_padded:-99}" 'BEGIN { exit !(a > 16 && b < 1.5) }'; then
    ok "wavefronts per shared load: $w_shared unpadded, $w_padded padded"
else
    no "wavefronts per shared load" "got '$w_shared' unpadded and '$w_padded' padded (want > 16 and < 1.5)"
fi

# A launch count that does not match the program's rows is an error.
if awk -v rows="$names transpose_extra" -f scripts/profile_table.awk "$saved" > /dev/null 2> "$tmp/err"; then
    no "a missing launch is an error" "exit 0 for 4 launches where 5 were run"
elif grep -q "4 kernel launches were profiled, the program ran 5" "$tmp/err"; then
    ok "a missing launch is an error"
else
    no "a missing launch is an error" "said: $(head -n 2 "$tmp/err")"
fi

# A row whose launch ran a kernel of another name (cuBLAS, a dispatcher)
# keeps its row name and shows the kernel it ran in the "runs" column.
renamed="copy_shared_tile cublas_sgeam transpose_padded_tile transpose_swizzled_tile"
awk -v rows="$renamed" -f scripts/profile_table.awk "$saved" > "$tmp/renamed" 2> /dev/null
if awk '$1 == "cublas_sgeam" && $NF == "transpose_shared_tile" { found = 1 } END { exit !found }' "$tmp/renamed" \
   && ! awk '$1 == "transpose_padded_tile" && NF > 10 { bad = 1 } END { exit !bad }' "$tmp/renamed"; then
    ok "a row that ran another kernel names it in the runs column"
else
    no "a row that ran another kernel names it in the runs column" "$(sed -n 2,4p "$tmp/renamed")"
fi

# A metric ncu did not report is shown as ? and is an error.
grep -v 'dram__throughput' "$saved" > "$tmp/no-dram"
if awk -v rows="$names" -f scripts/profile_table.awk "$tmp/no-dram" > /dev/null 2> "$tmp/err"; then
    no "a missing metric is an error" "exit 0 without the DRAM metric"
elif grep -q "no number for dram__throughput" "$tmp/err"; then
    ok "a missing metric is an error"
else
    no "a missing metric is an error" "said: $(head -n 2 "$tmp/err")"
fi

# No ncu lines at all (ncu could not run): exit 3, so profile.sh can say so.
grep -v '^"' "$saved" > "$tmp/no-csv"
awk -v rows="$names" -f scripts/profile_table.awk "$tmp/no-csv" > /dev/null 2>&1
rc=$?
if [ "$rc" -eq 3 ]; then ok "no ncu output at all: exit 3"; else no "no ncu output at all: exit 3" "exit $rc"; fi
exit "$status"
