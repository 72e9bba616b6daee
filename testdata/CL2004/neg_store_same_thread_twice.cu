// CL2004 negative (ScoR uts workDone, cut down): lane 0 of each warp sets its
// own `done` slot, looks at its warp's work counter and clears the slot when
// there is work. Both stores are the same thread's, in program order, and
// no writer of the counter stores to `done` before raising it.
__device__ int g_work[32];

__global__ void finished(int *out)
{
    __shared__ char done[32];
    unsigned wid = threadIdx.x / 32;
    if (threadIdx.x % 32 == 0) {
        done[wid] = 1;
        if (atomicAdd(&g_work[wid], 0) > 0)
            done[wid] = 0;
    }
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = done[wid];
}

__global__ void produce(void)
{
    atomicAdd(&g_work[blockIdx.x % 32], 1);
}
