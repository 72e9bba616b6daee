// CL2003 + CL2004 positive: threadFenceReduction with the fence deleted.
// Thread 0 publishes the block's partial and takes the ticket (CL2003 at
// atomicInc); the last block then sums the partials with no fence after the
// atomic (CL2004 at the read).
__device__ unsigned int retirementCount = 0;

__global__ void sumBlocks(const float *in, float *partial, float *out, unsigned n)
{
    __shared__ float sdata[128];
    __shared__ bool amLast;
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x + tid;
    sdata[tid] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) {
        partial[blockIdx.x] = sdata[0];
        unsigned ticket = atomicInc(&retirementCount, gridDim.x); // expect: CL2003
        amLast = (ticket == gridDim.x - 1);
    }
    __syncthreads();
    if (amLast) {
        float acc = 0.0f;
        for (unsigned j = tid; j < gridDim.x; j += blockDim.x)
            acc += partial[j]; // expect: CL2004
        sdata[tid] = acc;
        __syncthreads();
        if (tid == 0)
            *out = sdata[0];
    }
}
