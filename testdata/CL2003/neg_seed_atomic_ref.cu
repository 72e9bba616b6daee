// CL2003 negative: the seed's cuda::atomic_ref version: release store on the
// producer, acquire load on the consumer. The release store is itself the
// ordering point; no separate fence is needed.
#include <cstdio>
#include <cuda/atomic>

using cuda::atomic_ref;
using cuda::memory_order_acquire;
using cuda::memory_order_release;
using cuda::thread_scope_device;

__global__ void producer_consumer(int *data, int *flag)
{
    atomic_ref<int, thread_scope_device> flag_ref(*flag);
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        *data = 42;
        flag_ref.store(1, memory_order_release);
    }
    if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (flag_ref.load(memory_order_acquire) != 1);
        printf("data=%d\n", *data);
    }
}
