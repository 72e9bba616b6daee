// CL1002 positive: the loop bound n is assigned constants, but under a
// thread-varying branch, so threads 16+ loop 8 times and the others 4 times.
__global__ void two_speeds(float *x)
{
    __shared__ float s[256];
    int n = 4;
    if (threadIdx.x >= 16)
        n = 8;
    s[threadIdx.x] = x[threadIdx.x];
    for (int i = 0; i < n; ++i) {
        s[threadIdx.x] *= 1.5f;
        __syncthreads(); // expect: CL1002
    }
    x[threadIdx.x] = s[threadIdx.x];
}
