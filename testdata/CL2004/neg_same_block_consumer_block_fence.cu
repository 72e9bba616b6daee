// CL2004 negative: threads 0 and 32 of a block, guarded by threadIdx only,
// with block-scope fences on both sides: cudalint cannot tell that another
// block takes part, so it accepts the block scope the programmer chose.
__device__ int g_flag;

__global__ void pair(volatile int *data, int *out)
{
    if (threadIdx.x == 0) {
        data[0] = 5;
        __threadfence_block();
        atomicExch(&g_flag, 1);
    } else if (threadIdx.x == 32) {
        while (atomicAdd(&g_flag, 0) == 0) {
        }
        __threadfence_block();
        out[0] = data[0];
    }
}
