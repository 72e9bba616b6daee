// CL1001 positive: a broken variant of the "last block" pattern. amLast is a
// plain local (register), not __shared__, so only thread 0 ever sees true;
// the other threads skip the final reduction and its barrier.
__device__ unsigned int retired;

__global__ void last_block_broken(const float *partial_in, float *partial, float *out)
{
    __shared__ float s[256];
    bool amLast = false;
    s[threadIdx.x] = partial_in[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0) {
        partial[blockIdx.x] = s[0];
        __threadfence();
        unsigned t = atomicInc(&retired, gridDim.x);
        amLast = (t == gridDim.x - 1);
    }
    if (amLast) {
        s[threadIdx.x] = threadIdx.x < gridDim.x ? partial[threadIdx.x] : 0.0f;
        __syncthreads(); // expect: CL1001
        if (threadIdx.x == 0)
            *out = s[0] + s[1];
    }
}
