// CL2005 negative: the buffers come from cudaMallocManaged. On systems with
// concurrent managed access the CPU may read them while the kernel runs, so
// __threadfence_system() is justified.
__global__ void progress(int *buf, int *status)
{
    buf[threadIdx.x] = (int)threadIdx.x;
    __threadfence_system();
    if (threadIdx.x == 0)
        atomicExch_system(status, 1);
}

void run()
{
    int *buf = nullptr, *status = nullptr;
    cudaMallocManaged((void **)&buf, 64 * sizeof(int));
    cudaMallocManaged((void **)&status, sizeof(int));
    progress<<<1, 64>>>(buf, status);
}
