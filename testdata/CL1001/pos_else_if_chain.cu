// CL1001 positive: if / else-if chain mixing a uniform and a varying test.
// The first arm is block-uniform (blockIdx) and its barrier is fine; the
// else-if arm tests threadIdx, so its barrier is divergent.
__global__ void mixed_chain(float *x)
{
    __shared__ float s[256];
    s[threadIdx.x] = x[blockIdx.x * 256 + threadIdx.x];
    if (blockIdx.x == 0) {
        __syncthreads();
        x[threadIdx.x] = s[255 - threadIdx.x];
    } else if (threadIdx.x < 32) {
        __syncthreads(); // expect: CL1001
        x[blockIdx.x * 256 + threadIdx.x] = s[threadIdx.x + 32];
    }
}
