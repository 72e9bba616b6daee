// CL2004 positive: a lock taken with a relaxed atomic_ref exchange in a
// loop; the protected table is then read with no acquire. The unlock is a
// release store (clean).
#include <cuda/atomic>

__device__ int g_lock;
__device__ int g_table[64];

__global__ void update_table(int key)
{
    if (threadIdx.x == 0) {
        cuda::atomic_ref<int, cuda::thread_scope_device> l(g_lock);
        while (l.exchange(1, cuda::memory_order_relaxed) != 0) {
        }
        int old = g_table[key & 63]; // expect: CL2004
        g_table[key & 63] = old + 1;
        l.store(0, cuda::memory_order_release);
    }
}
