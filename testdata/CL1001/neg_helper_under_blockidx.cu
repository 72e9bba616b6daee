// CL1001 negative (interprocedural): a __device__ helper containing a barrier
// called under `if (blockIdx.x == 0)` -- the whole block takes the branch or
// none of it does, so the barrier inside the helper is safe.
__device__ void finalize(float *s, float *out)
{
    __syncthreads();
    for (unsigned w = blockDim.x / 2; w > 0; w >>= 1) {
        if (threadIdx.x < w)
            s[threadIdx.x] += s[threadIdx.x + w];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        *out = s[0];
}

__global__ void block0_finalizes(const float *in, float *out)
{
    __shared__ float s[256];
    s[threadIdx.x] = in[threadIdx.x];
    if (blockIdx.x == 0)
        finalize(s, out);
}
