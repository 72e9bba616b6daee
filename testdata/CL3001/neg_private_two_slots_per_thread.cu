// CL3001 negative: each thread owns two adjacent slots, s[2*tid] and
// s[2*tid + 1]. The read of s[2*tid + 1] hits an element written by the same
// thread (2*t' == 2*tid + 1 has no solution), so no other thread is involved.
__global__ void pair_scratch(const float2 *in, float *out)
{
    __shared__ float s[512];
    int tid = threadIdx.x;
    int i = blockIdx.x * 256 + tid;
    float2 v = in[i];
    s[2 * tid] = v.x;
    s[2 * tid + 1] = v.y;
    out[i] = s[2 * tid] * s[2 * tid + 1];
}
