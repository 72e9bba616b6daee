// CL1002 negative: grid-stride loop (varying trip count) with NO barrier
// inside; the barrier comes after the loop, which every thread reaches.
__global__ void grid_sum(const float *in, float *out, int n)
{
    __shared__ float s[256];
    float acc = 0.0f;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        acc += in[i];
    s[threadIdx.x] = acc;
    __syncthreads();
    if (threadIdx.x == 0) {
        float t = 0.0f;
        for (int k = 0; k < 256; ++k)
            t += s[k];
        atomicAdd(out, t);
    }
}
