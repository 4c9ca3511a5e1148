/*
 * report.c - bandwidth arithmetic, the median, the table and the CSV.
 */
#include "report.h"

#include <stdlib.h>
#include <string.h>

#define BAR_WIDTH 40

double tp_peak_gbps(int mem_clock_khz, int bus_width_bits)
{
    return 2.0 * (double)mem_clock_khz * 1e3 * (bus_width_bits / 8.0) / 1e9;
}

double tp_effective_gbps_elems(long rows, long cols, int elem_bytes, double ms)
{
    double bytes = 2.0 * (double)rows * (double)cols * elem_bytes;
    return bytes / (ms * 1e-3) / 1e9;
}

double tp_effective_gbps(long rows, long cols, double ms)
{
    return tp_effective_gbps_elems(rows, cols, (int)sizeof(float), ms);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double tp_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

const char *tp_bar(double pct, int width, char *buf)
{
    int len = (int)(pct / 100.0 * width + 0.5), i;
    if (len < 0) len = 0;
    for (i = 0; i < len && i < width; i++)
        buf[i] = '#';
    if (len > width)
        buf[i++] = '+';
    buf[i] = '\0';
    return buf;
}

int tp_is_best_block(const tp_result *r, int n, int i)
{
    int j, others = 0;
    if (!r[i].ok || !r[i].timed)
        return 0;
    for (j = 0; j < n; j++) {
        if (j == i || strcmp(r[j].name, r[i].name) != 0)
            continue;
        others++;
        if (r[j].ok && r[j].timed && (r[j].gbps > r[i].gbps || (r[j].gbps == r[i].gbps && j < i)))
            return 0;
    }
    return others > 0;
}

void tp_print_matrix(FILE *f, const tp_device_info *dev, long rows, long cols, int elem_bytes)
{
    double mb = (double)rows * cols * elem_bytes / 1e6;
    fprintf(f, "matrix  %ld x %ld %s: %.1f MB in + %.1f MB out = %.1fx the L2\n",
            rows, cols, tp_elem_name(elem_bytes), mb, mb,
            2.0 * mb * 1e6 / (double)(dev->l2_bytes ? dev->l2_bytes : 1));
}

void tp_print_header_elems(FILE *f, const char *title, const tp_device_info *dev,
                           long rows, long cols, int reps, int elem_bytes)
{
    fprintf(f, "%s\n", title);
    fprintf(f, "device  %d: %s (compute capability %d.%d, %d SMs, %.0f MB L2, %.1f GB memory)\n",
            dev->ordinal, dev->name, dev->cc_major, dev->cc_minor, dev->sm_count,
            dev->l2_bytes / 1e6, dev->mem_bytes / 1e9);
    fprintf(f, "        theoretical peak %.0f GB/s (memory clock %d MHz, %d-bit bus)\n",
            dev->peak_gbps, dev->mem_clock_khz / 1000, dev->bus_width_bits);
    if (elem_bytes > 0)
        tp_print_matrix(f, dev, rows, cols, elem_bytes);
    fprintf(f, "timing  median of %d repeats (min-max beside it), L2 flushed before each;\n"
               "        GB/s = 10^9 bytes/s, each element read once and written once\n", reps);
}

void tp_print_ceiling(FILE *f, const tp_result *r, int best)
{
    fprintf(f, "ceiling %s, %.0f GB/s: the faster of the two copies below, in this run;\n"
               "        %%copy is every row's GB/s against it\n\n",
            r[best].name, r[best].gbps);
}

void tp_print_table(FILE *f, const tp_result *r, int n, double ceiling_gbps, double peak_gbps)
{
    int w = 6, i;
    char bar[BAR_WIDTH + 2];

    for (i = 0; i < n; i++)
        if ((int)strlen(r[i].name) > w)
            w = (int)strlen(r[i].name);

    fprintf(f, "%-*s  %7s  %9s  %-17s  %7s  %8s  %6s\n", w, "kernel", "block", "median ms",
            "min-max ms", "GB/s", "%copy", "%peak");
    for (i = 0; i < n; i++) {
        fprintf(f, "%-*s  %7s  ", w, r[i].name, r[i].block);
        if (r[i].na) {
            fprintf(f, "n/a: %s\n", r[i].na);
        } else if (!r[i].ok && r[i].check.outside > 0) {
            fprintf(f, "FAIL: wrote %zu bytes outside the output%s, no timing\n",
                    r[i].check.outside, r[i].wrong_late ? " in the timed runs" : "");
        } else if (!r[i].ok) {
            fprintf(f, "FAIL: %zu elements wrong (%zu never written)%s, no timing\n",
                    r[i].check.mismatches, r[i].check.unwritten,
                    r[i].wrong_late ? " after the timed runs" : "");
        } else if (!r[i].timed) {
            fprintf(f, "correct (not timed)\n");
        } else {
            double pct_copy = ceiling_gbps > 0 ? 100.0 * r[i].gbps / ceiling_gbps : 0.0;
            double pct_peak = peak_gbps > 0 ? 100.0 * r[i].gbps / peak_gbps : 0.0;
            char range[32];
            snprintf(range, sizeof range, "%.4f-%.4f", r[i].min_ms, r[i].max_ms);
            fprintf(f, "%9.4f  %-17s  %7.0f  %7.1f%%  %5.1f%%  %-*s%s\n", r[i].median_ms, range,
                    r[i].gbps, pct_copy, pct_peak, BAR_WIDTH + 1, tp_bar(pct_copy, BAR_WIDTH, bar),
                    tp_is_best_block(r, n, i) ? " <- best block" : "");
        }
    }
}

void tp_print_csv(FILE *f, const tp_device_info *dev, long rows, long cols,
                  const tp_result *r, int n, double ceiling_gbps)
{
    tp_print_csv_header(f);
    tp_print_csv_rows(f, dev, rows, cols, r, n, ceiling_gbps);
}

void tp_print_csv_header(FILE *f)
{
    fprintf(f, "device,rows,cols,kernel,block,status,median_ms,min_ms,max_ms,gbps,"
               "pct_copy,pct_peak,best_block\n");
}

void tp_print_csv_rows(FILE *f, const tp_device_info *dev, long rows, long cols,
                       const tp_result *r, int n, double ceiling_gbps)
{
    int i;
    for (i = 0; i < n; i++) {
        fprintf(f, "\"%s\",%ld,%ld,%s,%s,", dev->name, rows, cols, r[i].name, r[i].block);
        if (r[i].na)
            fprintf(f, "N/A,,,,,,,0\n");
        else if (!r[i].ok)
            fprintf(f, "FAIL,,,,,,,0\n");
        else if (!r[i].timed)
            fprintf(f, "PASS,,,,,,,0\n");
        else
            fprintf(f, "PASS,%.5f,%.5f,%.5f,%.1f,%.1f,%.1f,%d\n", r[i].median_ms, r[i].min_ms,
                    r[i].max_ms, r[i].gbps,
                    ceiling_gbps > 0 ? 100.0 * r[i].gbps / ceiling_gbps : 0.0,
                    dev->peak_gbps > 0 ? 100.0 * r[i].gbps / dev->peak_gbps : 0.0,
                    tp_is_best_block(r, n, i));
    }
}
