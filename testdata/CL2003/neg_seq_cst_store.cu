// CL2003 negative: the flag is published with atomic_ref's default store,
// which is seq_cst and therefore also a release.
#include <cuda/atomic>

__device__ int g_data[16];
__device__ int g_ready;

__global__ void sc_pub(int *out)
{
    cuda::atomic_ref<int, cuda::thread_scope_device> r(g_ready);
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        g_data[3] = 9;
        r.store(1);
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (r.load() == 0) {
        }
        out[0] = g_data[3];
    }
}
