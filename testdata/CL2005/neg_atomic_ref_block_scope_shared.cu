// CL2005 negative: atomic_ref on __shared__ memory with thread_scope_block
// and release/acquire: the right scope for a block-local flag.
#include <cuda/atomic>

__global__ void shared_flag(int *out)
{
    __shared__ int s_val;
    __shared__ int s_flag;
    cuda::atomic_ref<int, cuda::thread_scope_block> f(s_flag);
    if (threadIdx.x == 0) {
        s_val = 3;
        f.store(1, cuda::memory_order_release);
    } else if (threadIdx.x == 32) {
        while (f.load(cuda::memory_order_acquire) == 0) {
        }
        out[blockIdx.x] = s_val;
    }
}
