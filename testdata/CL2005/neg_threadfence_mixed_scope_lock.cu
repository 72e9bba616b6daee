// CL2005 negative (ScoR norace_interwarp_dev-blklock_waw, rewritten): one
// path takes the lock with a device-scope atomicCAS, so the lock is not
// block-scoped, and its __threadfence() may be needed.
__device__ int g_lock;

__global__ void locked(volatile unsigned *data)
{
    if (threadIdx.x == 0) {
        while (atomicCAS(&g_lock, 0, 1) != 0) {
        }
        __threadfence();
        data[0] = 1;
        __threadfence();
        atomicExch(&g_lock, 0);
    } else if (threadIdx.x == 32) {
        while (atomicCAS_block(&g_lock, 0, 1) != 0) {
        }
        __threadfence_block();
        data[0] = 2;
        __threadfence_block();
        atomicExch_block(&g_lock, 0);
    }
}
