// CL2002 negative: a host function polls a volatile mapped flag and reads
// the result. Host code is not analysed by this rule (the kernel side is
// correct: data, __threadfence_system(), flag).
__global__ void finish(float *result, volatile int *done)
{
    result[0] = 3.0f;
    __threadfence_system();
    *done = 1;
}

float wait_host()
{
    float *h_res = nullptr;
    int *h_done = nullptr;
    cudaHostAlloc((void **)&h_res, sizeof(float), cudaHostAllocMapped);
    cudaHostAlloc((void **)&h_done, sizeof(int), cudaHostAllocMapped);
    *h_done = 0;
    float *d_res = nullptr;
    int *d_done = nullptr;
    cudaHostGetDevicePointer((void **)&d_res, h_res, 0);
    cudaHostGetDevicePointer((void **)&d_done, h_done, 0);
    finish<<<1, 1>>>(d_res, d_done);
    volatile int *vd = h_done;
    while (*vd == 0) {
    }
    return h_res[0];
}
