// CL2003 negative: the lanes of warp 0 store, fence, and lane 0 raises a
// global flag polled by another block. Storers and publisher are lanes of one
// warp, where the ordering point would be __syncwarp(), not a block barrier:
// warp-synchronous code cudalint leaves alone here.
__global__ void warp_tile(const float *in, float *tile, volatile int *ready, float *out)
{
    if (threadIdx.x < 32) {
        tile[blockIdx.x * 32 + threadIdx.x] = in[threadIdx.x];
        __threadfence();
        if (threadIdx.x == 0)
            ready[blockIdx.x] = 1;
    }
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        for (unsigned b = 1; b < gridDim.x; b++) {
            while (ready[b] == 0) {
            }
            __threadfence();
            out[b] = tile[b * 32 + 7];
        }
    }
}
