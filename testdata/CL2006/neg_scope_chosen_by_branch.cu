#include <cuda_runtime.h>
// CL2006 negative (ScoR 1dconv, race-free build, rewritten): the program
// picks the scope per update, block scope where only its own block's threads
// write the element, device scope otherwise. cudalint cannot check the
// condition and takes the program's partition.
__global__ void convolve(const float *in, const float *w, int k, int n, float *out)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int f = g % k, o = g / k;
    if (o < n) {
        if (threadIdx.x >= f && blockDim.x - threadIdx.x >= k - f)
            atomicAdd_block(&out[o], in[o] * w[f]);
        else
            atomicAdd(&out[o], in[o] * w[f]);
    }
}
