// CL1002 negative: the correct version of a block-stride loop with barriers.
// The loop variable `base` starts at 0 and strides by blockDim.x, so the trip
// count depends only on n and blockDim (uniform); the varying bound check is
// moved into the body.
__global__ void chunked_ok(const float *in, float *out, int n)
{
    __shared__ float s[256];
    int tid = threadIdx.x;
    for (int base = 0; base < n; base += blockDim.x) {
        int i = base + tid;
        s[tid] = (i < n) ? in[i] : 0.0f;
        __syncthreads();
        if (i < n)
            out[i] = s[blockDim.x - 1 - tid];
        __syncthreads();
    }
}
