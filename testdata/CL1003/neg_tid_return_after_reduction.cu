// CL1003 negative: `if (tid != 0) return;` after the reduction's last
// barrier -- the idiomatic "only thread 0 writes the block result".
__global__ void reduce_then_exit(const float *in, float *out)
{
    __shared__ float sdata[256];
    unsigned tid = threadIdx.x;
    sdata[tid] = in[blockIdx.x * blockDim.x + tid];
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads();
    }
    if (tid != 0)
        return;
    out[blockIdx.x] = sdata[0];
}
