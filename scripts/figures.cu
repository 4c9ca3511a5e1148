/*
 * scripts/figures.cu - draws the lessons' figures as SVG: `make figures`.
 *
 *   make figures                        writes the SVG files into docs/figures
 *   build/.../scripts/figures DIR       the same into DIR (the test does this)
 *
 * Host code only (no GPU is needed): every picture is computed from the
 * index arithmetic of the kernel it shows. Chapter 4's block order calls
 * the very diagonal_tile() the kernels call; the others repeat one line of
 * their kernel's arithmetic, quoted beside it, and say which kernel it is.
 * tests/check_figures.sh regenerates them and fails if the committed ones
 * differ.
 *
 *   warp-access.svg   which elements and 32-byte sectors one warp touches
 *                     on a load and on a store (chapters 2 and 6)
 *   banks.svg         the bank of each element of a 32 x 32 tile and the
 *                     passes a warp's column read takes (chapters 6, 7)
 *   diagonal.svg      launch order and diagonal order of the blocks on a
 *                     5 x 3 tile grid (chapter 4)
 *   shuffle.svg       an 8 x 8 tile in a warp's registers after each
 *                     shuffle stage (chapter 8)
 *   sectors.svg       chapter 9's output windows, plain and sector-aligned
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../chapters/04_diagonal/diagonal_tile.h"

#define SECTOR_FLOATS 8   /* a 32-byte sector holds 8 floats */

/* ---- A few SVG primitives ------------------------------------------------- */

static FILE *svg_open(const char *dir, const char *name, int w, int h, const char *title)
{
    char path[512];
    FILE *f;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    f = fopen(path, "w");
    if (f == NULL) {
        fprintf(stderr, "figures: cannot write %s\n", path);
        exit(1);
    }
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
               "font-family=\"sans-serif\" font-size=\"11\">\n", w, h);
    fprintf(f, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", w, h);
    fprintf(f, "<text x=\"10\" y=\"18\" font-size=\"13\">%s</text>\n", title);
    return f;
}

static void svg_close(FILE *f)
{
    fprintf(f, "</svg>\n");
    fclose(f);
}

static void text(FILE *f, int x, int y, const char *s)
{
    fprintf(f, "<text x=\"%d\" y=\"%d\">%s</text>\n", x, y, s);
}

static void cell(FILE *f, int x, int y, int size, const char *fill, const char *label)
{
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" "
               "stroke=\"#999\" stroke-width=\"0.5\"/>", x, y, size, size, fill);
    if (label != NULL && label[0] != '\0')
        fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\">%s</text>",
                x + size / 2, y + size * 2 / 3 + 1, size * 2 / 5, label);
    fprintf(f, "\n");
}

/* One of 32 distinguishable colours, for banks. */
static const char *bank_colour(int bank)
{
    static char buf[32];
    snprintf(buf, sizeof buf, "hsl(%d,70%%,%d%%)", (bank * 11) % 360 * 1, 55 + (bank % 3) * 10);
    return buf;
}

/* ---- warp-access.svg: elements and sectors of one warp's access ------------ */

/* One panel: a window of 32 rows x 40 columns of a row-major matrix; the
 * warp's 32 elements (row[i], col[i]) are dark, every other element of a
 * 32-byte sector it touches is light. Returns the number of sectors. */
