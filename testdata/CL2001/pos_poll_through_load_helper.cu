// CL2001 positive: the exit test calls a one-line __device__ helper that
// reads the flag with a plain load. Inlined, it is the plain poll
// `while (*flag == 0)`, and the load may be hoisted out of the loop.
__device__ int peek(const int *p)
{
    return *p;
}

__global__ void wait_flag(const int *flag, int *out)
{
    while (peek(flag) == 0) { // expect: CL2001
    }
    out[blockIdx.x] = 1;
}
