// CL2004 negative: last-block ticket with an acq_rel fetch_add through
// cuda::atomic_ref; the acquire half orders the reads in the last block.
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
