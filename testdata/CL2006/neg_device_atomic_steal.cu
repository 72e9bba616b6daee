// CL2006 negative: the twin of pos_block_atomic_device_elsewhere.cu where the
// owner takes its work with device scope too.
__global__ void work(int *head, const int *tail, int *out)
{
    __shared__ int base;
    int bid = blockIdx.x;
    if (threadIdx.x == 0) {
        int b = atomicAdd(&head[bid], 32);
        if (b >= tail[bid])
            b = atomicAdd(&head[(bid + 1) % gridDim.x], 32);
        base = b;
    }
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = base;
}
