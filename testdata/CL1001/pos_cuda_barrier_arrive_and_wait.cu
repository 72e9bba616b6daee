// CL1001 positive: cuda::barrier<cuda::thread_scope_block>::arrive_and_wait()
// initialised for blockDim.x participants, but only threads < 64 arrive.
// (nvcc warns about dynamic init of the __shared__ barrier: that is the
// documented usage and only a warning.)
#include <cuda/barrier>
using block_barrier = cuda::barrier<cuda::thread_scope_block>;

__global__ void partial_arrive(float *x)
{
    __shared__ block_barrier bar;
    __shared__ float s[256];
    if (threadIdx.x == 0)
        init(&bar, blockDim.x);
    __syncthreads();
    s[threadIdx.x] = x[threadIdx.x];
    if (threadIdx.x < 64)
        bar.arrive_and_wait(); // expect: CL1001
    x[threadIdx.x] = s[(threadIdx.x + 64) % 256];
}
