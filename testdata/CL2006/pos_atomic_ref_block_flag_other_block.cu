// CL2006 positive: a block-scope cuda::atomic_ref release store and acquire
// load between block 0 and block 1: the release/acquire pair synchronises
// only threads of one block, so block 1 can read stale data.
#include <cuda/atomic>

__global__ void pass(int *data, int *flag, int *out)
{
    cuda::atomic_ref<int, cuda::thread_scope_block> f(*flag);
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        data[0] = 1;
        f.store(1, cuda::memory_order_release); // expect: CL2006 "accessed atomically in other blocks"
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (f.load(cuda::memory_order_acquire) == 0) { // expect: CL2006 "use device scope: `cuda::thread_scope_device`"
        }
        out[0] = data[0];
    }
}
