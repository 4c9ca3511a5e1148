#!/usr/bin/env bash
# tests/check_values.sh - every number the prose quotes from a table is
# that table's (no GPU needed).
#
#   bash tests/check_values.sh         (tests/run.sh runs it in `make test`)
#
# Numbers quoted from a results block or a sweep's CSV are written between
# <!-- value ... --> markers that name their cell (scripts/values.awk says
# how); `make lessons` rewrites them with every table it regenerates. This
# checks every marker of the lessons, README.md, docs/ and lib/ against the
# table it names, so a table regenerated, or a number edited, without the
# other fails `make test`. It first proves it can fail: a copy of a lesson
# with one quoted number changed must be refused.
# One line per file with markers, and the self-test: PASS or FAIL.
set -u
cd "$(dirname "$0")/.." || exit 1
status=0
files=0

for f in README.md chapters/*/*.md docs/*.md lib/*.md; do
    [ -f "$f" ] || continue
    grep -q '<!-- value ' "$f" || continue
    files=$((files + 1))
    if out=$(awk -v mode=check -f scripts/values.awk "$f" 2>&1); then
        echo "PASS  values: $out"
    else
        echo "FAIL  values: $f quotes numbers its tables do not hold:"
        printf '%s\n' "$out" | sed 's/^/      /'
        status=1
    fi
done
if [ "$files" -eq 0 ]; then
    echo "FAIL  values: no file quotes a table through a <!-- value --> marker"
    status=1
fi

# The self-test: a copy of a lesson whose first quoted number is -1,
# which no table holds.
f=$(grep -l '<!-- value ' chapters/*/*.md | head -n 1)
if [ -n "$f" ]; then
    tmp=$(mktemp -d) || exit 1
    mkdir -p "$tmp/$(dirname "$f")"
    cp -r docs "$tmp/"   # the sweeps a marker may name
    sed '0,/-->[^<]*<!-- \/value -->/s//-->-1<!-- \/value -->/' "$f" > "$tmp/$f"
    if cmp -s "$f" "$tmp/$f"; then
        echo "FAIL  values: the self-test could not change a number of $f"
        status=1
    elif (cd "$tmp" && awk -v mode=check -f "$OLDPWD/scripts/values.awk" "$f" > /dev/null 2>&1); then
        echo "FAIL  values: a quoted number changed in a copy of $f went through: the check cannot fail"
        status=1
    else
        echo "PASS  values: a quoted number changed in a copy of $f is refused"
    fi
    rm -rf "$tmp"
fi
# The lines of a test file (given by number) that still pass the check
# once their marker's number is changed to -1: each should be refused.
let_through() {
    local file=$1 k
    shift
    for k in "$@"; do
        sed "${k}s/-->[^<]*<!-- \/value -->/-->-1<!-- \/value -->/" "$file" > "$file.bad"
        awk -v mode=check -f scripts/values.awk "$file.bad" > /dev/null 2>&1 && printf ' %s' "$k"
    done
    rm -f "$file.bad"
}
# A fixture's verdict: every marker of it reads its table's number, and
# each of the given lines, its number changed, is refused. Prints the
# FAIL line (and sets status) and returns 1, or prints nothing.
fixture_fails() {   # file, what the fixture tests, line numbers...
    local file=$1 what=$2 out missed
    shift 2
    missed=$(let_through "$file" "$@")
    if ! out=$(awk -v mode=check -f scripts/values.awk "$file" 2>&1); then
        echo "FAIL  values: $what misread:"
        printf '%s\n' "$out" | sed 's/^/      /'
    elif [ -n "$missed" ]; then
        echo "FAIL  values: $what: a wrong number went through (lines$missed of the test file)"
    else
        return 1
    fi
    status=1
}

