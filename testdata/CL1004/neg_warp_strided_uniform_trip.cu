// CL1004 negative: the fix for a warp-strided loop with a ragged end. The loop
// steps a warp-uniform base, so every lane runs the same number of iterations;
// the out-of-range lanes contribute 0 instead of leaving the loop.
__global__ void warp_sum_rows(const float *in, float *out, int n)
{
    int lane = threadIdx.x & 31;
    float sum = 0.0f;
    for (int base = 0; base < n; base += 32) {
        int k = base + lane;
        float v = k < n ? in[k] : 0.0f;
        for (int o = 16; o > 0; o >>= 1)
            v += __shfl_xor_sync(0xffffffff, v, o);
        sum += v;
    }
    if (lane == 0)
        out[blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32] = sum;
}
