// CL2006 negative: the twin of pos_device_fence_mapped_flag.cu with
// __threadfence_system(), which the CPU is inside.
__global__ void report(int *result, volatile int *ready)
{
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        result[0] = 42;
        __threadfence_system();
        *ready = 1;
    }
}

void run()
{
    int *h_result = nullptr, *h_ready = nullptr, *d_result = nullptr, *d_ready = nullptr;
    cudaHostAlloc((void **)&h_result, sizeof(int), cudaHostAllocMapped);
    cudaHostAlloc((void **)&h_ready, sizeof(int), cudaHostAllocMapped);
    cudaHostGetDevicePointer((void **)&d_result, h_result, 0);
    cudaHostGetDevicePointer((void **)&d_ready, h_ready, 0);
    report<<<1, 32>>>(d_result, d_ready);
}
