// CL2003 negative: cuda::atomic_thread_fence(release, device) between the
// data and the atomicExch that publishes it is a device-scope ordering point.
#include <cuda/atomic>

__global__ void fenced_pub(int *data, int *flag, int *out)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        data[0] = 11;
        cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_device);
        atomicExch(flag, 1);
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
        while (f.load(cuda::memory_order_acquire) == 0) {
        }
        out[0] = data[0];
    }
}
