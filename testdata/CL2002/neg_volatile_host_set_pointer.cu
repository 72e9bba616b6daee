// CL2002 negative: after the poll the kernel reads the __device__ pointer
// `seg_base`, which the host set (cudaMemcpyToSymbol) before the launch,
// and stores through it. The stores go where the pointer points; no
// device code writes the pointer itself, so reading it hands nothing
// over and needs no acquire.
__device__ int *seg_base;
__device__ volatile int ready;

__global__ void worker(const int *keys)
{
    while (ready == 0) {
    }
    int *b = seg_base;
    b[threadIdx.x] = keys[threadIdx.x];
}

__global__ void starter(void)
{
    ready = 1;
}
