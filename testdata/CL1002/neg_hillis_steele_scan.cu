// CL1002 negative: Hillis-Steele inclusive scan. The offset loop is uniform
// (offset < blockDim.x); the thread-varying choice is a ?: that contains no
// barrier.
__global__ void scan(float *x)
{
    __shared__ float s[1024];
    unsigned tid = threadIdx.x;
    s[tid] = x[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    for (unsigned off = 1; off < blockDim.x; off <<= 1) {
        float t = (tid >= off) ? s[tid - off] : 0.0f;
        __syncthreads();
        s[tid] += t;
        __syncthreads();
    }
    x[blockIdx.x * blockDim.x + tid] = s[tid];
}
