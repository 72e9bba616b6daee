// CL1001 negative: a branch on kernel parameters (normalize, scale) is the
// same for every thread of the launch, so barriers inside it are uniform.
__global__ void maybe_normalize(float *x, int normalize, float scale)
{
    __shared__ float s[256];
    s[threadIdx.x] = x[blockIdx.x * 256 + threadIdx.x];
    if (normalize && scale != 0.0f) {
        __syncthreads();
        float total = 0.0f;
        for (int k = 0; k < 256; ++k)
            total += s[k];
        __syncthreads();
        s[threadIdx.x] /= (total * scale);
    }
    x[blockIdx.x * 256 + threadIdx.x] = s[threadIdx.x];
}
