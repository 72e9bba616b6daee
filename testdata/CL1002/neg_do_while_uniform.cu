// CL1002 negative: do-while whose condition depends only on blockDim and a
// counter that starts at a constant -- uniform trip count.
__global__ void doubling(float *x)
{
    __shared__ float s[1024];
    unsigned stride = 1;
    s[threadIdx.x] = x[threadIdx.x];
    do {
        __syncthreads();
        if (threadIdx.x % (2 * stride) == 0 && threadIdx.x + stride < blockDim.x)
            s[threadIdx.x] += s[threadIdx.x + stride];
        stride *= 2;
    } while (stride < blockDim.x);
    __syncthreads();
    x[threadIdx.x] = s[0];
}
