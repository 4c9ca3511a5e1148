#!/usr/bin/env bash
# tests/check_mutants.sh - every case of tests/mutants.sh still changes
# exactly one line of its file (no GPU needed).
#
#   bash tests/check_mutants.sh      (tests/run.sh runs it in `make test`)
#
# tests/mutants.sh breaks the code on purpose and needs a GPU to see the
# checks notice; it runs on a GPU machine only (scripts/verify.sh). A
# kernel rewritten since would leave a case's line missing, and that case
# would prove nothing until the next GPU run said so. This check says so
# at once: `tests/mutants.sh --lines` prints a PASS or FAIL line a case.
# It is checked itself with a line that is not in its file.
set -u
cd "$(dirname "$0")/.." || exit 1
status=0
out=$(bash tests/mutants.sh --lines) || status=1
printf '%s\n' "$out"
# The check must be able to fail: a copy of tests/mutants.sh with one
# case's line changed to one that is nowhere, run from a tree that is
# this one but for that copy, must report that case and only that case.
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
for f in *; do [ "$f" = tests ] || ln -s "$PWD/$f" "$tmp/$f"; done
mkdir "$tmp/tests"
sed 's/"if (q < L + 16)" "if (q < L)"/"if (q < L + 17)" "if (q < L)"/' tests/mutants.sh \
    > "$tmp/tests/mutants.sh"
broken=$(bash "$tmp/tests/mutants.sh" --lines 2>&1)
if ! grep -qF '"if (q < L + 17)"' "$tmp/tests/mutants.sh"; then
    echo "FAIL  mutants --lines: the self-check's edit did not apply (tests/mutants.sh changed?)"
    status=1
elif [ "$(grep -c '^FAIL' <<< "$broken")" -eq 1 ] &&
    grep -q '^FAIL  mutant shift16_last_group: .* is not one line' <<< "$broken"; then
    echo "PASS  mutants --lines: a case whose line is gone is reported, the others are not"
else
    echo "FAIL  mutants --lines: a case whose line is gone is not reported alone: $(tr '\n' ' ' <<< "$broken" | cut -c 1-300)"
    status=1
fi
exit "$status"
