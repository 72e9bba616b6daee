// CL3001 negative: a __shared__ scalar written by thread 0 only, then
// __syncthreads(), then read by everyone: the write and the reads are in
// different barrier intervals.
__global__ void normalize(const float *in, const float *norms, float *out)
{
    __shared__ float s_norm;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x == 0)
        s_norm = norms[blockIdx.x];
    __syncthreads();
    out[i] = in[i] / s_norm;
}
