// CL2005 positive (b): the kernel's pointers come from cudaMalloc at every
// launch in the file, so they are plain device memory: __threadfence() is
// enough, __threadfence_system() only adds cost.
__global__ void produce(int *data, int *flag)
{
    data[threadIdx.x] = (int)threadIdx.x;
    __threadfence_system(); // expect: CL2005
    if (threadIdx.x == 0)
        atomicExch(flag, 1);
}

void run()
{
    int *d_data = nullptr;
    int *d_flag = nullptr;
    cudaMalloc((void **)&d_data, 256 * sizeof(int));
    cudaMalloc((void **)&d_flag, sizeof(int));
    produce<<<1, 256>>>(d_data, d_flag);
    cudaDeviceSynchronize();
    cudaFree(d_data);
    cudaFree(d_flag);
}
