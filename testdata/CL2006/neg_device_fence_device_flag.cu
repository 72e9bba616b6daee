// CL2006 negative: the same kernel as pos_device_fence_mapped_flag.cu on
// memory from cudaMalloc, which the host cannot read while the kernel runs:
// device scope is enough.
__global__ void report(int *result, volatile int *ready)
{
    if (threadIdx.x == 0 && blockIdx.x == 0) {
        result[0] = 42;
        __threadfence();
        *ready = 1;
    }
}

void run()
{
    int *d_result = nullptr, *d_ready = nullptr;
    cudaMalloc(&d_result, sizeof(int));
    cudaMalloc(&d_ready, sizeof(int));
    report<<<1, 32>>>(d_result, d_ready);
}
