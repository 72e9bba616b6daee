// CL1004 negative: the mask is a __ballot_sync of the branch condition taken
// by the whole warp before the branch, so __reduce_add_sync inside names
// exactly the lanes that enter.
__global__ void partial_sum(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    bool active = i < n;
    unsigned m = __ballot_sync(0xffffffff, active);
    if (active) {
        int s = __reduce_add_sync(m, in[i]);
        out[i] = s;
    }
}
