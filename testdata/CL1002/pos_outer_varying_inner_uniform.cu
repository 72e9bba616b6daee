// CL1002 positive: the barrier sits in an inner loop with a uniform trip
// count (kernel parameter k), but the OUTER loop's trip count is
// thread-varying. The innermost enclosing *cause* is the outer loop.
__global__ void outer_varying(float *x, int k)
{
    __shared__ float s[256];
    s[threadIdx.x] = x[threadIdx.x];
    for (int row = threadIdx.x / 32; row < 4; ++row) {
        for (int j = 0; j < k; ++j) {
            s[threadIdx.x] += (float)(row * j);
            __syncthreads(); // expect: CL1002
        }
    }
    x[threadIdx.x] = s[threadIdx.x];
}
