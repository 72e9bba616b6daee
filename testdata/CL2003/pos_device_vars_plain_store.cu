// CL2003 positive: __device__ variables for payload and flag, the flag
// stored with a plain assignment after the payload. The consumer's poll uses
// an acquire load (clean), the producer has no release.
#include <cuda/atomic>

__device__ long long g_payload;
__device__ int g_flag;

__global__ void prod()
{
    g_payload = 1234567890123LL;
    g_flag = 1; // expect: CL2003
}

__global__ void cons(long long *out)
{
    cuda::atomic_ref<int, cuda::thread_scope_device> f(g_flag);
    while (f.load(cuda::memory_order_acquire) == 0) {
    }
    *out = g_payload;
}
