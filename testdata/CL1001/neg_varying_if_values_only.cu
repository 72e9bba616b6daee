// CL1001 negative: the seed article's fix. A thread-varying if that only
// computes values; the barrier is after the if, reached by every thread.
__global__ void fixed_branch(const float *in, float *out)
{
    __shared__ float s[256];
    float v;
    if (threadIdx.x < 16) {
        v = in[blockIdx.x * 256 + threadIdx.x] * 2.0f;
    } else {
        v = -in[blockIdx.x * 256 + threadIdx.x];
    }
    s[threadIdx.x] = v;
    __syncthreads();
    out[blockIdx.x * 256 + threadIdx.x] = s[(threadIdx.x + 1) % 256];
}
