// CL1003 positive (interprocedural): block_sum() reaches __syncthreads().
// The kernel calls it after a thread-varying early return, so the finding is
// on the call line; block_sum() itself is fine.
__device__ float block_sum(float *s, float v)
{
    s[threadIdx.x] = v;
    __syncthreads();
    for (unsigned w = blockDim.x / 2; w > 0; w >>= 1) {
        if (threadIdx.x < w)
            s[threadIdx.x] += s[threadIdx.x + w];
        __syncthreads();
    }
    return s[0];
}

__global__ void sums(const float *in, float *out, int n)
{
    __shared__ float s[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float total = block_sum(s, in[i]); // expect: CL1003
    if (threadIdx.x == 0)
        out[blockIdx.x] = total;
}
