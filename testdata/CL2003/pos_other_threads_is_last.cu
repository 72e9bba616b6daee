// CL2003 positive: threadFenceReduction's last-block pattern with the
// partials stored by every thread: all of them fence, thread 0 takes the
// ticket and sets isLast, and only then does the block sync. The barrier
// comes too late: thread 0's atomicInc may precede the other threads' stores.
__device__ unsigned int retirementCount = 0;

__global__ void sum_parts(const float *in, float *part, float *out)
{
    __shared__ bool isLast;
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    part[i] = in[i];
    __threadfence();
    if (threadIdx.x == 0) {
        unsigned ticket = atomicInc(&retirementCount, gridDim.x); // expect: CL2003@27 "put `__syncthreads()` between `__threadfence()` and the publication"
        isLast = (ticket == gridDim.x - 1);
    }
    __syncthreads();
    if (isLast) {
        float s = 0.0f;
        for (unsigned j = threadIdx.x; j < gridDim.x * blockDim.x; j += blockDim.x)
            s += part[j];
        atomicAdd(out, s);
    }
}
