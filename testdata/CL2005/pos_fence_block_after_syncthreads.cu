// CL2005 positive (c): __threadfence_block() right after __syncthreads().
// Redundant for the same reason: the barrier is a block-scope ordering point.
__global__ void rotate(const int *in, int *out)
{
    __shared__ int s[128];
    s[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    __threadfence_block(); // expect: CL2005
    out[threadIdx.x] = s[(threadIdx.x + 1) & 127];
}
