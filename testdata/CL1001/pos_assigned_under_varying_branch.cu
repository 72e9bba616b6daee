// CL1001 positive: k is only ever assigned constants, but the assignment
// happens under a thread-varying branch (control dependence), so k differs
// between odd and even threads and `if (k)` diverges.
__global__ void odd_threads(int *out)
{
    __shared__ int s[256];
    int tid = threadIdx.x;
    int k = 0;
    if (tid & 1) k = 1;
    s[tid] = tid;
    if (k) __syncthreads(); // expect: CL1001
    out[tid] = s[tid ^ 1];
}
