// CL1004 negative: a __shfl_sync from a constant source lane (0) broadcasts one
// value to the whole warp, so a branch on that value is warp-uniform and the
// full-mask collective inside is fine.
__global__ void leader_decides(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    int leader_v = __shfl_sync(0xffffffff, v, 0);
    if (leader_v > 0)
        v += __shfl_down_sync(0xffffffff, v, 1);
    out[i] = v;
}
