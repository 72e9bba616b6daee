// CL2004 negative: relaxed atomic_ref poll followed by
// cuda::atomic_thread_fence(acquire, device): fence-based acquire, as in the
// C++ memory model.
#include <cuda/atomic>

__global__ void fence_acquire(int *data, int *flag, int *out)
{
    cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        data[0] = 5;
        f.store(1, cuda::memory_order_release);
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (f.load(cuda::memory_order_relaxed) == 0) {
        }
        cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_device);
        out[0] = data[0];
    }
}
