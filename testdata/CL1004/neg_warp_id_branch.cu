// CL1004 negative: `warp == 0` with warp = threadIdx.x / 32 is warp-uniform:
// either all 32 lanes of a warp enter or none do, so the full-mask shuffle
// reduction inside is fine.
__global__ void warp0_reduce(const float *in, float *out)
{
    int warp = threadIdx.x / 32;
    int lane = threadIdx.x % 32;
    float v = in[blockIdx.x * blockDim.x + threadIdx.x];
    if (warp == 0) {
        for (int o = 16; o > 0; o >>= 1)
            v += __shfl_down_sync(0xffffffff, v, o);
        if (lane == 0)
            out[blockIdx.x] = v;
    }
}
