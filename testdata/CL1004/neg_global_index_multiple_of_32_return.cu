// CL1004 negative: the global index blockIdx.x*blockDim.x+threadIdx.x compared
// with a constant multiple of 32 (4096) splits no warp, so the lanes left after
// the early return are whole warps and the full-mask shuffle is fine.
__global__ void bounded_scan_step(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= 4096)
        return;
    int v = in[i];
    int up = __shfl_up_sync(0xffffffff, v, 1);
    if ((threadIdx.x & 31) >= 1)
        v += up;
    out[i] = v;
}
