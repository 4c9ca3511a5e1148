#!/usr/bin/env bash
# scripts/compare_trees.sh - chapter 11's permute_nd on the same cases in
# several builds, as one table: how chapter 11's NOTES.md compares a
# change with the code before it (needs a GPU).
#
#   bash scripts/compare_trees.sh CASES NAME=WHERE [NAME=WHERE ...]
#
#   git worktree add /tmp/old HEAD~1
#   bash scripts/compare_trees.sh cases.txt old=/tmp/old new=.
#
# CASES: a file of cases, one a line: element bytes, permutation, shape
# and an optional tag (blank lines and lines from # are skipped):
#   8 2,1,3,0 19x23x472x121 L
# WHERE: a source tree of this repository, whose permute_case
# (scripts/permute_case.cu) is built there first with make, or that
# program itself, already built.
#
# Each case runs in every build in turn (permute_case --reps REPS --csv,
# REPS 10 unless set), so that the GPU's clocks drift alike for all of
# them. A column is permute_nd's GB/s in % of the faster copy of the same
# run (cudaMemcpy or the copy kernel), the figure the sweeps use:
#   case | old new
#   8 2,1,3,0 19x23x472x121 L: 74.1 80.2
# A case that does not PASS shows FAIL in its column, and the script
# exits 1 after the table. With KERNELS=1, Nsight Compute (ncu) then names
# the kernel that each build ran for each case (one launch, --check).
# Bad arguments or case lines: a message and exit 2, before any build.
set -u
. "$(dirname "$0")/lib.sh"   # find_cuda_tool; the paths given stay the caller's

usage() {
    echo "compare_trees: $1" >&2
    echo "usage: bash scripts/compare_trees.sh CASES NAME=WHERE [NAME=WHERE ...]" >&2
    exit 2
}

[ $# -ge 2 ] || usage "give a case file and at least one NAME=WHERE"
cases=$1
shift
[ -f "$cases" ] || usage "no case file '$cases'"
reps=${REPS:-10}
[[ "$reps" =~ ^[1-9][0-9]*$ ]] || usage "REPS must be a positive number, not '$reps'"

# The cases, checked before anything is built.
n=0
while read -r e perm shape tag extra; do
    n=$((n + 1))
    [ -z "$e" ] || [[ "$e" == \#* ]] && continue
    if [[ ! "$e" =~ ^(1|2|4|8)$ ]] || [[ ! "$perm" =~ ^[0-9]+(,[0-9]+)+$ ]] ||
        [[ ! "$shape" =~ ^[0-9]+(x[0-9]+)*$ ]] || [ -n "$extra" ]; then
        usage "$cases line $n: want 'BYTES PERM SHAPE [TAG]' (e.g. 8 2,1,3,0 19x23x472x121 L), got '$e $perm $shape $tag $extra'"
    fi
done < "$cases"

# The builds: a name and a permute_case program each.
names=() progs=()
for arg in "$@"; do
    name=${arg%%=*} where=${arg#*=}
    [ "$name" != "$arg" ] && [ -n "$name" ] && [ -n "$where" ] ||
        usage "'$arg' is not NAME=WHERE"
    if [ -d "$where" ]; then
        [ -f "$where/scripts/permute_case.cu" ] || usage "$where is not a source tree of this repository"
        build=$(make -C "$where" -s --no-print-directory print-build-dir) ||
            usage "make print-build-dir failed in $where"
        echo "compare_trees: building $name ($where)" >&2
        make -C "$where" -s -j"$(nproc 2> /dev/null || echo 4)" "$build/scripts/permute_case" >&2 ||
            { echo "compare_trees: the build of $name failed" >&2; exit 1; }
        prog=$(cd "$where" && pwd)/$build/scripts/permute_case
    elif [ -x "$where" ]; then
        prog=$(cd "$(dirname "$where")" && pwd)/$(basename "$where")
    else
        usage "$where is neither a source tree nor a program"
    fi
    names+=("$name") progs+=("$prog")
done

# permute_nd's % of the faster copy, from permute_case's CSV on stdin;
# FAIL where a row is not PASS or permute_nd is missing.
percent() {
    awk -F, '
        NR > 1 && $6 != "PASS" { bad = 1 }
        NR > 1 && $4 ~ /^cudaMemcpy/ { m = $10 }
        NR > 1 && $4 ~ /^copy_kernel/ { v = $10 }
        NR > 1 && $4 == "permute_nd" { g = $10 }
        END {
            ceil = m > v ? m : v
            if (bad || g == "" || ceil <= 0) print "FAIL"
            else printf "%.1f\n", 100 * g / ceil
        }'
}

status=0
err=$(mktemp) || exit 1
trap 'rm -f "$err"' EXIT
echo "case | ${names[*]}"
while read -r e perm shape tag _; do
    [ -z "$e" ] || [[ "$e" == \#* ]] && continue
    row=""
    for prog in "${progs[@]}"; do
        csv=$("$prog" --perm "$perm" --elem "$e" --size "$shape" --reps "$reps" --csv 2> "$err")
        if [ $? -eq 3 ]; then   # permute_case's exit status where no GPU can run it
            echo "compare_trees: needs a GPU: $(head -n 1 "$err")" >&2
            exit 1
        fi
        p=$(percent <<< "$csv")
        [ "$p" = FAIL ] && status=1
        row+=" $p"
    done
    echo "$e $perm $shape${tag:+ $tag}:$row"
done < "$cases"

if [ "${KERNELS:-0}" = 1 ]; then
    ncu=$(find_cuda_tool ncu) || { echo "compare_trees: Nsight Compute (ncu) not found" >&2; exit 1; }
    echo "kernels (ncu, one launch each):"
    while read -r e perm shape tag _; do
        [ -z "$e" ] || [[ "$e" == \#* ]] && continue
        row=""
        for prog in "${progs[@]}"; do
            k=$("$ncu" --metrics gpu__time_duration.sum -k regex:permute_nd --launch-count 1 \
                "$prog" --perm "$perm" --elem "$e" --size "$shape" --check --kernel permute_nd 2>&1 |
                awk '/^  permute_nd/ { sub(/^  /, ""); sub(/\(.*/, ""); print; exit }')
            row+=" ${k:-?}"
        done
        echo "$e $perm $shape${tag:+ $tag}:$row"
    done < "$cases"
fi
exit "$status"
