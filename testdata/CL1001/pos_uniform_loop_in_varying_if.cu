// CL1001 positive: "let warp 0 do the serial part" -- a loop with a uniform
// trip count (kernel parameter n) but placed inside `if (threadIdx.x < 32)`.
// The loop is not a cause; the enclosing varying if is, so CL1001.
__global__ void warp0_serial(float *x, int n)
{
    __shared__ float s[32];
    if (threadIdx.x < 32) {
        for (int k = 0; k < n; ++k) {
            s[threadIdx.x] = x[k * 32 + threadIdx.x]; // expect: CL3001
            __syncthreads(); // expect: CL1001
            x[k * 32 + threadIdx.x] = s[31 - threadIdx.x];
        }
    }
}
