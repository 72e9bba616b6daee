// CL2001 negative: atomicCAS(flag, 1, 1) is a read-modify-write used as an
// atomic read; it is re-executed on every iteration. Nothing but an output
// is written afterwards.
__global__ void cas_wait(int *flag, int *out)
{
    while (atomicCAS(flag, 1, 1) != 1) {
    }
    out[blockIdx.x] = 1;
}
