/*
 * gpu_probe.cu - tells the test runner whether a CUDA GPU is usable here.
 * Prints the device and exits 0, or prints why not and exits 3
 * (TP_EXIT_NO_GPU), the same code every chapter uses for "no GPU".
 */
#include "harness.h"

int main(void)
{
    int count = 0;
    cudaError_t err = cudaGetDeviceCount(&count);
    tp_device_info dev;

    if (err != cudaSuccess || count == 0) {
        printf("no CUDA GPU (%s)\n", tp_no_gpu_reason(err));
        return TP_EXIT_NO_GPU;
    }
    tp_device_info_get(0, &dev);
    printf("%s, compute capability %d.%d\n", dev.name, dev.cc_major, dev.cc_minor);
    return TP_EXIT_OK;
}
