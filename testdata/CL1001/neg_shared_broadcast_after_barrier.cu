// CL1001 negative: thread 0 loads a per-block length into a __shared__ int,
// then __syncthreads(); after the barrier every thread reads the same shared
// value at a uniform address, so `if (s_n > 64)` is block-uniform.
__global__ void per_block_len(const int *queue_len, float *x)
{
    __shared__ int s_n;
    __shared__ float s[256];
    if (threadIdx.x == 0)
        s_n = queue_len[blockIdx.x];
    __syncthreads();
    if (s_n > 64) {
        s[threadIdx.x] = x[blockIdx.x * 256 + threadIdx.x];
        __syncthreads();
        x[blockIdx.x * 256 + threadIdx.x] = s[255 - threadIdx.x];
    }
}
