// CL2003 + CL2004 positive (ScoR race_interblock_blklock_waw, rewritten):
// block-scoped lock atomics and fences, but block 0 and the other blocks
// take the lock: the hand-off crosses blocks, so neither the block-scope
// fences nor the block-scoped atomics order it.
__device__ int g_lock;

__global__ void locked(volatile unsigned *data)
{
    if (blockIdx.x == 0) {
        while (atomicCAS_block(&g_lock, 0, 1) != 0) {
        }
        __threadfence_block();
        data[0] = 1; // expect: CL2004
        __threadfence_block();
        atomicExch_block(&g_lock, 0); // expect: CL2003
    } else {
        while (atomicCAS_block(&g_lock, 0, 1) != 0) {
        }
        __threadfence_block();
        data[0] = 2; // expect: CL2004
        __threadfence_block();
        atomicExch_block(&g_lock, 0); // expect: CL2003
    }
}
