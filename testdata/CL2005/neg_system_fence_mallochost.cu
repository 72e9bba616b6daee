// CL2005 negative: pinned host memory from cudaMallocHost, accessed by the
// kernel directly (unified addressing). The host may observe it, so the
// system fence is needed.
__global__ void write_back(float *h_out, int *h_flag)
{
    h_out[threadIdx.x] = 1.0f;
    __threadfence_system();
    if (threadIdx.x == 0)
        atomicExch_system(h_flag, 1);
}

void run()
{
    float *h_out = nullptr;
    int *h_flag = nullptr;
    cudaMallocHost((void **)&h_out, 32 * sizeof(float));
    cudaMallocHost((void **)&h_flag, sizeof(int));
    write_back<<<1, 32>>>(h_out, h_flag);
}
