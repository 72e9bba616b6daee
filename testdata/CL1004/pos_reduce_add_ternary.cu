// CL1004 positive: a warp reduction (__reduce_add_sync, sm_80+) on one arm of
// a ?: whose condition is lane-varying (`lane < 8`). Only lanes 0..7 evaluate
// the collective although its mask names the whole warp.
__global__ void first_eight_sum(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = in[i];
    int r = (lane < 8) ? __reduce_add_sync(0xffffffff, v) : 0; // expect: CL1004
    out[i] = r;
}