static int access_panel(FILE *f, int x0, int y0, const char *caption, const int row[32],
                        const int col[32])
{
    enum { ROWS = 32, COLS = 40, CELL = 6 };
    static char touched[ROWS][COLS], used[ROWS][COLS];
    int sectors = 0, i, r, c;
    char line[160];

    memset(touched, 0, sizeof touched);
    memset(used, 0, sizeof used);
    for (i = 0; i < 32; i++) {
        int first = col[i] / SECTOR_FLOATS * SECTOR_FLOATS;   /* rows start on a sector */
        used[row[i]][col[i]] = 1;
        if (!touched[row[i]][first])
            sectors++;
        for (c = first; c < first + SECTOR_FLOATS && c < COLS; c++)
            touched[row[i]][c] = 1;
    }
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#f4f4f4\" "
               "stroke=\"#999\"/>\n", x0, y0, COLS * CELL, ROWS * CELL);
    for (r = 0; r < ROWS; r++)
        for (c = 0; c < COLS; c++)
            if (touched[r][c])
                cell(f, x0 + c * CELL, y0 + r * CELL, CELL, used[r][c] ? "#1f4e9c" : "#b9cdf0",
                     NULL);
    for (c = 0; c <= COLS; c += SECTOR_FLOATS)   /* sector boundaries */
        fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#333\"/>\n",
                x0 + c * CELL, x0 + c * CELL, y0, y0 + ROWS * CELL);
    text(f, x0, y0 - 6, caption);
    snprintf(line, sizeof line, "%d sectors (%d bytes) for 128 bytes used", sectors,
             sectors * 32);
    text(f, x0, y0 + ROWS * CELL + 14, line);
    return sectors;
}

static void warp_access(const char *dir)
{
    FILE *f = svg_open(dir, "warp-access.svg", 800, 640,
                       "One warp: the elements it touches (dark), the rest of their 32-byte "
                       "sectors (light); lines every 8 floats");
    int in_row[32], in_col[32], out_row[32], out_col[32], tx;

    /* transpose_naive_row (chapter 2): col = tx, row = 0;
     *   load in[row * cols + col], store out[col * rows + row]. */
    for (tx = 0; tx < 32; tx++) {
        in_row[tx] = 0; in_col[tx] = tx;
        out_row[tx] = tx; out_col[tx] = 0;
    }
    text(f, 10, 48, "transpose_naive_row (chapter 2)");
    access_panel(f, 10, 70, "load: input (0, tx)", in_row, in_col);
    access_panel(f, 10, 360, "store: output (tx, 0)", out_row, out_col);

    /* transpose_naive_col (chapter 2): out_col = tx, out_row = 0;
     *   load in[out_col * cols + out_row], store out[out_row * rows + out_col]. */
    for (tx = 0; tx < 32; tx++) {
        in_row[tx] = tx; in_col[tx] = 0;
        out_row[tx] = 0; out_col[tx] = tx;
    }
    text(f, 280, 48, "transpose_naive_col (chapter 2)");
    access_panel(f, 280, 70, "load: input (tx, 0)", in_row, in_col);
    access_panel(f, 280, 360, "store: output (0, tx)", out_row, out_col);

    /* transpose_shared_tile (chapter 6), j = 0: load in[(in_row + j) * cols
     * + in_col] with in_col = tx; store out[(out_row + j) * rows + out_col]
     * with out_col = tx. The column read happens in shared memory. */
    for (tx = 0; tx < 32; tx++) {
        in_row[tx] = 0; in_col[tx] = tx;
        out_row[tx] = 0; out_col[tx] = tx;
    }
    text(f, 550, 48, "transpose_shared_tile (chapter 6)");
    access_panel(f, 550, 70, "load: input (0, tx)", in_row, in_col);
    access_panel(f, 550, 360, "store: output (0, tx)", out_row, out_col);
    svg_close(f);
}

/* ---- banks.svg: the bank of every element, and a warp's column read --------- */

/* word(r, c): where element (r, c) of the tile lives in shared memory. */
static int word_plain(int r, int c)    { return 32 * r + c; }        /* tile[32][32]        */
static int word_padded(int r, int c)   { return 33 * r + c; }        /* tile[32][33]        */
static int word_swizzled(int r, int c) { return 32 * r + (c ^ r); }  /* chapter 7's swizzle */

