# scripts/svg_frame.awk - what the sweeps' pictures share: the y scale and
# the frame (white page, title, note, a grid line every 20%). Loaded before
# the picture's own script:
#
#   awk -F, -v title="..." -v note="..." -f scripts/svg_frame.awk -f scripts/sweep_svg.awk docs/sweep-h200.csv
#
# py(v): the y of v% of the copy ceiling (0 to 110% over 400 pixels).
function py(v) { return 440 - v / 110 * 400 }
# The opening <svg> tag, the title, the note and the horizontal grid.
function svg_frame(title, note,    v) {
    printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"960\" height=\"500\" font-family=\"sans-serif\" font-size=\"12\">\n"
    printf "<rect width=\"960\" height=\"500\" fill=\"white\"/>\n"
    printf "<text x=\"480\" y=\"20\" text-anchor=\"middle\" font-size=\"14\">%s: %% of the copy ceiling</text>\n", title
    printf "<text x=\"480\" y=\"36\" text-anchor=\"middle\" font-size=\"11\">%s</text>\n", note
    for (v = 0; v <= 100; v += 20) {
        printf "<line x1=\"70\" x2=\"930\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>", py(v), py(v)
        printf "<text x=\"62\" y=\"%.1f\" text-anchor=\"end\">%d</text>\n", py(v) + 4, v
    }
}
