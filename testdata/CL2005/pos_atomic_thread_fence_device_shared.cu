// CL2005 positive (a): cuda::atomic_thread_fence with thread_scope_device
// where the only memory ordered is __shared__; thread_scope_block suffices.
#include <cuda/atomic>

__global__ void shared_release(int *out)
{
    __shared__ int s_val;
    __shared__ int s_flag;
    if (threadIdx.x == 0) {
        s_val = 9;
        cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device); // expect: CL2005
        cuda::atomic_ref<int, cuda::thread_scope_block>(s_flag).store(1, cuda::memory_order_relaxed);
    }
    __syncthreads();
    if (threadIdx.x == 1)
        out[blockIdx.x] = s_val;
}
