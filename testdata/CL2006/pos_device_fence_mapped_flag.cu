// CL2006 positive: the kernel hands results to the CPU, which polls a flag in
// mapped pinned memory while the kernel runs. __threadfence() orders the
// result before the flag for the device only; the CPU needs system scope.
__global__ void report(int *result, volatile int *ready)
{
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        result[0] = 42;
        __threadfence(); // expect: CL2006 "host-mapped memory"
        *ready = 1; // expect-note: "the write the host observes"
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
