// CL2004 negative: NVIDIA's threadFenceReduction idiom. __threadfence()
// immediately precedes the atomicInc that decides amLast; cudalint accepts
// that fence as ordering the last block's reads of the partials.
__device__ unsigned int retirementCount = 0;

__global__ void reduceSinglePass(const float *in, float *partial, float *out, unsigned n)
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
        __threadfence();
        unsigned ticket = atomicInc(&retirementCount, gridDim.x);
        amLast = (ticket == gridDim.x - 1);
    }
    __syncthreads();
    if (amLast) {
        float acc = 0.0f;
        for (unsigned j = tid; j < gridDim.x; j += blockDim.x)
            acc += partial[j];
        sdata[tid] = acc;
        __syncthreads();
        if (tid == 0)
            *out = sdata[0];
    }
}
