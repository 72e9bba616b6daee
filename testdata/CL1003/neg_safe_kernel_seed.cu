// CL1003 negative: the seed article's safeKernel -- invalid threads stay
// alive through the barrier (padding with 0) and only `return` after it.
__global__ void safeKernel(int *data, int N)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    bool is_valid = (idx < N);
    int value = 0;
    if (is_valid) {
        value = data[idx] * 2;
    }
    __shared__ int sdata[256];
    sdata[threadIdx.x] = is_valid ? value : 0;
    __syncthreads();
    if (!is_valid) return;
    data[idx] = sdata[threadIdx.x] + sdata[(threadIdx.x + 1) % 256];
}
