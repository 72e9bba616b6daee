#include <cuda_runtime.h>
// CL2006 positive (ScoR 1dconv -DRACEY, rewritten): each element of out sums
// k consecutive threads' products, with a block-scope atomic. Unless k
// divides the block size, an element at a block boundary is summed by two
// blocks, whose block-scope atomics are not atomic to each other.
__global__ void convolve(const float *in, int k, int n, float *out)
{
    int bid = blockIdx.x;
    int g = bid * blockDim.x + threadIdx.x;
    int o = g / k;
    if (o < n)
        atomicAdd_block(&out[o], in[g]); // expect: CL2006 "unless `k` divides the block size"
}
