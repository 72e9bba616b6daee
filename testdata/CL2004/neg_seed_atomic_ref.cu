// CL2004 negative: the seed's atomic_ref rewrite; load(acquire) is the
// acquire side, so the data read after the loop is ordered.
#include <cstdio>
#include <cuda/atomic>

__global__ void producer_consumer(int *data, int *flag)
{
    cuda::atomic_ref<int, cuda::thread_scope_device> flag_ref(*flag);
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        *data = 42;
        flag_ref.store(1, cuda::memory_order_release);
    }
    if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (flag_ref.load(cuda::memory_order_acquire) != 1);
        printf("data=%d\n", *data);
    }
}
