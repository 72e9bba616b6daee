#include <cuda_runtime.h>
// CL2006 negative: the index is the global thread index divided by 4, and
// every launch has blocks of 128 threads: each group of 4 threads lies within
// one block, so block scope covers every update of an element.
__global__ void convolve(const float *in, int n, float *out)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    int o = g / 4;
    if (o < n)
        atomicAdd_block(&out[o], in[g]);
}

void run(const float *in, int n, float *out)
{
    convolve<<<(4 * n + 127) / 128, 128>>>(in, n, out);
}
