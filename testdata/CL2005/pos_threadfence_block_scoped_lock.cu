// CL2005 positive (ScoR race_interwarp_none-blklock_waw, the fences): a lock
// taken and released with block-scoped atomics, with __threadfence() around
// the critical section. Only threads of one block can synchronise through
// block-scoped atomics, so block-scope fences order all the lock hands over.
__device__ int g_lock;

__global__ void locked(volatile unsigned *data)
{
    if (threadIdx.x % 32 == 0) {
        while (atomicCAS_block(&g_lock, 0, 1) != 0) {
        }
        __threadfence(); // expect: CL2005 "whose atomics all have block scope"
        data[0] = data[0] + 1;
        __threadfence(); // expect: CL2005 "use `__threadfence_block()`"
        atomicExch_block(&g_lock, 0);
    }
}
