// CL1002 positive: a block-stride loop starting at threadIdx.x with barriers
// inside. When n is not a multiple of blockDim.x, the high threads run one
// iteration fewer than the low ones. Both barrier calls are reported.
__global__ void chunked(const float *in, float *out, int n)
{
    __shared__ float s[256];
    int tid = threadIdx.x;
    for (int i = tid; i < n; i += blockDim.x) {
        s[tid] = in[i];
        __syncthreads(); // expect: CL1002
        out[i] = s[blockDim.x - 1 - tid];
        __syncthreads(); // expect: CL1002
    }
}
