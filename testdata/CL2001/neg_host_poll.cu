// CL2001 negative: host code polling memory. The rule is about device code;
// a host loop is out of scope (and h_flag here is written by the GPU
// through mapped memory).
#include <cuda_runtime.h>

__global__ void signal(volatile int *flag)
{
    *flag = 1;
}

int wait_for_gpu()
{
    int *h_flag = nullptr;
    int *d_flag = nullptr;
    cudaHostAlloc((void **)&h_flag, sizeof(int), cudaHostAllocMapped);
    *h_flag = 0;
    cudaHostGetDevicePointer((void **)&d_flag, h_flag, 0);
    signal<<<1, 1>>>(d_flag);
    while (*h_flag == 0) {
    }
    cudaFreeHost(h_flag);
    return 0;
}
