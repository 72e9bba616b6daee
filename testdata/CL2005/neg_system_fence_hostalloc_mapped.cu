// CL2005 negative: the kernel reports progress to the CPU through mapped
// pinned memory from cudaHostAlloc(cudaHostAllocMapped). The CPU is an
// observer, so __threadfence_system() is required, not overwide.
__global__ void report(int *result, volatile int *done)
{
    if (threadIdx.x == 0) {
        result[blockIdx.x] = (int)blockIdx.x * 2;
        __threadfence_system();
        done[blockIdx.x] = 1;
    }
}

void run(int nblocks)
{
    int *h_result = nullptr, *h_done = nullptr;
    int *d_result = nullptr, *d_done = nullptr;
    cudaHostAlloc((void **)&h_result, nblocks * sizeof(int), cudaHostAllocMapped);
    cudaHostAlloc((void **)&h_done, nblocks * sizeof(int), cudaHostAllocMapped);
    cudaHostGetDevicePointer((void **)&d_result, h_result, 0);
    cudaHostGetDevicePointer((void **)&d_done, h_done, 0);
    report<<<nblocks, 32>>>(d_result, d_done);
    for (int b = 0; b < nblocks; b++) {
        while (((volatile int *)h_done)[b] == 0) {
        }
    }
    cudaFreeHost(h_result);
    cudaFreeHost(h_done);
}
