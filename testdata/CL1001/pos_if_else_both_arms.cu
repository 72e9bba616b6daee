// CL1001 positive: the seed article's "looks safe" if/else.
// Both arms contain a __syncthreads(), so every thread executes *a* barrier,
// but not the *same* barrier call: the two halves wait at different PCs.
// cond is thread-varying, so each of the two barrier calls is one finding.
__global__ void both_arms(int *data)
{
    __shared__ int s[128];
    bool cond = (threadIdx.x & 1) != 0;
    if (cond) {
        s[threadIdx.x] = data[threadIdx.x];
        __syncthreads(); // expect: CL1001
    } else {
        s[threadIdx.x] = 0;
        __syncthreads(); // expect: CL1001
    }
    data[threadIdx.x] = s[threadIdx.x ^ 1];
}
