// CL1002 negative: a helper with more than sixteen parameters, called with
// uniform arguments, loops a uniform number of times; its summary is keyed
// by every argument's level, the last ones included.
__device__ void pass(float *s, float *out, int a0, int a1, int a2, int a3, int a4, int a5, int a6, int a7,
                     int a8, int a9, int a10, int a11, int a12, int a13, int a14, int rounds)
{
    for (int r = 0; r < rounds; ++r) {
        float v = s[(threadIdx.x + 1) % 256];
        __syncthreads();
        s[threadIdx.x] = v;
        __syncthreads();
    }
    out[threadIdx.x] = s[threadIdx.x];
}

__global__ void run(float *x, int rounds)
{
    __shared__ float s[256];
    s[threadIdx.x] = x[threadIdx.x];
    __syncthreads();
    pass(s, x, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, rounds);
}
