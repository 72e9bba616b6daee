// CL2003 positive: the flag is raised with atomicCAS(flag, 0, 1) right after
// the data store. atomicCAS is a relaxed RMW; it does not order the store
// before it.
#include <cuda/atomic>

__device__ int g_msg[8];
__device__ int g_posted;

__global__ void mailbox(int *out)
{
    if (blockIdx.x == 0 && threadIdx.x < 8) {
        g_msg[threadIdx.x] = (int)threadIdx.x * 3;
        atomicCAS(&g_posted, 0, 1); // expect: CL2003
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        cuda::atomic_ref<int, cuda::thread_scope_device> p(g_posted);
        while (p.load(cuda::memory_order_acquire) == 0) {
        }
        out[0] = g_msg[7];
    }
}
