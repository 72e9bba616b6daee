// CL1002 negative: the thread index comes from helpers two deep
// (global_thread_id() adds threadIdx.x to block_base()), and the bound
// subtracts threadIdx.x again: idx - threadIdx.x is block-uniform.
__device__ unsigned block_base()
{
    return blockIdx.x * blockDim.x;
}

__device__ unsigned global_thread_id()
{
    return block_base() + threadIdx.x;
}

__global__ void tiles(const int *in, int *out, unsigned n)
{
    __shared__ int s[256];
    for (unsigned idx = global_thread_id(); idx - threadIdx.x < n; idx += gridDim.x * blockDim.x) {
        s[threadIdx.x] = idx < n ? in[idx] : 0;
        __syncthreads();
        if (idx < n)
            out[idx] = s[255 - threadIdx.x];
        __syncthreads();
    }
}
