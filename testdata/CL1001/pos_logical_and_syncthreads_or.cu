// CL1001 positive: short-circuit && guarding a barrier. `tid < 8 && ...`
// means __syncthreads_or is only evaluated by threads 0..7.
__global__ void any_positive(const float *v, int *out)
{
    int tid = threadIdx.x;
    float x = v[blockIdx.x * blockDim.x + tid];
    if (tid < 8 && __syncthreads_or(x > 0.0f)) { // expect: CL1001
        out[blockIdx.x * 8 + tid] = 1;
    }
}
