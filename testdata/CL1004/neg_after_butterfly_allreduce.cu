// CL1004 negative: after a butterfly all-reduce (xor shuffles over offsets
// 16, 8, 4, 2, 1 with the full mask) every lane holds the same sum, so a
// branch on it is taken by the whole warp or by none of it.
__global__ void gate(const float *in, float *out)
{
    float x = in[blockIdx.x * blockDim.x + threadIdx.x];
    for (int offset = 16; offset > 0; offset >>= 1)
        x += __shfl_xor_sync(0xffffffff, x, offset);
    if (x > 0.0f) {
        float y = __shfl_sync(0xffffffff, x, 0);
        out[blockIdx.x * blockDim.x + threadIdx.x] = y;
    }
}
