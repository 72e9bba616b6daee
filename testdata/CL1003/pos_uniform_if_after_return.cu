// CL1003 positive: the barrier is inside a block-uniform if (blockIdx), which
// is not a cause by itself, but it follows a thread-varying return. No
// enclosing branch is varying, so the rule is CL1003.
__global__ void first_block_sync(float *x, int n)
{
    __shared__ float s[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    s[threadIdx.x] = x[i];
    if (blockIdx.x == 0) {
        __syncthreads(); // expect: CL1003
        x[i] = s[0];
    }
}
