/*
 * gpu_probe.cu - tells the test runner whether a CUDA GPU is usable here.
 * Prints the device and exits 0, or prints why not and exits 3
 * (TP_EXIT_NO_GPU), the same code every chapter uses for "no GPU".
 * With --l2-bytes it prints only the size of the GPU's L2 cache in bytes
 * (scripts/sweep.sh sizes its shapes from it).
 */
#include <string.h>

#include "harness.h"

int main(int argc, char **argv)
{
    int count = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    tp_device_info dev;

    if (err != cudaSuccess || count == 0) {
        printf("no CUDA GPU (%s)\n", tp_no_gpu_reason(err));
        return TP_EXIT_NO_GPU;
    }
    tp_device_info_get(0, &dev);
    if (argc > 1 && strcmp(argv[1], "--l2-bytes") == 0)
        printf("%zu\n", dev.l2_bytes);
    else
        printf("%s, compute capability %d.%d\n", dev.name, dev.cc_major, dev.cc_minor);
    return TP_EXIT_OK;
}
