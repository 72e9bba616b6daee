// CL2005 negative: the kernel is never launched in this file, so where its
// pointers come from is unknown (they may be mapped host memory); cudalint
// must not suggest narrowing the system fence.
__global__ void library_kernel(int *data, int *flag)
{
    data[threadIdx.x] = 4;
    __threadfence_system();
    if (threadIdx.x == 0)
        atomicExch_system(flag, 1);
}
