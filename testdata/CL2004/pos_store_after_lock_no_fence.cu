// CL2004 positive (ScoR race_interblock_lock-no-stf_waw, rewritten): a lock
// taken with atomicCAS, then the protected location written with no fence
// after the acquire. The store can take effect before the lock is seen
// taken, under the previous holder's accesses; the releases are fenced.
__device__ int g_lock;

__global__ void update(volatile unsigned *data)
{
    if (blockIdx.x == 0) {
        while (atomicCAS(&g_lock, 0, 1) != 0) {
        }
        data[0] = 1; // expect: CL2004 "is written after a relaxed poll of `g_lock`"
        __threadfence();
        atomicExch(&g_lock, 0);
    } else {
        while (atomicCAS(&g_lock, 0, 1) != 0) {
        }
        __threadfence();
        data[0] = 2;
        __threadfence();
        atomicExch(&g_lock, 0);
    }
}
