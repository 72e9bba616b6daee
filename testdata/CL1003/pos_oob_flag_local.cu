// CL1003 positive: the bounds test is stored in a local bool first
// (varying through a local), then used for the early return.
__global__ void oob_flag(float *x, int n)
{
    __shared__ float s[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    bool oob = i >= n;
    if (oob)
        return;
    s[threadIdx.x] = x[i];
    __syncthreads(); // expect: CL1003
    x[i] = s[(threadIdx.x + 3) % 256];
}
