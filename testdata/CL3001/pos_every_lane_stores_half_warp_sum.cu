// CL3001 positive: the same store as neg_every_lane_stores_warp_sum.cu,
// but the butterfly runs over segments of 16 lanes: the two halves of a
// warp hold different sums and write them to the same slot.
__device__ float half_sum(float x)
{
    for (int offset = 8; offset > 0; offset >>= 1)
        x = x + __shfl_xor_sync(0xffffffff, x, offset, 16);
    return x;
}

__global__ void rows(const float *x, float *dst)
{
    __shared__ float buf[8];
    const int tid = threadIdx.x;
    float sum = half_sum(x[blockIdx.x * blockDim.x + tid]);
    buf[tid / 32] = sum; // expect: CL3001
    __syncthreads();
    if (tid == 0)
        dst[blockIdx.x] = buf[0] + buf[7];
}
