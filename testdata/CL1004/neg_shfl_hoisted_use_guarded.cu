// CL1004 negative: the fix for the half-warp shuffle. Every lane executes
// __shfl_sync(0xffffffff, ...); only the *use* of the value is guarded by the
// lane-varying condition.
__global__ void half_warp_sum(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = in[i];
    int upper = __shfl_sync(0xffffffff, v, (lane + 16) & 31);
    if (lane < 16)
        v += upper;
    out[i] = v;
}
