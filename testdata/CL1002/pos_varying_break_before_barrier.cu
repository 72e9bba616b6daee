// CL1002 positive: `if (tid >= active) break;` before the barrier -- threads
// with a larger tid stay in the loop longer. The loop's trip count is
// thread-varying because of the varying break.
__global__ void shrinking(float *x, int rounds)
{
    __shared__ float s[256];
    int tid = threadIdx.x;
    s[tid] = x[tid];
    int active = 256;
    for (int r = 0; r < rounds; ++r) {
        active /= 2;
        if (tid >= active)
            break;
        s[tid] += s[tid + active];
        __syncthreads(); // expect: CL1002
    }
    x[tid] = s[tid];
}
