// CL1002 positive: the helper returns threadIdx.x plus an offset that
// differs between its two returns, chosen by a thread-dependent branch;
// idx - threadIdx.x is then not the same in all threads of the block.
__device__ unsigned start(unsigned base)
{
    if (threadIdx.x < 16)
        return base + threadIdx.x;
    return base + 64 + threadIdx.x;
}

__global__ void tiles(const int *in, int *out, unsigned n, unsigned base)
{
    __shared__ int s[256];
    for (unsigned idx = start(base); idx - threadIdx.x < n; idx += blockDim.x) {
        s[threadIdx.x] = idx < n ? in[idx] : 0;
        __syncthreads(); // expect: CL1002
        if (idx < n)
            out[idx] = s[255 - threadIdx.x];
        __syncthreads(); // expect: CL1002
    }
}
