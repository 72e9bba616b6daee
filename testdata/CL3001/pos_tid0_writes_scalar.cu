// CL3001 positive: a __shared__ scalar written only by thread 0 (a subset of
// the block, under a thread-varying condition) and read by every thread with
// no barrier in between.
__global__ void normalize(const float *in, const float *norms, float *out)
{
    __shared__ float s_norm;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x == 0)
        s_norm = norms[blockIdx.x];
    out[i] = in[i] / s_norm; // expect: CL3001
}
