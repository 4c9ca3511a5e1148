# scripts/tensor_sweep_svg.awk - the tensor sweep's picture, as SVG, from
# its CSV (scripts/tensor_sweep.sh):
#
#   awk -F, -v title="..." -f scripts/svg_frame.awk -f scripts/tensor_sweep_svg.awk docs/tensor-sweep-h200.csv
#
# One column of dots per element size (1, 2, 4, 8 bytes), the cases side
# by side within it; y: % of the copy ceiling. A filled dot per case for
# permute_nd (blue where the permutation keeps the fastest axis, whole
# rows; orange where it moves it, a tile), a ring for PyTorch's
# permute().contiguous() against its own copy, where it was measured.
# Plain awk, so `make tensor-sweep` needs no plotting tool.
NR > 1 {
    e = $1; k = ++count[e]
    pct[e, k] = $9; torch[e, k] = $12; rows[e, k] = $5 == "yes"
}
END {
    svg_frame(title, note)
    split("1 2 4 8", sizes, " ")
    for (s = 1; s <= 4; s++) {
        e = sizes[s]; x0 = 70 + (s - 1) * 215; w = 195
        printf "<text x=\"%.1f\" y=\"458\" text-anchor=\"middle\">%d-byte elements (%d cases)</text>\n", x0 + w / 2, e, count[e]
        for (k = 1; k <= count[e]; k++) {
            x = x0 + 10 + (count[e] > 1 ? (k - 1) * (w - 20) / (count[e] - 1) : (w - 20) / 2)
            if (torch[e, k] != "")
                printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"none\" stroke=\"#d62728\" stroke-width=\"1.5\"/>", x, py(torch[e, k])
            printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"/>\n", x, py(pct[e, k]), rows[e, k] ? "#3b75af" : "#ff7f0e"
        }
    }
    printf "<text x=\"20\" y=\"240\" transform=\"rotate(-90 20 240)\" text-anchor=\"middle\">%% of the copy ceiling</text>\n"
    printf "<circle cx=\"560\" cy=\"56\" r=\"4\" fill=\"#3b75af\"/><text x=\"570\" y=\"60\">permute_nd, rows</text>\n"
    printf "<circle cx=\"690\" cy=\"56\" r=\"4\" fill=\"#ff7f0e\"/><text x=\"700\" y=\"60\">permute_nd, tile</text>\n"
    printf "<circle cx=\"810\" cy=\"56\" r=\"5\" fill=\"none\" stroke=\"#d62728\" stroke-width=\"1.5\"/><text x=\"820\" y=\"60\">PyTorch</text>\n"
    printf "</svg>\n"
}