static void bank_panel(FILE *f, int x0, int y0, const char *caption, int (*word)(int, int))
{
    enum { CELL = 7 };
    int count[32] = { 0 }, passes = 0, r, c;
    char label[120];

    for (r = 0; r < 32; r++)
        for (c = 0; c < 32; c++)
            cell(f, x0 + c * CELL, y0 + r * CELL, CELL, bank_colour(word(r, c) % 32), NULL);
    /* The warp's read of column 0: lanes 0-31 read elements (0..31, 0). */
    for (r = 0; r < 32; r++) {
        int b = word(r, 0) % 32;
        if (++count[b] > passes)
            passes = count[b];
    }
    fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
               "stroke=\"black\" stroke-width=\"2\"/>\n", x0, y0, CELL, 32 * CELL);
    text(f, x0, y0 - 6, caption);
    snprintf(label, sizeof label, "column 0 (outlined): %d pass%s", passes,
             passes == 1 ? "" : "es");
    text(f, x0, y0 + 32 * CELL + 14, label);
}

static void banks(const char *dir)
{
    FILE *f = svg_open(dir, "banks.svg", 760, 330,
                       "The bank (colour) of each element of a 32 x 32 float tile; a warp "
                       "reading a column takes one pass per word from its busiest bank");
    bank_panel(f, 10, 50, "tile[32][32] (chapter 6): word 32r + c", word_plain);
    bank_panel(f, 260, 50, "tile[32][33] (chapter 7): word 33r + c", word_padded);
    bank_panel(f, 510, 50, "swizzled (chapter 7): word 32r + (c ^ r)", word_swizzled);
    svg_close(f);
}

/* ---- diagonal.svg: which block takes which tile ------------------------------ */

static void order_panel(FILE *f, int x0, int y0, const char *caption, int diagonal)
{
    enum { GX = 5, GY = 3, CELL = 40 };
    int bx, by;
    char label[16];

    for (by = 0; by < GY; by++)
        for (bx = 0; bx < GX; bx++) {
            int id = bx + GX * by;   /* the order the GPU roughly starts blocks in */
            int2 t = diagonal ? diagonal_tile(bx, by, GX, GY) : make_int2(bx, by);
            snprintf(label, sizeof label, "%d", id);
            cell(f, x0 + t.x * CELL, y0 + t.y * CELL, CELL, id < 3 ? "#f5b041" : "#eaf2f8",
                 label);
        }
    text(f, x0, y0 - 6, caption);
}

static void diagonal(const char *dir)
{
    FILE *f = svg_open(dir, "diagonal.svg", 520, 230,
                       "5 x 3 tiles, each with the block that takes it (0-2 start together)");
    order_panel(f, 10, 60, "launch order (chapter 2)", 0);
    order_panel(f, 270, 60, "diagonal_tile() (chapter 4)", 1);
    text(f, 10, 215, "Diagonal: blocks 0, 1, 2 take tiles in different tile rows and columns.");
    svg_close(f);
}

/* ---- shuffle.svg: an 8 x 8 tile through the shuffle stages ------------------- */

/* v[lane][i] holds element (r, c), written as 10 r + c. Chapter 8's
 * shuffle_stage on 8 lanes and 8 registers: for each pair (lo, hi = lo + s)
 * a lane with bit s sends v[lo], one without sends v[hi], and the value
 * from lane ^ s takes the place of the one sent. */
static void shuffle_stage8(int v[8][8], int s)
{
    int next[8][8], lane, lo;
    memcpy(next, v, sizeof next);
    for (lo = 0; lo < 8; lo++) {
        if (lo & s)
            continue;
        for (lane = 0; lane < 8; lane++) {
            int hi = lo + s, partner = lane ^ s;
            int upper = lane & s, partner_upper = partner & s;
            int got = partner_upper ? v[partner][lo] : v[partner][hi];   /* what it sent */
            if (upper)
                next[lane][lo] = got;
            else
                next[lane][hi] = got;
        }
    }
    memcpy(v, next, sizeof next);
}

static void shuffle_panel(FILE *f, int x0, int y0, const char *caption, int v[8][8])
{
    enum { CELL = 24 };
    int lane, i;
    char label[32];
    for (lane = 0; lane < 8; lane++)
        for (i = 0; i < 8; i++) {
            int r = v[lane][i] / 10, c = v[lane][i] % 10;
            snprintf(label, sizeof label, "%d%d", r, c);
            cell(f, x0 + lane * CELL, y0 + i * CELL, CELL, bank_colour(4 * r), label);
        }
    text(f, x0, y0 - 6, caption);
}

