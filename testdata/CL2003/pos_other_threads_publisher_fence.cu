// CL2003 positive: the publishing thread fences, but the stores it publishes
// were made by the other threads of the block, with no barrier between: its
// fence orders only what it wrote or saw, and it has seen nothing of theirs.
__global__ void tile_ready(float *tile, int *ready, float *out)
{
    tile[blockIdx.x * blockDim.x + threadIdx.x] = (float)threadIdx.x;
    if (threadIdx.x == 0) {
        __threadfence();
        atomicExch(&ready[blockIdx.x], 1); // expect: CL2003 "the threads for which `threadIdx.x == 0` holds"
    }
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        for (unsigned b = 1; b < gridDim.x; b++) {
            while (atomicAdd(&ready[b], 0) == 0) {
            }
            __threadfence();
            out[b] = tile[b * blockDim.x + 5];
        }
    }
}
