// CL1001 negative: __syncwarp() is a warp-level barrier, not a block barrier.
// `if (threadIdx.x < 32)` selects exactly warp 0, which then syncs itself.
// The block rules must not treat __syncwarp as a block barrier.
__global__ void warp0_reduce(const float *in, float *out)
{
    __shared__ float s[256];
    s[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
    __syncthreads();
    if (threadIdx.x < 32) {
        float v = 0.0f;
        for (int k = threadIdx.x; k < 256; k += 32)
            v += s[k];
        s[threadIdx.x] = v;
        __syncwarp();
        if (threadIdx.x == 0) {
            float t = 0.0f;
            for (int k = 0; k < 32; ++k)
                t += s[k];
            out[blockIdx.x] = t;
        }
    }
}
