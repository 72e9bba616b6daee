// CL2003 negative: NVIDIA's threadFenceReduction sample: the partial sum is
// stored, __threadfence() makes it visible device-wide, then atomicInc takes
// the ticket; the last block sums the partials. This is the accepted idiom.
__device__ unsigned int retirementCount = 0;

__global__ void sumBlocks(const float *g_idata, float *g_odata, unsigned int n)
{
    __shared__ float sdata[256];
    __shared__ bool amLast;
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + tid;
    sdata[tid] = (i < n) ? g_idata[i] : 0.0f;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0) {
        g_odata[blockIdx.x] = sdata[0];
        __threadfence();
        unsigned int ticket = atomicInc(&retirementCount, gridDim.x);
        amLast = (ticket == gridDim.x - 1);
    }
    __syncthreads();
    if (amLast) {
        float acc = 0.0f;
        for (unsigned int j = tid; j < gridDim.x; j += blockDim.x)
            acc += g_odata[j];
        sdata[tid] = acc;
        __syncthreads();
        for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
            if (tid < s)
                sdata[tid] += sdata[tid + s];
            __syncthreads();
        }
        if (tid == 0) {
            g_odata[0] = sdata[0];
            retirementCount = 0;
        }
    }
}
