// CL1002 negative (interprocedural return value): num_chunks() depends only
// on its (uniform) argument and blockDim, so its result is uniform and the
// loop around the barrier has a uniform trip count.
__device__ int num_chunks(int n)
{
    return (n + blockDim.x - 1) / blockDim.x;
}

__global__ void chunk_loop(float *x, int n)
{
    __shared__ float s[256];
    int chunks = num_chunks(n);
    for (int c = 0; c < chunks; ++c) {
        int i = c * blockDim.x + threadIdx.x;
        s[threadIdx.x] = (i < n) ? x[i] : 0.0f;
        __syncthreads();
        if (i < n)
            x[i] = s[blockDim.x - 1 - threadIdx.x];
        __syncthreads();
    }
}
