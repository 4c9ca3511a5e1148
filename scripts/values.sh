#!/usr/bin/env bash
# scripts/values.sh - rewrite every number the prose quotes from a table
# (<!-- value --> markers, scripts/values.awk) from that table, in every
# file that has one. `make lessons` and `make sweep` run it after they
# regenerate tables; tests/check_values.sh checks that nobody needs to.
#
#   bash scripts/values.sh
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
for f in README.md chapters/*/*.md docs/*.md lib/*.md; do
    grep -q '<!-- value ' "$f" 2> /dev/null || continue
    awk -v mode=update -f scripts/values.awk "$f" > "$tmp"
    cmp -s "$tmp" "$f" || { cp "$tmp" "$f"; echo "values: $f follows its tables"; }
done
