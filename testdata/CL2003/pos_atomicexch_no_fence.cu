// CL2003 positive: the seed's three-step pattern with the middle step left
// out: data, then atomicExch(flag, 1). atomicExch is relaxed; without a
// __threadfence() before it the data store may become visible after the
// flag. The consumer uses an acquire load and is fine.
#include <cuda/atomic>

__global__ void pc(int *data, int *flag, int *out)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        *data = 42;
        atomicExch(flag, 1); // expect: CL2003
    }
    if (blockIdx.x == 1 && threadIdx.x == 0) {
        cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
        while (f.load(cuda::memory_order_acquire) != 1) {
        }
        out[0] = *data;
    }
}
