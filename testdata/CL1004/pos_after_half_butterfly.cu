// CL1004 positive: the butterfly stops at offset 8, so each half of the
// warp holds its own sum; a branch on it can split the warp before a
// full-mask shuffle.
__global__ void gate(const float *in, float *out)
{
    float x = in[blockIdx.x * blockDim.x + threadIdx.x];
    for (int offset = 8; offset > 0; offset >>= 1)
        x += __shfl_xor_sync(0xffffffff, x, offset);
    if (x > 0.0f) {
        float y = __shfl_sync(0xffffffff, x, 0); // expect: CL1004
        out[blockIdx.x * blockDim.x + threadIdx.x] = y;
    }
}
