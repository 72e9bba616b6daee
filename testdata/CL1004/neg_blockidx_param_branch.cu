// CL1004 negative: branches on blockIdx and kernel parameters are the same for
// every lane of a warp; the full-mask vote and __syncwarp() inside are fine.
__global__ void mode_vote(const int *in, int *out, int mode, int nblocks)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    if (blockIdx.x < nblocks && mode == 2) {
        v = __all_sync(~0u, v > 0);
        __syncwarp();
    }
    out[i] = v;
}
