// CL1001 positive: the if/else-with-two-barriers bug written on one line.
// Two barrier calls on the same line, both under a thread-varying condition:
// two CL1001 findings on that line (exercises the runner's multiset compare).
__global__ void one_line(int *data)
{
    __shared__ int s[128];
    s[threadIdx.x] = data[threadIdx.x];
    int cond = threadIdx.x < 64;
    if (cond) __syncthreads(); else __syncthreads(); // expect: CL1001 CL1001
    data[threadIdx.x] = s[127 - threadIdx.x];
}
