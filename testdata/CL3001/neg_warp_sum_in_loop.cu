// CL3001 negative: neg_every_lane_stores_warp_sum.cu's store, in a loop
// over columns that calls the butterfly helper twice per iteration. The
// helper's loop runs inside the column loop, where the simulation cuts
// loops short and forgets what they wrote; the sum stays one value per
// warp, as the uniformity analysis shows.
__device__ float warp_sum(float x)
{
    for (int offset = 16; offset > 0; offset >>= 1)
        x += __shfl_xor_sync(0xffffffff, x, offset, 32);
    return x;
}

__global__ void cols(const float *x, float *dst)
{
    __shared__ float buf[8];
    const int tid = threadIdx.x;
    float sum = 0.0f;
    for (int j = 0; j < 2; ++j) {
        sum = warp_sum(x[tid + j * 256]);
        buf[tid / 32] = sum;
        __syncthreads();
        if (tid < 32)
            sum = warp_sum(tid < 8 ? buf[tid] : 0.0f);
        __syncthreads();
    }
    if (tid < 2)
        dst[blockIdx.x * 2 + tid] = sum;
}
