// CL2003 negative: the fix of pos_other_threads_flag_store.cu: __syncthreads()
// between the fences and thread 0's flag, so the flag is raised only after
// every thread of the block has stored and fenced its slot.
__global__ void tiles(float *tile, volatile int *ready, float *out)
{
    tile[blockIdx.x * blockDim.x + threadIdx.x] = (float)threadIdx.x;
    __threadfence();
    __syncthreads();
    if (threadIdx.x == 0)
        ready[blockIdx.x] = 1;
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        for (unsigned b = 1; b < gridDim.x; b++) {
            while (ready[b] == 0) {
            }
            __threadfence();
            out[b] = tile[b * blockDim.x + 5];
        }
    }
}
