// CL1003 positive: whether a thread returns depends on the result of an
// atomic (thread-varying), so some threads leave before the barrier.
__device__ int budget;

__global__ void rationed(float *x)
{
    __shared__ float s[256];
    if (atomicSub(&budget, 1) <= 0)
        return;
    s[threadIdx.x] = x[blockIdx.x * 256 + threadIdx.x];
    __syncthreads(); // expect: CL1003
    x[blockIdx.x * 256 + threadIdx.x] = s[255 - threadIdx.x];
}
