// CL3001 positive: every thread writes its own slot s[tid], then every thread
// reads s[0] without a barrier; s[0] is written by thread 0, which may not have
// run yet.
__global__ void scale_by_first(const float *in, float *out)
{
    __shared__ float s[256];
    int tid = threadIdx.x;
    int i = blockIdx.x * 256 + tid;
    s[tid] = in[i];
    out[i] = in[i] / s[0]; // expect: CL3001
}
