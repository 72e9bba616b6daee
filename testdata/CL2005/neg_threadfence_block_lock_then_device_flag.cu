// CL2005 negative: the fence before the block-scoped unlock is also the only
// one that orders the data before the device-scope flag raised after the
// barrier: another block reads the data, so it needs device scope.
__device__ int g_lock, g_done;

__global__ void publish(volatile unsigned *data, unsigned *out)
{
    if (threadIdx.x % 32 == 0) {
        while (atomicCAS_block(&g_lock, 0, 1) != 0) {
        }
        __threadfence_block();
        data[0] = data[0] + 1;
        __threadfence();
        atomicExch_block(&g_lock, 0);
    }
    __syncthreads();
    if (threadIdx.x == 0 && blockIdx.x == 0)
        atomicExch(&g_done, 1);
    if (threadIdx.x == 0 && blockIdx.x == 1) {
        while (atomicAdd(&g_done, 0) == 0) {
        }
        __threadfence();
        out[0] = data[0];
    }
}
