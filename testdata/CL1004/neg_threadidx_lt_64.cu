// CL1004 negative: `threadIdx.x < 64` compares with a multiple of 32, so it
// selects whole warps (0 and 1); the collective inside runs in all their lanes.
__global__ void first_two_warps(const int *in, int *out)
{
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    if (threadIdx.x < 64) {
        unsigned b = __ballot_sync(0xffffffff, v != 0);
        out[blockIdx.x * 64 + threadIdx.x] = __popc(b);
    }
}
