// CL1003 negative: the early return tests the BLOCK's first index
// (blockIdx.x * blockDim.x >= n), which is uniform: surplus blocks leave as a
// whole. The per-thread check is done with padding instead.
__global__ void surplus_blocks(const float *in, float *out, int n)
{
    __shared__ float s[256];
    int base = blockIdx.x * blockDim.x;
    if (base >= n)
        return;
    int i = base + threadIdx.x;
    s[threadIdx.x] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    if (i < n)
        out[i] = s[(threadIdx.x + 1) % 256];
}
