// CL2005 negative: managed memory (cudaMallocManaged and a __managed__
// variable) can be touched by the CPU concurrently on systems with
// concurrent managed access, so system scope is justified.
__managed__ int m_status;

__global__ void progress(int *buf)
{
    buf[threadIdx.x] = (int)threadIdx.x;
    __threadfence_system();
    if (threadIdx.x == 0)
        atomicExch_system(&m_status, 1);
}

void run()
{
    int *buf = nullptr;
    cudaMallocManaged((void **)&buf, 64 * sizeof(int));
    progress<<<1, 64>>>(buf);
}
