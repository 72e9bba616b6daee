// CL2003 + CL2004 negative (ScoR norace_interwarp_blklock_waw, rewritten): a
// lock taken and released with block-scope atomics, with block-scope fences
// inside. Only threads of one block can synchronise through a block-scoped
// atomic, so block-scope fences are the right ones.
__device__ int g_lock;

__global__ void locked(volatile unsigned *data, unsigned *out)
{
    if (threadIdx.x % 32 == 0) {
        while (atomicCAS_block(&g_lock, 0, 1) != 0) {
        }
        __threadfence_block();
        data[0] = data[0] + threadIdx.x;
        __threadfence_block();
        atomicExch_block(&g_lock, 0);
    }
    __syncthreads();
    if (threadIdx.x == 0)
        out[blockIdx.x] = data[0];
}
