// CL2001 negative: the helper the exit test calls is recursive; cudalint
// does not follow it into itself (no hang) and takes it for an opaque
// call, which may synchronise.
__device__ int depth_of(const int *p, int n)
{
    return n == 0 ? *p : depth_of(p, n - 1);
}

__global__ void wait_flag(const int *flag, int *out, int n)
{
    while (depth_of(flag, n) == 0) {
    }
    out[blockIdx.x] = 1;
}
