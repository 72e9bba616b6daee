// CL2006 positive: block 0 publishes with a block-scope fence, and thread 0
// of every block waits for it: the consumers of blocks other than 0 are in
// other blocks, so the fence must have device scope.
__device__ int g_go;

__global__ void broadcast(float *cfg, float *out)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        cfg[0] = 3.0f;
        __threadfence_block(); // expect: CL2006 "use `__threadfence()`"
        atomicExch(&g_go, 1);
    }
    if (threadIdx.x == 0) {
        while (atomicAdd(&g_go, 0) == 0) {
        }
        __threadfence();
        out[blockIdx.x] = cfg[0];
    }
}
