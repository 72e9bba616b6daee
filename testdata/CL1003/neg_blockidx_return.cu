// CL1003 negative: `if (blockIdx.x > 3) return;` before a barrier -- a whole
// block leaves together or stays together, so the barrier is still reached
// by every remaining thread of the block.
__global__ void first_four_blocks(float *x)
{
    __shared__ float s[256];
    if (blockIdx.x > 3) return;
    s[threadIdx.x] = x[blockIdx.x * 256 + threadIdx.x];
    __syncthreads();
    x[blockIdx.x * 256 + threadIdx.x] = s[255 - threadIdx.x];
}
