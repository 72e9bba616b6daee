// CL1001 negative (interprocedural): barriers inside __device__ helpers that
// the kernel calls unconditionally. Nothing diverges.
__device__ void load_tile(float *t, const float *g, int ld)
{
    t[threadIdx.y * 16 + threadIdx.x] = g[threadIdx.y * ld + threadIdx.x];
    __syncthreads();
}

__device__ float transpose_read(const float *t)
{
    float v = t[threadIdx.x * 16 + threadIdx.y];
    __syncthreads();
    return v;
}

__global__ void transpose16(const float *in, float *out, int ld)
{
    __shared__ float t[16 * 16];
    load_tile(t, in + blockIdx.x * 16, ld);
    float v = transpose_read(t);
    out[blockIdx.x * 16 + threadIdx.y * ld + threadIdx.x] = v;
}
