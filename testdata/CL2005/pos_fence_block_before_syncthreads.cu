// CL2005 positive (c): __threadfence_block() right before __syncthreads().
// The barrier already orders every thread's memory accesses for the block,
// so the fence is redundant.
__global__ void tile(const float *in, float *out)
{
    __shared__ float s[256];
    s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    __threadfence_block(); // expect: CL2005
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = s[255 - threadIdx.x];
}
