// CL1004 positive: with --no-assume-warp-aligned-blocks, blockDim.x may not be a
// multiple of 32 (e.g. 16x16 blocks put two rows in a warp), so threadIdx.y is
// lane-varying and the full-mask shuffle under `threadIdx.y == 0` diverges.
// cudalint-args: --no-assume-warp-aligned-blocks
__global__ void row0_broadcast(float *data, int width)
{
    int idx = (blockIdx.y * blockDim.y + threadIdx.y) * width + blockIdx.x * blockDim.x + threadIdx.x;
    float v = data[idx];
    if (threadIdx.y == 0)
        v = __shfl_sync(0xffffffff, v, 0); // expect: CL1004
    data[idx] = v;
}
