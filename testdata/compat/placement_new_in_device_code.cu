// nvcc compatibility: placement new in device code, as cub and thrust
// use it. It needs clang's CUDA wrapper <new>, which libclang finds only
// when it is told its resource directory.
#include <new>
#include <cuda_runtime.h>

struct Counter {
    int hits;
    __device__ Counter() : hits(0) {}
};

__global__ void construct(Counter *slots)
{
    new (slots + threadIdx.x) Counter();
    if (threadIdx.x % 2)
        __syncthreads(); // expect: CL1001
}
