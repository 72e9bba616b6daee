// CL3001 negative: the seed article's reductionSumKernel. Inside the halving
// loop, `if (tid < s)` reads sdata[tid + s] and writes sdata[tid]; every step is
// closed by __syncthreads(), so reads and writes of different steps never meet.
__global__ void reductionSumKernel(float *input, float *output, int n)
{
    __shared__ float sdata[256];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? input[i] : 0.0f;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
        }
        __syncthreads();
    }
    if (tid == 0) {
        output[blockIdx.x] = sdata[0];
    }
}
