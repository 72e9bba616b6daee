// CL1002 negative: loop over the number of warps in the block
// (blockDim.x / 32) -- uniform -- with a barrier per warp step.
__global__ void warp_by_warp(int *x)
{
    __shared__ int s[1024];
    s[threadIdx.x] = x[threadIdx.x];
    __syncthreads();
    for (unsigned w = 1; w < blockDim.x / 32; ++w) {
        if (threadIdx.x / 32 == w)
            s[threadIdx.x] += s[threadIdx.x - 32];
        __syncthreads();
    }
    x[threadIdx.x] = s[threadIdx.x];
}
