// CL2003 positive: neg_other_threads_one_warp.cu with two warps storing:
// lane 0 of warp 0 raises the flag with no __syncthreads() between, so warp
// 1's slots may not be stored yet (tile[b * 64 + 40] is one of them).
__global__ void warp_tile(const float *in, float *tile, volatile int *ready, float *out)
{
    if (threadIdx.x < 64) {
        tile[blockIdx.x * 64 + threadIdx.x] = in[threadIdx.x];
        __threadfence();
        if (threadIdx.x == 0)
            ready[blockIdx.x] = 1; // expect: CL2003 "stores to `tile[blockIdx.x * 64 + threadIdx.x]`"
    }
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        for (unsigned b = 1; b < gridDim.x; b++) {
            while (ready[b] == 0) {
            }
            __threadfence();
            out[b] = tile[b * 64 + 40];
        }
    }
}
