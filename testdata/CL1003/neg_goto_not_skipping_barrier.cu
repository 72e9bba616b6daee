// CL1003 negative: a `goto` under a thread-varying condition whose target
// label is BEFORE the barrier: it only skips the load, every thread still
// reaches __syncthreads().
__global__ void goto_to_sync(const float *in, float *out, int n)
{
    __shared__ float s[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = 0.0f;
    if (i >= n)
        goto sync;
    s[threadIdx.x] = in[i];
sync:
    __syncthreads();
    if (i < n)
        out[i] = s[255 - threadIdx.x];
}
