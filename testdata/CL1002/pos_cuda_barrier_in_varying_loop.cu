// CL1002 positive: cuda::barrier<thread_scope_block>::arrive_and_wait() in a
// loop whose trip count depends on the lane id. The barrier object lives in
// raw __shared__ storage (avoids the dynamic-init warning for __shared__).
#include <cuda/barrier>
using block_barrier = cuda::barrier<cuda::thread_scope_block>;

__global__ void lane_phases(float *x)
{
    alignas(block_barrier) __shared__ unsigned char storage[sizeof(block_barrier)];
    block_barrier &bar = *reinterpret_cast<block_barrier *>(storage);
    if (threadIdx.x == 0)
        init(&bar, blockDim.x);
    __syncthreads();
    unsigned lane = threadIdx.x & 31;
    for (unsigned p = 0; p < lane; ++p) {
        x[threadIdx.x] += 1.0f;
        bar.arrive_and_wait(); // expect: CL1002
    }
}
