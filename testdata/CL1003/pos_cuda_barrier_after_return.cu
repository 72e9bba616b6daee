// CL1003 positive: cuda::barrier<thread_scope_block>::arrive_and_wait()
// after a thread-varying early return: the barrier expects blockDim.x
// arrivals and never gets them.
#include <cuda/barrier>
using block_barrier = cuda::barrier<cuda::thread_scope_block>;

__global__ void barrier_after_exit(float *x, int n)
{
    alignas(block_barrier) __shared__ unsigned char storage[sizeof(block_barrier)];
    block_barrier &bar = *reinterpret_cast<block_barrier *>(storage);
    if (threadIdx.x == 0)
        init(&bar, blockDim.x);
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    x[i] *= 2.0f;
    bar.arrive_and_wait(); // expect: CL1003
    x[i] += x[blockIdx.x * blockDim.x]; // expect: CL3001 "global memory"
}
