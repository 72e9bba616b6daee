// CL3001 negative: a lookup table loaded cooperatively with a block-strided
// loop, a barrier, then data-dependent reads only. Reads after the barrier
// never meet the writes before it.
__global__ void apply_lut(const int *lut_g, const int *in, int *out, int n)
{
    __shared__ int lut[1024];
    for (int k = threadIdx.x; k < 1024; k += blockDim.x)
        lut[k] = lut_g[k];
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = lut[in[i] & 1023];
}
