// CL2004 positive: the poll uses cuda::atomic_ref but with
// memory_order_relaxed; the relaxed load does not order the data read after
// it. Use memory_order_acquire.
#include <cuda/atomic>

__global__ void relaxed_ref(int *data, int *flag, int *out)
{
    cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        data[0] = 5;
        f.store(1, cuda::memory_order_release);
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (f.load(cuda::memory_order_relaxed) == 0) {
        }
        out[0] = data[0]; // expect: CL2004
    }
}
