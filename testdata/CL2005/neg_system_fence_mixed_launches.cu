// CL2005 negative: one launch passes cudaMalloc memory, another passes
// mapped host memory from cudaHostAlloc. The system fence is needed for the
// second, so it is not overwide.
__global__ void emit(int *data, int *flag)
{
    data[blockIdx.x] = 1;
    __threadfence_system();
    atomicAdd_system(flag, 1);
}

void run()
{
    int *d_data = nullptr, *d_flag = nullptr;
    cudaMalloc((void **)&d_data, 8 * sizeof(int));
    cudaMalloc((void **)&d_flag, sizeof(int));
    emit<<<8, 1>>>(d_data, d_flag);

    int *h_data = nullptr, *h_flag = nullptr, *m_data = nullptr, *m_flag = nullptr;
    cudaHostAlloc((void **)&h_data, 8 * sizeof(int), cudaHostAllocMapped);
    cudaHostAlloc((void **)&h_flag, sizeof(int), cudaHostAllocMapped);
    cudaHostGetDevicePointer((void **)&m_data, h_data, 0);
    cudaHostGetDevicePointer((void **)&m_flag, h_flag, 0);
    emit<<<8, 1>>>(m_data, m_flag);
}
