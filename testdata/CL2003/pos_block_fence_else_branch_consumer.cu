// CL2003 + CL2004 positive (ScoR race_interblock_blkfence_raw, rewritten):
// block 0 publishes with __threadfence_block() and every other block (the
// else branch) consumes: the hand-off crosses blocks, so both fences need
// device scope.
__device__ int g_flag;

__global__ void pass(volatile unsigned *data, int *out)
{
    if (blockIdx.x == 0) {
        data[0] = 1;
        __threadfence_block();
        atomicExch(&g_flag, 1); // expect: CL2003
    } else {
        while (atomicExch(&g_flag, 0) == 0) {
        }
        __threadfence_block();
        out[blockIdx.x] = data[0]; // expect: CL2004 "put `__threadfence()`"
    }
}
