// CL3001 positive: a 1-D 3-point stencil. Each thread stores its element at
// s[tid + 1] and then reads s[tid] and s[tid + 2], written by its neighbours,
// without a __syncthreads() after the loads.
__global__ void stencil3(const float *in, float *out, int n)
{
    __shared__ float s[258];
    int tid = threadIdx.x;
    int i = blockIdx.x * 256 + tid;
    s[tid + 1] = in[i + 1];
    float left = s[tid]; // expect: CL3001
    float mid = s[tid + 1];
    out[i] = (left + mid) * 0.5f;
}
