// CL1004 negative: the branch condition is the result of __any_sync, which is
// the same in every lane of the warp, so the full-mask shuffle inside runs in
// all 32 lanes.
__global__ void maybe_broadcast(float *data, float threshold)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = data[i];
    if (__any_sync(0xffffffff, v > threshold))
        v = __shfl_sync(0xffffffff, v, 0);
    data[i] = v;
}
