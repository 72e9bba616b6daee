// CL1001 negative: __syncthreads_count() returns the same count to every
// thread of the block, so branching on it (even though its argument is
// thread-varying) is block-uniform.
__global__ void compact_if_any(const int *flags, int *out)
{
    __shared__ int s[256];
    int pred = flags[blockIdx.x * 256 + threadIdx.x] > 0;
    int cnt = __syncthreads_count(pred);
    if (cnt > 0) {
        s[threadIdx.x] = pred;
        __syncthreads();
        out[blockIdx.x * 256 + threadIdx.x] = s[(threadIdx.x + 1) % 256] + cnt;
    }
}
