// CL1002 positive: while loop whose trip count is log2(threadIdx.x): the
// counter starts from a thread-varying value.
__global__ void halving_per_thread(float *x)
{
    __shared__ float s[256];
    unsigned k = threadIdx.x;
    s[threadIdx.x] = x[threadIdx.x];
    while (k > 0) {
        s[threadIdx.x] += s[k];
        __syncthreads(); // expect: CL1002
        k >>= 1;
    }
    x[threadIdx.x] = s[threadIdx.x];
}
