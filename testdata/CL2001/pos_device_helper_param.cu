// CL2001 positive: the wait is factored into a __device__ helper that takes
// the flag pointer as a parameter; the plain load in the helper's loop is
// just as hoistable as in a kernel.
__device__ void wait_nonzero(const int *f)
{
    while (*f == 0); // expect: CL2001
}

__global__ void user(const int *flag, int *out)
{
    wait_nonzero(flag);
    out[blockIdx.x] = 3;
}
