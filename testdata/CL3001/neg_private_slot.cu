// CL3001 negative: per-thread private slots. Thread tid writes s[tid] and
// later reads back s[tid] -- only its own element -- so no other thread is
// involved and no barrier is needed.
__global__ void private_scratch(const float *in, float *out)
{
    __shared__ float s[256];
    int tid = threadIdx.x;
    int i = blockIdx.x * 256 + tid;
    s[tid] = in[i] * in[i];
    float x = s[tid] + 1.0f;
    s[tid] = x;
    out[i] = s[tid];
}
