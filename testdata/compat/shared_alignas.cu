// nvcc compatibility: alignas after __shared__, which clang 19 rejects
// ("an attribute list cannot appear here"); clang 22 accepts it.

__global__ void transpose_tile(const float *in, float *out)
{
    __shared__ alignas(16) float tile[32][33];
    tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * 32 + threadIdx.x];
    if (threadIdx.x > 15)
        __syncthreads(); // expect: CL1001
    out[threadIdx.x * 32 + threadIdx.y] = tile[threadIdx.x][threadIdx.y];
}
