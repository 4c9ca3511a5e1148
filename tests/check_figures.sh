#!/usr/bin/env bash
# tests/check_figures.sh - the committed figures (docs/figures/*.svg) are what
# `make figures` draws from the kernels' index arithmetic today: if a kernel's
# arithmetic or the generator changed, the figure must be redrawn. No GPU
# needed. One line per figure: PASS or FAIL.
set -u
cd "$(dirname "$0")/.." || exit 1
gen=${BUILD:?run me from tests/run.sh, or set BUILD}/scripts/figures
if [ ! -x "$gen" ]; then
    echo "FAIL  figures: $gen was not built"
    exit 1
fi
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
"$gen" "$tmp" || { echo "FAIL  figures: $gen failed"; exit 1; }
status=0
for new in "$tmp"/*.svg; do
    name=$(basename "$new")
    if [ ! -f "docs/figures/$name" ]; then
        echo "FAIL  figures: docs/figures/$name is missing: run make figures"; status=1
    elif cmp -s "$new" "docs/figures/$name"; then
        echo "PASS  figures: docs/figures/$name is current"
    else
        echo "FAIL  figures: docs/figures/$name is out of date: run make figures"; status=1
    fi
done
exit "$status"
