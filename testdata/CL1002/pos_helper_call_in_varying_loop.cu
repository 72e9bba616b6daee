// CL1002 positive (interprocedural): exchange() reaches a __syncthreads().
// It is called inside a loop whose trip count depends on threadIdx, so the
// finding is on the call line in the kernel.
__device__ void exchange(float *s, int i)
{
    float v = s[i ^ 1];
    __syncthreads();
    s[i] = v;
}

__global__ void exchange_rounds(float *x)
{
    __shared__ float s[256];
    s[threadIdx.x] = x[threadIdx.x];
    for (unsigned r = 0; r < threadIdx.x % 3; ++r)
        exchange(s, threadIdx.x); // expect: CL1002
    x[threadIdx.x] = s[threadIdx.x];
}
