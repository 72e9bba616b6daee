// CL1001 negative: s starts at blockDim.x and is halved in a loop whose trip
// count is uniform; at the loop fixed point s is still uniform, so
// `if (s >= 64)` around the barrier is block-uniform (unrolled reduction).
__global__ void unrolled_reduce(float *x)
{
    __shared__ float sdata[1024];
    unsigned tid = threadIdx.x;
    sdata[tid] = x[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    unsigned s = blockDim.x;
    while (s > 1) {
        s /= 2;
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        if (s >= 64)
            __syncthreads();
        else
            __syncwarp();
    }
    if (tid == 0)
        x[blockIdx.x] = sdata[0];
}
