// CL2001 negative: the poll reads the flag with atomicAdd(flag, 0), an atomic
// the compiler cannot hoist. No data is read after the loop, so CL2004 does
// not apply either.
__global__ void atomic_wait(int *flag, int *out)
{
    while (atomicAdd(flag, 0) == 0) {
    }
    out[blockIdx.x] = 1;
}
