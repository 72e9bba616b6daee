// CL1003 negative (interprocedural): the early `return` is inside a
// __device__ helper that has no barrier; it only leaves the helper. Every
// thread comes back to the kernel and reaches its barrier.
__device__ void load_or_zero(float *s, const float *g, int i, int n)
{
    s[threadIdx.x] = 0.0f;
    if (i >= n)
        return;
    s[threadIdx.x] = g[i];
}

__global__ void use_loader(const float *g, float *out, int n)
{
    __shared__ float s[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    load_or_zero(s, g, i, n);
    __syncthreads();
    if (i < n)
        out[i] = s[255 - threadIdx.x];
}
