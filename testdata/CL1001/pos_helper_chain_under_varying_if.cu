// CL1001 positive (interprocedural, two levels): stage() -> sync_tile() ->
// __syncthreads(). stage() is called under a lane-dependent condition, so the
// finding is at the kernel's call of stage(); neither helper body is flagged.
__device__ void sync_tile(float *t, int i, float v)
{
    t[i] = v;
    __syncthreads();
}

__device__ void stage(float *t, int i, const float *src)
{
    sync_tile(t, i, src[i]);
}

__global__ void staged(const float *src, float *dst)
{
    __shared__ float t[256];
    unsigned lane = threadIdx.x & 31;
    if (lane < 16)
        stage(t, threadIdx.x, src); // expect: CL1001
    dst[threadIdx.x] = t[threadIdx.x];
}
