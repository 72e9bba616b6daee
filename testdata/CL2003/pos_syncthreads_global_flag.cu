// CL2003 positive: all threads of block 0 store their element, pass
// __syncthreads(), and thread 0 raises a global flag for block 1. A barrier
// orders memory within the block only; block 1 may see the flag before the
// elements. __threadfence() before the atomicExch is needed.
__global__ void barrier_not_fence(float *data, int *flag, float *out)
{
    if (blockIdx.x == 0) {
        data[threadIdx.x] = (float)threadIdx.x;
        __syncthreads();
        if (threadIdx.x == 0)
            atomicExch(flag, 1); // expect: CL2003
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (atomicAdd(flag, 0) == 0) {
        }
        __threadfence();
        out[0] = data[31];
    }
}
