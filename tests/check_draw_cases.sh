#!/usr/bin/env bash
# tests/check_draw_cases.sh - scripts/draw_cases.c draws what its filters
# ask for (no GPU needed).
#
#   BUILD=build/... bash tests/check_draw_cases.sh   (tests/run.sh runs it in `make test`)
#
# The same --seed must give the same cases, another --seed others; every case
# of a filtered draw must have the plan asked for (its own --plan says,
# from problem.h's tp_problem_plan) and an input within --bytes; a filter
# nothing passes must exit 1, bad arguments 2. One PASS or FAIL line each.
set -u
cd "$(dirname "$0")/.." || exit 1
prog=${BUILD:?run me from tests/run.sh, or set BUILD}/scripts/draw_cases
if [ ! -x "$prog" ]; then
    echo "FAIL  draw_cases: $prog was not built"
    exit 1
fi
status=0
ok() { echo "PASS  draw_cases: $1"; }
bad() { echo "FAIL  draw_cases: $1"; status=1; }

a=$("$prog" --seed 5 --count 6) b=$("$prog" --seed 5 --count 6) c=$("$prog" --seed 6 --count 6)
if [ -n "$a" ] && [ "$a" = "$b" ] && [ "$a" != "$c" ] && [ "$(wc -l <<< "$a")" -eq 6 ]; then
    ok "--seed 5 draws the same 6 cases again, --seed 6 others"
else
    bad "--seed 5 gave '$a', then '$b'; --seed 6 gave '$c'"
fi

# Tiles of doubles with 17 to 31 rows and two other axes, inputs of 1 to 2 MB.
cases=$("$prog" --seed 11 --count 12 --elem 8 --kind tile --rows 17-31 --others 2 \
    --bytes 1000000-2000000 --tag T)
n=0 wrong=""
while read -r e perm shape tag; do
    n=$((n + 1))
    plan=$("$prog" --plan "$e" "$perm" "$shape")
    bytes=$(awk -v e="$e" -v s="$shape" 'BEGIN { n = split(s, d, "x"); p = e; for (i = 1; i <= n; i++) p *= d[i]; print p }')
    if ! [[ "$plan" =~ ^tile\ ([0-9]+)\ x\ [0-9]+.*,\ 2\ other\ axes$ ]] ||
        [ "${BASH_REMATCH[1]}" -lt 17 ] || [ "${BASH_REMATCH[1]}" -gt 31 ] || [ "$e" != 8 ] ||
        [ "$tag" != T ] || [ "$bytes" -lt 1000000 ] || [ "$bytes" -gt 2000000 ]; then
        wrong+=" [$e $perm $shape $tag: $plan, $bytes bytes]"
    fi
done <<< "$cases"
if [ "$n" -eq 12 ] && [ -z "$wrong" ]; then
    ok "12 tiles of doubles, 17 to 31 rows, two other axes, 1 to 2 MB, tagged"
else
    bad "filtered draw: $n cases, these wrong:$wrong"
fi

# Inputs of 1000 to 1100 bytes: the last side rounds the product up, so
# many raw draws fall outside and must be drawn again.
out=$("$prog" --seed 9 --count 20 --bytes 1000-1100 |
    awk '{ n = split($3, d, "x"); p = $1; for (i = 1; i <= n; i++) p *= d[i]
           if (p < 1000 || p > 1100) bad++ } END { print NR, bad + 0 }')
if [ "$out" = "20 0" ]; then
    ok "20 inputs of 1000 to 1100 bytes"
else
    bad "inputs of 1000 to 1100 bytes: cases and misses '$out' (want '20 0')"
fi

cases=$("$prog" --seed 4 --count 8 --kind tile --split rows --elem 1,2)
wrong=""
while read -r e perm shape; do
    plan=$("$prog" --plan "$e" "$perm" "$shape")
    [[ "$plan" == *"rows over 2 axes"* ]] && [[ "$e" == [12] ]] || wrong+=" [$e $perm $shape: $plan]"
done <<< "$cases"
if [ "$(wc -l <<< "$cases")" -eq 8 ] && [ -z "$wrong" ]; then
    ok "8 tiles of 1 and 2-byte elements, rows split"
else
    bad "split draw: these wrong:$wrong"
fi

out=$("$prog" --seed 1 --count 3 --kind tile --rows 0-1 --tries 200 2>&1)
rc=$?
if [ "$rc" -eq 1 ] && [[ "$out" == *"only 0 of 3 cases passed in 200 draws"* ]]; then
    ok "a filter nothing passes: exit 1 and says so"
else
    bad "a filter nothing passes: exit $rc, said '$out'"
fi

for args in "--count 3" "--seed 1 --rows 3" "--seed 1 --elem 3" "--seed 1 --frob 2" "--seed 1 --kind wide"; do
    out=$("$prog" $args 2>&1)
    rc=$?
    if [ "$rc" -eq 2 ] && [[ "$out" == "draw_cases: "* ]] && [ "$(wc -l <<< "$out")" -eq 1 ]; then
        ok "refuses $args (exit 2, one line)"
    else
        bad "$args: exit $rc, said '$out' (want exit 2, one line)"
    fi
done
exit "$status"
