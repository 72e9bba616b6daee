// CL2003 negative: the producer raises the flag without having stored any
// data before it (a pure "go" signal), so there is nothing to release.
#include <cuda/atomic>

__global__ void go_signal(int *flag, int *out)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        atomicExch(flag, 1);
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
        while (f.load(cuda::memory_order_acquire) == 0) {
        }
        out[0] = 1;
    }
}
