// CL1004 negative: under `if (lane < 16)` the shuffle uses the partial mask
// 0x0000ffff, which names exactly the lower half-warp that executes it.
__global__ void half_warp_reduce(float *data)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    float v = data[i];
    if (lane < 16) {
        for (int o = 8; o > 0; o >>= 1)
            v += __shfl_down_sync(0x0000ffff, v, o);
    }
    data[i] = v;
}
