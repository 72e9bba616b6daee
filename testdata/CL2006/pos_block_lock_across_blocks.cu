// CL2006 positive (ScoR race_interblock_blklock_waw, rewritten): block 0
// and the other blocks take one lock with block-scope atomics and fences.
// The lock's atomics race between blocks, and the fences order the
// protected store for the own block only: both need device scope.
__device__ int g_lock;

__global__ void locked(volatile unsigned *data)
{
    if (blockIdx.x == 0) {
        while (atomicCAS_block(&g_lock, 0, 1) != 0) { // expect: CL2006 "atomicCAS_block()` on `g_lock` has block scope"
        }
        __threadfence_block(); // expect: CL2006 "after the observation of `g_lock`"
        data[0] = 1;
        __threadfence_block(); // expect: CL2006 "before the publication of `g_lock`"
        atomicExch_block(&g_lock, 0); // expect: CL2006 "atomicExch_block()"
    } else {
        while (atomicCAS_block(&g_lock, 0, 1) != 0) { // expect: CL2006
        }
        __threadfence_block(); // expect: CL2006
        data[0] = 2;
        __threadfence_block(); // expect: CL2006
        atomicExch_block(&g_lock, 0); // expect: CL2006
    }
}
