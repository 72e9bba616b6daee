// CL1003 positive: the seed article's riskyKernel. Out-of-range threads
// `return` early; the remaining threads then wait at __syncthreads() for
// threads that have left (wrong results, as measured on an H200).
__global__ void riskyKernel(int *data, int N)
{
    __shared__ int s[256];
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= N) {
        return;
    }
    s[threadIdx.x] = data[idx] * 2;
    __syncthreads(); // expect: CL1003
    data[idx] = s[(threadIdx.x + 1) % blockDim.x];
}