static void shuffle(const char *dir)
{
    FILE *f = svg_open(dir, "shuffle.svg", 880, 300,
                       "An 8 x 8 tile in 8 lanes (columns) x 8 registers (rows); a cell shows "
                       "the element (row, column) it holds, coloured by its row");
    int v[8][8], lane, i, s, x = 10;
    char caption[64];

    for (lane = 0; lane < 8; lane++)
        for (i = 0; i < 8; i++)
            v[lane][i] = 10 * i + lane;   /* loaded: lane l holds column l */
    shuffle_panel(f, x, 60, "loaded: lane l has column l", v);
    for (s = 4; s >= 1; s /= 2) {
        x += 215;
        shuffle_stage8(v, s);
        snprintf(caption, sizeof caption, "after the stage s = %d", s);
        shuffle_panel(f, x, 60, caption, v);
    }
    text(f, 10, 280, "After log2(8) = 3 stages lane l holds row l: each store writes one "
                     "output row (chapter 8 does this for 32 x 32 in 5 stages).");
    svg_close(f);
}

/* ---- sectors.svg: chapter 9's windows on an output with rows % 8 != 0 -------- */

static void window_panel(FILE *f, int x0, int y0, const char *caption, int rows, int aligned)
{
    enum { CELL = 7, SHOWN = 80, OUT_ROWS = 8 };
    int out_row, i, partial = 0;   /* the window is 64 floats of SHOWN */
    char label[120];

    for (out_row = 0; out_row < OUT_ROWS; out_row++) {
        /* transpose_sector_aligned: s = ((out_row % 8) * (rows % 8)) % 8 and
         * the window starts at r0 - s; transpose_tile64 starts at r0 (= 8). */
        int s = aligned ? ((out_row % SECTOR_FLOATS) * (rows % SECTOR_FLOATS)) % SECTOR_FLOATS : 0;
        int start = 8 - s;   /* r0 = 8: the window [r0 - s, r0 - s + 64) */
        long base = (long)out_row * rows;   /* where the output row starts */
        fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#f4f4f4\"/>"
                   "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#1f4e9c\"/>\n",
                x0, y0 + out_row * (CELL + 4), SHOWN * CELL, CELL,
                x0 + start * CELL, y0 + out_row * (CELL + 4), 64 * CELL, CELL);
        /* Sector boundaries: where (base + i) % 8 == 0 along this output row. */
        for (i = 0; i <= SHOWN; i++)
            if ((base + i) % SECTOR_FLOATS == 0)
                fprintf(f, "<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" stroke=\"#d62728\" "
                           "stroke-width=\"1.5\"/>\n", x0 + i * CELL, x0 + i * CELL,
                        y0 + out_row * (CELL + 4) - 1, y0 + out_row * (CELL + 4) + CELL + 1);
        partial += (base + start) % SECTOR_FLOATS != 0;
        partial += (base + start + 64) % SECTOR_FLOATS != 0;
    }
    text(f, x0, y0 - 6, caption);
    snprintf(label, sizeof label, "%d partial sectors written in these 8 rows", partial);
    text(f, x0, y0 + OUT_ROWS * (CELL + 4) + 12, label);
}

static void sectors(const char *dir)
{
    FILE *f = svg_open(dir, "sectors.svg", 620, 300,
                       "8191 x N: a tile's 64-float window (blue) in 8 output rows; red: sectors");
    window_panel(f, 10, 60, "transpose_tile64: every window starts at the tile's edge", 8191, 0);
    window_panel(f, 10, 190, "transpose_sector_aligned: each window shifted to a boundary",
                 8191, 1);
    svg_close(f);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "docs/figures";
    warp_access(dir);
    banks(dir);
    diagonal(dir);
    shuffle(dir);
    sectors(dir);
    return 0;
}
