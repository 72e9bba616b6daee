// CL2001 negative: the helper the exit test calls loads the flag with an
// acquire atomic_ref load, so every call reads memory again and orders
// the reads after the loop.
#include <cuda/atomic>

__device__ int peek_acquire(int *p)
{
    cuda::atomic_ref<int, cuda::thread_scope_device> r(*p);
    return r.load(cuda::memory_order_acquire);
}

__global__ void wait_flag(int *flag, const int *data, int *out)
{
    while (peek_acquire(flag) == 0) {
    }
    out[blockIdx.x] = data[0];
}
