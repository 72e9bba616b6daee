// CL2004 negative: host code waits on a flag with a std::atomic-free
// volatile loop and reads the result. Host code is out of scope; the kernel
// publishes with __threadfence_system() to mapped memory, which is right.
__global__ void finish(int *result, int *flag)
{
    result[0] = 7;
    __threadfence_system();
    atomicExch_system(flag, 1);
}

int host_wait()
{
    int *h_res = nullptr, *h_flag = nullptr, *d_res = nullptr, *d_flag = nullptr;
    cudaHostAlloc((void **)&h_res, sizeof(int), cudaHostAllocMapped);
    cudaHostAlloc((void **)&h_flag, sizeof(int), cudaHostAllocMapped);
    *h_flag = 0;
    cudaHostGetDevicePointer((void **)&d_res, h_res, 0);
    cudaHostGetDevicePointer((void **)&d_flag, h_flag, 0);
    finish<<<1, 1>>>(d_res, d_flag);
    while (*(volatile int *)h_flag == 0) {
    }
    return h_res[0];
}
