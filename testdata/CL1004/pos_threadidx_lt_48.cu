// CL1004 positive: `threadIdx.x < 48` is not a multiple of 32, so it splits the
// second warp (lanes 0..15 in, 16..31 out). __shfl_xor_sync with the full mask
// inside is a divergent collective.
__global__ void butterfly_first48(float *data)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = data[i];
    if (threadIdx.x < 48)
        v += __shfl_xor_sync(0xffffffff, v, 1); // expect: CL1004
    data[i] = v;
}
