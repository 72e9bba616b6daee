// CL1001 negative (flow-sensitive): k holds threadIdx.x at first, but is
// overwritten with a block-uniform value before the branch. At the branch k
// is uniform, so the barrier is safe.
__global__ void reuse_local(int *x)
{
    __shared__ int s[256];
    int k = threadIdx.x;
    s[k] = x[blockIdx.x * 256 + k];
    k = blockIdx.x % 2;
    if (k == 0) {
        __syncthreads();
        x[blockIdx.x * 256 + threadIdx.x] = s[255 - threadIdx.x];
    }
}
