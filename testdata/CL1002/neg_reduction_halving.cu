// CL1002 negative: the seed article's tree reduction.
// `for (s = blockDim.x/2; s > 0; s >>= 1) { if (tid < s) ...; __syncthreads(); }`
// The trip count depends only on blockDim (uniform); the varying if contains
// no barrier. This is the most common false-positive trap.
__global__ void reductionSumKernel(const float *input, float *output, int n)
{
    __shared__ float sdata[256];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? input[i] : 0.0f;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid == 0)
        output[blockIdx.x] = sdata[0];
}
