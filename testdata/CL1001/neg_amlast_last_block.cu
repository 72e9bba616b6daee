// CL1001 negative: the classic "last block" pattern (threadFenceReduction).
// Thread 0 takes a ticket with atomicInc and stores amLast into a __shared__
// bool; after __syncthreads() every thread reads the same shared value
// (uniform address, read after a barrier), so `if (amLast)` is block-uniform
// and the barriers inside it are fine. (retirementCount is reset by the host
// between launches.)
__device__ unsigned int retirementCount = 0;

__global__ void sum_last_block(const float *in, float *partial, float *out, unsigned n)
{
    __shared__ bool amLast;
    __shared__ float sdata[256];
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
        unsigned t = atomicInc(&retirementCount, gridDim.x);
        amLast = (t == gridDim.x - 1);
    }
    __syncthreads();
    if (amLast) {
        float acc = 0.0f;
        for (unsigned j = tid; j < gridDim.x; j += blockDim.x)
            acc += partial[j];
        sdata[tid] = acc;
        __syncthreads();
        for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
            if (tid < s)
                sdata[tid] += sdata[tid + s];
            __syncthreads();
        }
        if (tid == 0) {
            *out = sdata[0];
        }
    }
}
