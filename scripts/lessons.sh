#!/usr/bin/env bash
# scripts/lessons.sh - regenerate the measured tables in the lessons.
#
#   make lessons          (on a machine with a GPU)
#   make lessons CH=9     only chapter 9's lesson
#
# Every .md file under chapters/ (and the top-level README.md) may hold blocks
#
#   <!-- results h200: ./chapter2 -->
#   ...anything...
#   <!-- end results -->
#
# This script runs each block's command, from the repository root, and
# replaces the block's inside with the command's output, the device it ran
# on and the date. Numbers in the lessons are never typed by hand: a
# number the prose quotes from a table sits between <!-- value -->
# markers that name its cell, and is rewritten from it at the end
# (scripts/values.awk).
# The word before the colon names the GPU the block is for: "h200" is
# updated only on a GPU whose name is "NVIDIA H200 ..." ("h100": NVIDIA
# H100 ...), so a lesson keeps one table per GPU and a run on one GPU
# leaves the other's alone. A block with no word ("<!-- results: cmd -->")
# is updated on any GPU. A command that asks for more GPUs (--gpus N) than
# the machine has is left as it is too: a table of two GPUs stays one of two.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh

if ! device=$(gpu_probe); then
    echo "lesson_results: needs a GPU ($device)" >&2
    exit 1
fi
device=${device%%,*}   # "NVIDIA H200, compute capability 9.0" -> "NVIDIA H200"
gpu=$(gpu_tag "$device")   # "NVIDIA H100 80GB HBM3" -> "h100"
today=$(date -u +%Y-%m-%d)
gpu_count=$(nvidia-smi -L 2> /dev/null | grep -c '^GPU' || true)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Which lessons: `make lessons CH=9` only chapter 9's, by default all.
if [ $# -gt 0 ]; then
    readmes=$(for n in "$@"; do printf 'chapters/%02d_*/*.md ' "$n"; done)
else
    readmes="README.md chapters/*/*.md"
fi

# shellcheck disable=SC2086
for readme in $readmes; do
    [ -f "$readme" ] || continue
    grep -qE '^<!-- results( [a-z0-9]+)?: ' "$readme" || continue
    # Run each block's command; output k goes to $tmp/k.txt ("keep": a
    # block for another GPU, left as it is).
    k=0
    while IFS='|' read -r tag cmd; do
        k=$((k + 1))
        if [ -n "$tag" ] && [ "$tag" != "$gpu" ]; then
            echo keep > "$tmp/$k.txt"
            continue
        fi
        wants=$(printf '%s\n' "$cmd" | sed -nE 's/.*--gpus[ =]([0-9]+).*/\1/p')
        if [ -n "$wants" ] && [ "$wants" -gt "$gpu_count" ]; then
            echo "lesson_results: $readme: $cmd: kept (this machine has $gpu_count GPU(s))" >&2
            echo keep > "$tmp/$k.txt"
            continue
        fi
        echo "lesson_results: $readme: $cmd" >&2
        {
            echo "Measured on an $device on $today with \`$cmd\`"
            echo "(regenerate with \`make lessons\` on a GPU machine):"
            echo
            echo '```text'
            bash -c "$cmd" 2>&1 || echo "(this command failed with exit status $?)"
            echo '```'
        } > "$tmp/$k.txt"
    done < <(sed -nE 's/^<!-- results ?([a-z0-9]*): (.*) -->$/\1|\2/p' "$readme")
    # Splice the outputs in between the markers.
    awk -v dir="$tmp" '
        /^<!-- results ?[a-z0-9]*: .* -->$/ {
            print; k++; file = dir "/" k ".txt"
            if ((getline line < file) > 0 && line == "keep") { close(file); next }
            close(file)
            while ((getline line < file) > 0) print line
            close(file); skipping = 1; next }
        /^<!-- end results -->$/ { skipping = 0 }
        !skipping { print }
    ' "$readme" > "$tmp/readme.new"
    cp "$tmp/readme.new" "$readme"
done

# The numbers the prose quotes from the tables follow them.
bash scripts/values.sh
