// CL2001 positive: the plain load is two helpers deep below the exit test;
// both inline, and the load is as hoistable as in the loop itself.
__device__ int peek(const int *p)
{
    return *p;
}

__device__ bool is_set(const int *p)
{
    return peek(p) != 0;
}

__global__ void wait_flag(const int *flag, int *out)
{
    while (!is_set(flag)) { // expect: CL2001
    }
    out[blockIdx.x] = 1;
}
