// CL1003 positive: `goto done` under a thread-varying condition jumps over
// the barrier.
__global__ void goto_skip(float *x, int n)
{
    __shared__ float s[256];
    int i = blockIdx.x * 256 + threadIdx.x;
    if (i >= n)
        goto done;
    s[threadIdx.x] = x[i];
    __syncthreads(); // expect: CL1003
    x[i] = s[255 - threadIdx.x];
done:
    ;
}
