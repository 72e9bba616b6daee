// CL2003 + CL2004 negative: thread 0 stores the block's value and raises the
// block's global flag, then the whole block passes __syncthreads() before
// any thread looks at the flag. Nothing else touches the flag between the
// barriers, so whoever sees it sees it after the barrier, which already
// orders the value.
__global__ void publish_then_sync(float *vals, int *flags, float *out)
{
    if (threadIdx.x == 0) {
        vals[blockIdx.x] = 1.5f;
        atomicExch(&flags[blockIdx.x], 1);
    }
    __syncthreads();
    if (atomicAdd(&flags[blockIdx.x], 0) == 1)
        out[blockIdx.x * blockDim.x + threadIdx.x] = vals[blockIdx.x];
}
