// CL2001 positive: the simplest form. A kernel waits on a global flag that
// another kernel (or the host) sets; the plain load of *ready is loop
// invariant and the body does not write it, so it may be read only once.
__global__ void wait_then_work(const int *ready, float *out)
{
    if (threadIdx.x == 0) {
        while (*ready == 0) { // expect: CL2001
        }
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = 1.0f;
}
