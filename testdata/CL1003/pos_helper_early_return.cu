// CL1003 positive (inside a __device__ function): load_and_sync() returns
// early for out-of-range threads and then hits its own barrier. The finding
// is on the barrier inside the callee. The kernel's call is unconditional, so
// nothing is reported at the call site.
__device__ void load_and_sync(float *s, const float *g, int i, int n)
{
    if (i >= n)
        return;
    s[threadIdx.x] = g[i];
    __syncthreads(); // expect: CL1003
}

__global__ void use_helper(const float *g, float *out, int n)
{
    __shared__ float s[256];
    int i = blockIdx.x * 256 + threadIdx.x;
    load_and_sync(s, g, i, n);
    if (i < n)
        out[i] = s[255 - threadIdx.x];
}
