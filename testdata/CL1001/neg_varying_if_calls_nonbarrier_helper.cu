// CL1001 negative (interprocedural): a varying if calls a __device__ helper
// that does NOT reach any barrier. Only barrier-reaching calls count.
__device__ float accumulate(const float *v, int i, int n)
{
    float acc = 0.0f;
    for (int k = i; k < n; k += 32)
        acc += v[k];
    return acc;
}

__global__ void partial_sums(const float *v, float *out, int n)
{
    __shared__ float s[256];
    float a = 0.0f;
    if ((int)threadIdx.x < n)
        a = accumulate(v, threadIdx.x, n);
    s[threadIdx.x] = a;
    __syncthreads();
    out[blockIdx.x * 256 + threadIdx.x] = s[(threadIdx.x + 1) % 256];
}
