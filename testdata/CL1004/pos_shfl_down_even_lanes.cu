// CL1004 positive: __shfl_down_sync with a full mask under a lane-parity
// condition (`threadIdx.x % 2 == 0`). Only the even lanes execute it, yet the
// mask claims all 32 lanes participate.
__global__ void pair_sum(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[i];
    if (threadIdx.x % 2 == 0)
        v += __shfl_down_sync(0xffffffff, v, 1); // expect: CL1004
    out[i] = v;
}
