#!/usr/bin/env bash
# scripts/bench_summary.sh - the short results table of README.md, from
# every docs/bench-<gpu>.csv that `make bench` wrote (one per GPU): at
# SHAPE (8192x8192), the copy ceiling, the best kernel of each chapter and
# cuBLAS, with one pair of columns per GPU. scripts/bench.sh runs it and
# puts its output into README.md; it needs no GPU.
#
# "Best kernel" of a chapter: the fastest correct transpose_* row (for
# chapter 1, which only copies, the fastest copy) among the kernels the
# chapter introduces (a chapter's run repeats earlier chapters' kernels to
# compare; those count where they first appear), in that chapter's own
# run; chapter 5's sweep of earlier kernels counts, at every block shape.
#
#   bash scripts/bench_summary.sh            the markdown table
#   FORMAT=tsv bash scripts/bench_summary.sh  the same numbers for a plot:
#       a header line "chapter<TAB>gpu1<TAB>gpu2...", then one line per
#       chapter, "label (kernel)<TAB>pct<TAB>pct..." (scripts/plot.sh)
set -euo pipefail
cd "$(dirname "$0")/.."

shape=${SHAPE:-8192x8192}
format=${FORMAT:-markdown}
csvs=$(ls docs/bench-*.csv 2> /dev/null || true)
if [ -z "$csvs" ]; then
    echo "bench_summary: no docs/bench-*.csv: run make bench on a GPU machine" >&2
    exit 1
fi

[ "$format" = tsv ] || {
echo "At $shape float32, each kernel as % of the copy ceiling measured in the same"
echo "run (the faster of \`cudaMemcpy\` and the harness's float4 copy kernel), from"
echo "\`make bench\`. The PyTorch and CuPy rows are what a Python user gets without"
echo "this tutorial, against PyTorch's own copy in the same process"
printf '(scripts/frameworks.py). Every kernel and shape, with dates, is on the results pages:'
for f in $csvs; do
    t=${f#docs/bench-}; t=${t%.csv}
    printf ' [%s](docs/results-%s.md)' "$t" "$t"
done
echo "."
echo
}

titles=$(for d in chapters/[0-9][0-9]_*/; do d=${d%/}; d=${d#chapters/}; printf '%s ' "$d"; done)
# shellcheck disable=SC2086
awk -F, -v sh="$shape" -v titles="$titles" -v format="$format" '
    FNR == 1 { g = ++gpus; next }
    $1 != sh || $8 != "PASS" { next }
    {
        name[g] = $3; gsub(/"/, "", name[g])
        if ($2 == "frameworks") {          # what a user would otherwise call
            if ($6 == "torch_t_contiguous") { best[g, "torch"] = "x.t().contiguous()"; pct[g, "torch"] = $13 }
            if ($6 == "cupy_ascontiguousarray_T") { best[g, "cupy"] = "ascontiguousarray(x.T)"; pct[g, "cupy"] = $13 }
            next
        }
        ch = $2; sub("chapter", "", ch); ch += 0
        if (ch > chapters) chapters = ch
        if (!((g, $6) in home)) home[g, $6] = ch    # the chapter that introduces it
        if ($6 == "cudaMemcpy device-to-device" || $6 == "copy_kernel_float4") {
            if ($13 + 0 >= 99.95 && !((g, "ceil") in best)) {
                best[g, "ceil"] = ($6 == "copy_kernel_float4" ? "copy kernel (float4)" : "cudaMemcpy")
                pct[g, "ceil"] = sprintf("%.0f GB/s", $12)
            }
            next
        }
        if ($6 == "cublas_sgeam") {
            if (!((g, "lib") in best)) { best[g, "lib"] = "cublasSgeam"; pct[g, "lib"] = $13 }
            next
        }
        wanted = (ch == 1) ? ($6 ~ /^copy_/) : ($6 ~ /^transpose_/)
        wanted = wanted && (home[g, $6] == ch || ch == 5)
        if (wanted && (!((g, ch) in best) || $13 + 0 > pct[g, ch] + 0)) {
            best[g, ch] = $6 ($2 == "chapter5" ? " " $7 : ""); pct[g, ch] = $13
        }
    }
    function row(label, key,    i) {
        if (format == "tsv") {
            if (key == "ceil" || key == "cupy") return
            printf "%s (%s)", label, best[1, key]
            for (i = 1; i <= gpus; i++) printf "\t%s", ((i, key) in pct) ? pct[i, key] : "0"
            printf "\n"
            return
        }
        printf "| %s |", label
        for (i = 1; i <= gpus; i++)
            printf " %s | %s |", ((i, key) in best) ? "`" best[i, key] "`" : "-", ((i, key) in pct) ? pct[i, key] : ""
        printf "\n"
    }
    END {
        if (format == "tsv") {
            printf "chapter"
            for (i = 1; i <= gpus; i++) printf "\t%s", name[i]
            printf "\n"
        } else {
        printf "| chapter |"
        for (i = 1; i <= gpus; i++) printf " %s: best kernel | %% of copy |", name[i]
        printf "\n| --- |"
        for (i = 1; i <= gpus; i++) printf " --- | ---: |"
        printf "\n"
        }
        row("copy ceiling", "ceil")
        split(titles, t, " ")
        for (c = 1; c <= chapters; c++) {
            label = t[c]; sub(/^0/, "", label); sub(/_/, " ", label); gsub(/_/, " ", label)
            row(label, c)
        }
        row("cuBLAS", "lib")
        row("PyTorch", "torch")
        row("CuPy", "cupy")
    }' $csvs
