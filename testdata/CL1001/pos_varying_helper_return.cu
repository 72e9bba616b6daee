// CL1001 positive (interprocedural return value): lane_id() returns a value
// computed from threadIdx, so its result is thread-varying at the call site.
__device__ unsigned lane_id()
{
    return threadIdx.x & 31;
}

__global__ void per_lane(float *x)
{
    __shared__ float s[256];
    s[threadIdx.x] = x[threadIdx.x];
    if (lane_id() == 0)
        __syncthreads(); // expect: CL1001
    x[threadIdx.x] = s[threadIdx.x ^ 32];
}
