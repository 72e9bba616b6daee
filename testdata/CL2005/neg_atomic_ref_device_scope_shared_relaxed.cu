// CL2005 negative: a device-scope atomic_ref on a __shared__ counter used
// with memory_order_relaxed. A relaxed atomic implies no fence, so the
// scope costs nothing extra; the rule only targets non-relaxed orders.
#include <cuda/atomic>

__global__ void shared_count(const int *v, int *out)
{
    __shared__ int s_count;
    if (threadIdx.x == 0)
        s_count = 0;
    __syncthreads();
    cuda::atomic_ref<int, cuda::thread_scope_device> c(s_count);
    if (v[blockIdx.x * blockDim.x + threadIdx.x] > 0)
        c.fetch_add(1, cuda::memory_order_relaxed);
    __syncthreads();
    if (threadIdx.x == 0)
        out[blockIdx.x] = s_count;
}
