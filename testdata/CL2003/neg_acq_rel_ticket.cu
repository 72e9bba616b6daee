// CL2003 negative: the last-block ticket taken with an acq_rel fetch_add on
// a device-scope atomic_ref: its release half orders the partial store, its
// acquire half orders the last block's reads.
#include <cuda/atomic>

__device__ unsigned g_arrived;

__global__ void last_block(float *partial, float *total)
{
    if (threadIdx.x == 0) {
        partial[blockIdx.x] = (float)blockIdx.x;
        cuda::atomic_ref<unsigned, cuda::thread_scope_device> c(g_arrived);
        unsigned t = c.fetch_add(1u, cuda::memory_order_acq_rel);
        if (t == gridDim.x - 1) {
            float s = 0.0f;
            for (unsigned b = 0; b < gridDim.x; b++)
                s += partial[b];
            *total = s;
        }
    }
}
