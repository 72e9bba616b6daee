// CL2006 negative: the twin of pos_atomic_ref_block_flag_other_block.cu with
// thread_scope_device, which covers both blocks.
#include <cuda/atomic>

__global__ void pass(int *data, int *flag, int *out)
{
    cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        data[0] = 1;
        f.store(1, cuda::memory_order_release);
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (f.load(cuda::memory_order_acquire) == 0) {
        }
        out[0] = data[0];
    }
}
