// CL1001 positive: the seed article's canonical bug.
// `if (threadIdx.x < 10) __syncthreads();` -- only threads 0..9 reach the
// barrier; the rest of the block never arrives at it (undefined behaviour,
// deadlock or silently broken synchronisation).
__global__ void seed_if_lt10(float *out)
{
    __shared__ float s[256];
    s[threadIdx.x] = out[threadIdx.x];
    if (threadIdx.x < 10) __syncthreads(); // expect: CL1001
    out[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];
}
