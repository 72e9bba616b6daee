// CL2003 positive: every thread stores its slot of the block's tile and
// fences, then thread 0 raises the block's flag with a plain volatile store
// and no __syncthreads() between: block 0 may see the flag before the other
// threads of the block have stored their slots.
__global__ void tiles(float *tile, volatile int *ready, float *out)
{
    tile[blockIdx.x * blockDim.x + threadIdx.x] = (float)threadIdx.x;
    __threadfence();
    if (threadIdx.x == 0) // expect-note: @5 "only these threads publish"
        ready[blockIdx.x] = 1; // expect: CL2003@9 "other threads' stores to `tile[blockIdx.x * blockDim.x + threadIdx.x]`"
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        for (unsigned b = 1; b < gridDim.x; b++) {
            while (ready[b] == 0) {
            }
            __threadfence();
            out[b] = tile[b * blockDim.x + 5];
        }
    }
}
