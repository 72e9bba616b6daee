// CL1004 positive: a warp-strided loop `for (k = lane; k < n; k += 32)` whose
// trip count differs between lanes when n is not a multiple of 32; the full-mask
// __any_sync inside runs a different number of times in different lanes.
__global__ void find_negative(const float *in, int *found, int n)
{
    int lane = threadIdx.x % 32;
    int hit = 0;
    for (int k = lane; k < n; k += 32) {
        if (__any_sync(0xffffffff, in[k] < 0.0f)) // expect: CL1004
            hit = 1;
    }
    if (lane == 0)
        found[blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32] = hit;
}
