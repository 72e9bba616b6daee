// CL1002 positive: the same helper as neg_helper_many_params.cu, its
// seventeenth argument now the thread's index: the trip count differs
// between threads, however many parameters come before it.
__device__ void pass(float *s, float *out, int a0, int a1, int a2, int a3, int a4, int a5, int a6, int a7,
                     int a8, int a9, int a10, int a11, int a12, int a13, int a14, int rounds)
{
    for (int r = 0; r < rounds; ++r) {
        float v = s[(threadIdx.x + 1) % 256];
        __syncthreads(); // expect: CL1002
        s[threadIdx.x] = v;
        __syncthreads(); // expect: CL1002
    }
    out[threadIdx.x] = s[threadIdx.x];
}

__global__ void run(float *x)
{
    __shared__ float s[256];
    s[threadIdx.x] = x[threadIdx.x];
    __syncthreads();
    pass(s, x, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, threadIdx.x % 4);
}
