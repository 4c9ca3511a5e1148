# scripts/sweep_svg.awk - the sweep's picture, as SVG, from its CSV:
#
#   awk -F, -v title="..." -f scripts/svg_frame.awk -f scripts/sweep_svg.awk docs/sweep-h200.csv > docs/sweep-h200.svg
#
# x: log2(rows / cols), tall matrices to the right, wide ones to the left;
# y: % of the copy ceiling. A filled dot per shape for transpose_any_shape,
# a ring for cuBLAS; the class `small` (too small to measure DRAM alone)
# in grey. `note` is printed under the title. Plain awk, so `make sweep`
# needs no plotting tool.
function px(v) { return 70 + (v - xmin) / (xmax - xmin) * 860 }
NR > 1 {
    n++
    x[n] = log($2 / $3) / log(2); any[n] = $9; cub[n] = $10; small[n] = $1 == "small"
    if (n == 1 || x[n] < xmin) xmin = x[n]
    if (n == 1 || x[n] > xmax) xmax = x[n]
}
END {
    xmin = int(xmin) - 1; xmax = int(xmax) + 1
    svg_frame(title, note)
    for (v = xmin; v <= xmax; v += 2)
        printf "<text x=\"%.1f\" y=\"458\" text-anchor=\"middle\">%d</text>\n", px(v), v
    printf "<text x=\"500\" y=\"480\" text-anchor=\"middle\">log2(rows / cols): wide matrices left, tall right</text>\n"
    printf "<text x=\"20\" y=\"240\" transform=\"rotate(-90 20 240)\" text-anchor=\"middle\">%% of the copy ceiling</text>\n"
    for (i = 1; i <= n; i++) {
        printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"/>", px(x[i]), py(cub[i]), small[i] ? "#999" : "#d62728"
        printf "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"/>\n", px(x[i]), py(any[i]), small[i] ? "#999" : "#3b75af"
    }
    printf "<circle cx=\"700\" cy=\"56\" r=\"4\" fill=\"#3b75af\"/><text x=\"710\" y=\"60\">transpose_any_shape</text>\n"
    printf "<circle cx=\"850\" cy=\"56\" r=\"5\" fill=\"none\" stroke=\"#d62728\" stroke-width=\"1.5\"/><text x=\"860\" y=\"60\">cublasSgeam</text>\n"
    printf "</svg>\n"
}
