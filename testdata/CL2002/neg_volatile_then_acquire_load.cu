// CL2002 negative: after the volatile spin the thread performs an acquire
// load of the flag through cuda::atomic_ref before touching the data; the
// acquire orders the data read.
#include <cuda/atomic>

__global__ void spin_then_acquire(int *data, int *flag, int *out)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        data[0] = 6;
        cuda::atomic_ref<int, cuda::thread_scope_device>(*flag).store(1, cuda::memory_order_release);
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (*(volatile int *)flag == 0) {
        }
        int f = cuda::atomic_ref<int, cuda::thread_scope_device>(*flag).load(cuda::memory_order_acquire);
        out[0] = data[0] + f;
    }
}
