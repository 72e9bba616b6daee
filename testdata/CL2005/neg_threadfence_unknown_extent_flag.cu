// CL2005 negative (ScoR norace_interwarp_fence_raw, rewritten): threads 0 and
// 32 hand over through a global flag with device-scope atomics and fences,
// guarded by threadIdx only. In a one-block grid block scope would do, but
// cudalint cannot see the grid, so it never calls the fence too wide.
__device__ int g_flag;

__global__ void pair(volatile unsigned *data, unsigned *out)
{
    if (threadIdx.x == 0) {
        data[0] = 1;
        __threadfence();
        atomicExch(&g_flag, 1);
    } else if (threadIdx.x == 32) {
        while (atomicExch(&g_flag, 0) == 0) {
        }
        __threadfence();
        out[0] = data[0];
    }
}
