// CL2006 positive (ScoR race_interblock_blkfence_raw, rewritten): block 0
// publishes with __threadfence_block() and every other block (the else
// branch) consumes: the hand-off crosses blocks, so both fences need device
// scope.
__device__ int g_flag;

__global__ void pass(volatile unsigned *data, int *out)
{
    if (blockIdx.x == 0) {
        data[0] = 1;
        __threadfence_block(); // expect: CL2006 "before the publication of `g_flag`"
        atomicExch(&g_flag, 1);
    } else {
        while (atomicExch(&g_flag, 0) == 0) {
        }
        __threadfence_block(); // expect: CL2006 "after the observation of `g_flag`"
        out[blockIdx.x] = data[0];
    }
}
