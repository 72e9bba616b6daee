// CL1001 positive: a load from a thread-varying address (mask[gid]) yields a
// thread-varying value; branching on it around a barrier diverges.
__global__ void masked(const int *mask, float *x)
{
    __shared__ float s[256];
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = x[gid];
    if (mask[gid]) {
        __syncthreads(); // expect: CL1001
        x[gid] = s[(threadIdx.x + 1) % 256];
    }
}
