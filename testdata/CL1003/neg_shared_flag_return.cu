// CL1003 negative: thread 0 decides whether the block has work and stores it
// in a __shared__ flag; after __syncthreads() every thread reads the same
// value, so `if (s_skip) return;` is block-uniform.
__global__ void maybe_skip(const int *work, float *x)
{
    __shared__ int s_skip;
    __shared__ float s[256];
    if (threadIdx.x == 0)
        s_skip = (work[blockIdx.x] == 0);
    __syncthreads();
    if (s_skip)
        return;
    s[threadIdx.x] = x[blockIdx.x * 256 + threadIdx.x];
    __syncthreads();
    x[blockIdx.x * 256 + threadIdx.x] = s[255 - threadIdx.x];
}
