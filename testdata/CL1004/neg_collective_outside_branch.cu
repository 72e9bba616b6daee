// CL1004 negative: the collectives are called by every lane, outside any
// branch; only plain per-lane arithmetic is under the lane-varying condition.
__global__ void scan_warp(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    int v = in[i];
    for (int d = 1; d < 32; d <<= 1) {
        int up = __shfl_up_sync(0xffffffff, v, d);
        if (lane >= d)
            v += up;
    }
    unsigned nz = __ballot_sync(0xffffffff, v != 0);
    out[i] = lane == 31 ? (int)__popc(nz) : v;
}
