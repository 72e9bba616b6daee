// CL2003 negative (ScoR norace_interwarp_blkfence_raw, rewritten): threads 0
// and 32 of a block hand data over through a global flag with
// __threadfence_block(). Every block runs the same pair, guarded by
// threadIdx only: in a one-block grid block scope is right, and cudalint
// cannot see the grid, so it takes the programmer's block-scope fence.
__device__ int flag;

__global__ void pair(volatile unsigned *data, int *out)
{
    if (threadIdx.x == 0) {
        data[0] = 1;
        __threadfence_block();
        atomicExch(&flag, 1);
    } else if (threadIdx.x == 32) {
        while (atomicExch(&flag, 0) == 0) {
        }
        __threadfence_block();
        out[0] = data[0];
    }
}
