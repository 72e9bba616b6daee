// CL1004 negative: by default cudalint assumes blockDim.x % 32 == 0 (e.g.
// 32x8 blocks), so threadIdx.y is the same in all lanes of a warp and the
// full-mask shuffle under `threadIdx.y == 0` is whole-warp.
__global__ void row0_broadcast(float *data, int width)
{
    int idx = (blockIdx.y * blockDim.y + threadIdx.y) * width + blockIdx.x * blockDim.x + threadIdx.x;
    float v = data[idx];
    if (threadIdx.y == 0)
        v = __shfl_sync(0xffffffff, v, 0);
    data[idx] = v;
}
