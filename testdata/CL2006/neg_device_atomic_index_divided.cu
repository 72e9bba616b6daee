// CL2006 negative: the twin of pos_block_atomic_index_divided.cu with a
// device-scope atomic, which two blocks can share.
__global__ void convolve(const float *in, int k, int n, float *out)
{
    int bid = blockIdx.x;
    int g = bid * blockDim.x + threadIdx.x;
    int o = g / k;
    if (o < n)
        atomicAdd(&out[o], in[g]);
}
