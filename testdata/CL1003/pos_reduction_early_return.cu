// CL1003 positive: block reduction with an early bounds-check return. Every
// barrier after the return is reported once (the one before the loop and the
// single barrier call inside the uniform reduction loop).
__global__ void reduce_bad(const float *in, float *out, int n)
{
    __shared__ float sdata[256];
    unsigned tid = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x + tid;
    if (i >= n) return;
    sdata[tid] = in[i];
    __syncthreads(); // expect: CL1003 "never write `sdata[tid]`"
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s)
            sdata[tid] += sdata[tid + s];
        __syncthreads(); // expect: CL1003
    }
    if (tid == 0)
        out[blockIdx.x] = sdata[0];
}
