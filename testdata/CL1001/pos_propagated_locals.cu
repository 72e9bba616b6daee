// CL1001 positive: thread-variance propagated through locals.
// t <- threadIdx.x, u <- t * 2; `if (u > 8)` is still thread-varying.
__global__ void via_locals(int *out)
{
    __shared__ int s[256];
    int t = threadIdx.x;
    int u = t * 2;
    s[t] = u;
    if (u > 8) __syncthreads(); // expect: CL1001
    out[t] = s[255 - t];
}
