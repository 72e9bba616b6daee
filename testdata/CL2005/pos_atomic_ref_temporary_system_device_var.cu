// CL2005 positive (d): a temporary atomic_ref with thread_scope_system on a
// __device__ counter, and a __shared__ cuda::atomic declared with device
// scope and used with release order. The fixes narrow the scope argument
// where each type is spelled.
#include <cuda/atomic>

__device__ int g_total;

__global__ void tally(int *out)
{
    __shared__ cuda::atomic<int, cuda::thread_scope_device> s_ready;
    cuda::atomic_ref<int, cuda::thread_scope_system>(g_total).fetch_add(1, cuda::memory_order_relaxed); // expect: CL2005
    if (threadIdx.x == 0)
        s_ready.store(1, cuda::memory_order_release); // expect: CL2005
    __syncthreads();
    out[threadIdx.x] = s_ready.load(cuda::memory_order_relaxed);
}
