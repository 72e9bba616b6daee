// CL2004 negative (ScoR uts genChildren, cut down): a warp's lane 0 takes a
// block-scoped lock in a device function and fences with block scope; the
// kernel releases it. The helper's sites run in the kernel's blocks, and the
// lock's atomics all have block scope, so the block-scope fence orders it.
__device__ void push(int *locks, volatile int *stack, int v)
{
    while (threadIdx.x % 32 == 0 && atomicCAS_block(&locks[blockIdx.x], 0, 1) != 0) {
    }
    __threadfence_block();
    __syncwarp();
    if (threadIdx.x % 32 == 0)
        stack[blockIdx.x] = stack[blockIdx.x] + v;
}

__global__ void search(int *locks, volatile int *stack)
{
    push(locks, stack, 2);
    __syncwarp();
    if (threadIdx.x % 32 == 0) {
        __threadfence_block();
        atomicExch_block(&locks[blockIdx.x], 0);
    }
}
