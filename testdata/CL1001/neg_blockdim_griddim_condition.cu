// CL1001 negative: conditions on blockDim / gridDim / blockIdx are uniform
// within a block. A warp-sized block can legitimately skip the barrier.
__global__ void adaptive(float *x)
{
    __shared__ float s[1024];
    s[threadIdx.x] = x[blockIdx.x * blockDim.x + threadIdx.x];
    if (blockDim.x > 32)
        __syncthreads();
    else
        __syncwarp();
    if (gridDim.x > 1 && blockIdx.x + 1 < gridDim.x) {
        __syncthreads();
    }
    x[blockIdx.x * blockDim.x + threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
}
