// CL1003 negative: `goto` under a block-uniform condition (kernel parameter
// and blockIdx) skipping barriers -- the whole block jumps together.
__global__ void maybe_skip_stage(float *x, int skip_first)
{
    __shared__ float s[256];
    if (skip_first && blockIdx.x == 0)
        goto stage2;
    s[threadIdx.x] = x[threadIdx.x];
    __syncthreads();
    x[threadIdx.x] = s[255 - threadIdx.x];
stage2:
    __syncthreads();
    x[threadIdx.x] += 1.0f;
}