# The CSV filters on a table of four rows whose answers are known.
tmp=$(mktemp -d) || exit 1
printf 'class,pct_any,pct_cublas\nrandom,80.0,85.0\nrandom,95.0,90.0\nsquare,91.0,92.0\nsmall,70.0,99.0\n' > "$tmp/s.csv"
m() { printf '<!-- value csv %s | %s -->%s<!-- /value -->\n' "$tmp/s.csv" "$1" "$2"; }
{
    m "class!=small | count" 3
    m "class!=small & pct_any<90 | count" 1
    m "class!=small & pct_cublas>pct_any | count" 2
    m "class=random,square | median pct_any" 91.0
    m "class=small | max pct_cublas" 99.0
    m "pct_any<pct_cublas-3 | count" 2
    m "pct_any>pct_cublas+4 | count" 1
} > "$tmp/good.md"
# Each line with its number changed must be refused: a marker the check
# skipped (as one holding ">" once was) would let it through.
fixture_fails "$tmp/good.md" "the CSV filters on a table of four rows" 1 2 3 4 5 6 7 ||
    echo "PASS  values: the CSV filters (=, !=, <, column > column, column - 3, &) count and pick the right rows"
rm -rf "$tmp"
# Markers whose command holds "--" (an option) and a profile row with "-"
# columns: each was once skipped without a word, so a stale number under
# it went through. A wrong number must be refused, and so must a marker the
# check cannot read at all.
tmp=$(mktemp -d) || exit 1
{
    echo '<!-- results h100: make -s --no-print-directory profile-chapter6 -->'
    echo 'naive_col      32x8     0     0     -     -   32.00    4.00     0    43.1'
    echo '<!-- end results -->'
    echo '<!-- value h100 make -s --no-print-directory profile-chapter6 | naive_col | sectors load -->32.00<!-- /value -->'
    echo '<!-- value h100 make -s --no-print-directory profile-chapter6 | naive_col | DRAM %peak -->43.1<!-- /value -->'
} > "$tmp/good.md"
sed '4s/<!-- \/value -->/<!-- \/valeu -->/' "$tmp/good.md" > "$tmp/unread.md"
if fixture_fails "$tmp/good.md" "markers on a command with options, or on a profile row," 4 5; then
    :
elif awk -v mode=check -f scripts/values.awk "$tmp/unread.md" > /dev/null 2>&1; then
    echo "FAIL  values: a marker the check cannot read went through"
    status=1
else
    echo "PASS  values: markers on commands with options and on profile rows are read; one that cannot be read is refused"
fi
rm -rf "$tmp"
# Chapter 12's table: %link (n/a on one GPU) where the others have %copy,
# %copy where they have %peak, and its step lines, read as rows with one
# column, ms. A wrong number under each must be refused.
tmp=$(mktemp -d) || exit 1
{
    echo '<!-- results h200: ./chapter12 --gpus 2 -->'
    echo 'nccl_three_steps       1    21.2983  21.2572-21.3478       1613    50.9%    18.7%'
    echo 'peer_stores            -    13.7443  13.7308-13.7680       2500      n/a    58.1%'
    echo '  2. exchange           12.6897 ms  ncclAlltoAll, from the end of the GPU'"'"'s own'
    echo '  exchanges     19.9738 ms'
    echo '<!-- end results -->'
    echo '<!-- value h200 ./chapter12 --gpus 2 | nccl_three_steps | %link -->50.9<!-- /value -->'
    echo '<!-- value h200 ./chapter12 --gpus 2 | nccl_three_steps | %copy -->18.7<!-- /value -->'
    echo '<!-- value h200 ./chapter12 --gpus 2 | peer_stores | %copy -->58.1<!-- /value -->'
    echo '<!-- value h200 ./chapter12 --gpus 2 | 2. exchange | ms -->12.6897<!-- /value -->'
    echo '<!-- value h200 ./chapter12 --gpus 2 | exchanges | ms -->19.9738<!-- /value -->'
} > "$tmp/good.md"
fixture_fails "$tmp/good.md" "chapter 12's table (%link, %copy, step lines)" 7 8 9 10 11 ||
    echo "PASS  values: chapter 12's %link, %copy and step lines are read, a wrong number refused"
rm -rf "$tmp"
exit "$status"
