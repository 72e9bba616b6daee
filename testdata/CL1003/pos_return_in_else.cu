// CL1003 positive: the return is in the else arm of a thread-varying if.
__global__ void else_return(float *x, int n)
{
    __shared__ float s[256];
    int i = blockIdx.x * 256 + threadIdx.x;
    if (i < n) {
        s[threadIdx.x] = x[i];
    } else {
        return;
    }
    __syncthreads(); // expect: CL1003
    x[i] = s[(threadIdx.x + 1) % 256];
}
