// CL1001 negative: `if (tid == 0) out[blockIdx.x] = ...;` AFTER the last
// barrier. A thread-varying if with no barrier inside is harmless.
__global__ void block_max(const int *in, int *out)
{
    __shared__ int s[128];
    int tid = threadIdx.x;
    s[tid] = in[blockIdx.x * 128 + tid];
    __syncthreads();
    if (tid < 64) s[tid] = max(s[tid], s[tid + 64]);
    __syncthreads();
    if (tid < 32) s[tid] = max(s[tid], s[tid + 32]);
    __syncthreads();
    if (tid == 0) {
        int m = s[0];
        for (int k = 1; k < 32; ++k)
            m = max(m, s[k]);
        out[blockIdx.x] = m;
    }
}
