// CL3001 negative (ggml's mul_mat_vec_f, cut down): every lane of a warp
// stores the warp's sum to its warp's slot. A butterfly all-reduce leaves
// the same sum in all 32 lanes, so the lanes write one value: a benign
// write, not a race.
__device__ float warp_sum(float x)
{
    for (int offset = 16; offset > 0; offset >>= 1)
        x = x + __shfl_xor_sync(0xffffffff, x, offset, 32);
    return x;
}

__global__ void rows(const float *x, float *dst)
{
    __shared__ float buf[8];
    const int tid = threadIdx.x;
    float sum = warp_sum(x[blockIdx.x * blockDim.x + tid]);
    buf[tid / 32] = sum;
    __syncthreads();
    if (tid < 32) {
        sum = warp_sum(tid < 8 ? buf[tid] : 0.0f);
        if (tid == 0)
            dst[blockIdx.x] = sum;
    }
}
