/*
 * report.h - bandwidth arithmetic and the table every program prints.
 *
 * Units: GB/s is 10^9 bytes per second. Effective bandwidth counts each
 * element read once and written once: 2 * rows * cols * 4 bytes per run
 * for float32, 2 * rows * cols * elem_bytes for other element sizes.
 *
 * Plain C11, no CUDA: tests/test_host.c tests it without a GPU.
 */
#ifndef TP_REPORT_H
#define TP_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "validate.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    char name[256];
    int ordinal;
    int cc_major, cc_minor;
    int sm_count;
    size_t l2_bytes;
    size_t mem_bytes;
    int mem_clock_khz;     /* peak memory clock, kHz                   */
    int bus_width_bits;    /* memory bus width, bits                   */
    double peak_gbps;      /* theoretical peak from the two above      */
} tp_device_info;

typedef struct {
    const char *name;      /* kernel name                              */
    char block[24];        /* "32x8", or "-" for cudaMemcpy            */
    const char *na;        /* non-NULL: the kernel cannot take this
                              shape, and this says why ("n/a")         */
    int ok;                /* 1 if the output matched the reference    */
    int wrong_late;        /* 1 if it did on the first run, but not
                              after the timed runs                     */
    tp_check_result check; /* what the comparison found (when !ok)     */
    int timed;             /* 1 if the timing fields are filled in     */
    double median_ms, min_ms, max_ms;
    double gbps;           /* effective bandwidth of the median        */
} tp_result;

/* Theoretical peak: the memory clock (kHz) times 2 (double data rate)
 * times the bus width in bytes, in GB/s. */
double tp_peak_gbps(int mem_clock_khz, int bus_width_bits);

/* Effective bandwidth of moving a rows x cols float32 matrix (read once,
 * written once) in `ms` milliseconds, in GB/s. */
double tp_effective_gbps(long rows, long cols, double ms);

/* The same for elements of elem_bytes bytes: 2 * rows * cols * elem_bytes
 * bytes in `ms` milliseconds. tp_effective_gbps is elem_bytes 4. */
double tp_effective_gbps_elems(long rows, long cols, int elem_bytes, double ms);

/* Median of v[0..n-1]; sorts v in place. n must be at least 1. */
double tp_median(double *v, int n);

/* Header lines: title, device, matrix (of elem_bytes-byte elements),
 * units. elem_bytes 0: a table of several element sizes, which prints no
 * matrix line here: each of its sections opens with its own
 * (tp_print_matrix). */
void tp_print_header_elems(FILE *f, const char *title, const tp_device_info *dev,
                           long rows, long cols, int reps, int elem_bytes);

/* The header's matrix line: shape, element type, megabytes, and how many
 * times the L2 the input and output are. */
void tp_print_matrix(FILE *f, const tp_device_info *dev, long rows, long cols, int elem_bytes);

/* The ceiling line under the header: which copy of r[0] (cudaMemcpy) and
 * r[1] (the harness's copy kernel) was faster, r[best], and by how much. */
void tp_print_ceiling(FILE *f, const tp_result *r, int best);

/* The table, one row per result. ceiling_gbps is the copy ceiling of the
 * same run (the faster copy; 0 if not measured): the "%copy" column. */
void tp_print_table(FILE *f, const tp_result *r, int n, double ceiling_gbps,
                    double peak_gbps);

/* 1 if row i is the fastest correct row among several rows of the same
 * kernel name (the same kernel run with different block shapes). */
int tp_is_best_block(const tp_result *r, int n, int i);

/* The same rows as CSV, with a header line. */
void tp_print_csv(FILE *f, const tp_device_info *dev, long rows, long cols,
                  const tp_result *r, int n, double ceiling_gbps);

/* The CSV's header line, and its rows without it (a table of several
 * element sizes prints one header, then the rows of each section). */
void tp_print_csv_header(FILE *f);
void tp_print_csv_rows(FILE *f, const tp_device_info *dev, long rows, long cols,
                       const tp_result *r, int n, double ceiling_gbps);

/* A bar of '#' whose length is pct/100 * width (clipped at width, with a
 * '+' when over). Writes into buf (at least width + 2 bytes). */
const char *tp_bar(double pct, int width, char *buf);

#ifdef __cplusplus
}
#endif

#endif
