// CL1002 negative: a loop with a thread-varying trip count but no barrier in
// it; the barrier after the loop is reached exactly once by every thread.
__global__ void triangular(const float *in, float *out)
{
    __shared__ float s[256];
    float acc = 0.0f;
    for (unsigned i = 0; i <= threadIdx.x; ++i)
        acc += in[blockIdx.x * 256 + i];
    s[threadIdx.x] = acc;
    __syncthreads();
    out[blockIdx.x * 256 + threadIdx.x] = s[255 - threadIdx.x];
}
