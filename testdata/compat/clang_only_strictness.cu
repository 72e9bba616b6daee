// nvcc compatibility: what clang rejects and nvcc at most warns about:
// `register` under C++17, narrowing in braced initialisers, and a string
// literal followed by a macro with no space ("%"PRIu64).
#include <cinttypes>
#include <cstdio>
#include <cuda_runtime.h>

__global__ void scale(float *out, int n)
{
    register int i = blockIdx.x * blockDim.x + threadIdx.x;
    int dims[2] = { n, 2.5 };
    unsigned short half[1] = { n };
    if (i < dims[0])
        out[i] = half[0];
    if (i == 0)
        __syncthreads(); // expect: CL1001
}

void report(uint64_t bytes)
{
    printf("copied %"PRIu64" bytes\n", bytes);
}
