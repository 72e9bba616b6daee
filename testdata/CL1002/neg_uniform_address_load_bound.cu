// CL1002 negative: CSR segment per block. The segment length is loaded from
// offsets[blockIdx.x] / offsets[blockIdx.x + 1] -- uniform addresses, so the
// loaded values are uniform and the chunk loop's trip count is uniform.
__global__ void segment_sum(const int *offsets, const float *vals, float *out)
{
    __shared__ float s[256];
    int begin = offsets[blockIdx.x];
    int end = offsets[blockIdx.x + 1];
    float acc = 0.0f;
    for (int base = begin; base < end; base += blockDim.x) {
        int i = base + threadIdx.x;
        s[threadIdx.x] = (i < end) ? vals[i] : 0.0f;
        __syncthreads();
        if (threadIdx.x == 0)
            for (int k = 0; k < 256; ++k)
                acc += s[k];
        __syncthreads();
    }
    if (threadIdx.x == 0)
        out[blockIdx.x] = acc;
}
