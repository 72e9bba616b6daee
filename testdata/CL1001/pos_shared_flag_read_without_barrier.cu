// CL1001 positive: a __shared__ flag written by thread 0 but read WITHOUT a
// barrier in between. Unlike the amLast pattern (barrier between the write and
// the read), other threads may read s_go before thread 0 wrote it, so s_go is
// not block-uniform here and the branch around the barrier is divergent.
__global__ void racy_flag(const int *flags, float *x)
{
    __shared__ int s_go;
    __shared__ float s[256];
    if (threadIdx.x == 0)
        s_go = flags[blockIdx.x];
    s[threadIdx.x] = x[threadIdx.x];
    if (s_go) { // expect: CL3001
        __syncthreads(); // expect: CL1001
        x[threadIdx.x] = s[255 - threadIdx.x];
    }
}
