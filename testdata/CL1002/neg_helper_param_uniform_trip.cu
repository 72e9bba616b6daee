// CL1002 negative (interprocedural parameter uniformity): smooth() loops
// `rounds` times with a barrier inside; every call site passes a uniform
// argument (a kernel parameter, a constant), so `rounds` is uniform.
__device__ void smooth(float *s, int rounds)
{
    for (int r = 0; r < rounds; ++r) {
        float v = 0.5f * (s[threadIdx.x] + s[(threadIdx.x + 1) % 256]);
        __syncthreads();
        s[threadIdx.x] = v;
        __syncthreads();
    }
}

__global__ void smooth_param(float *x, int rounds)
{
    __shared__ float s[256];
    s[threadIdx.x] = x[threadIdx.x];
    __syncthreads();
    smooth(s, rounds);
    smooth(s, 2);
    x[threadIdx.x] = s[threadIdx.x];
}
