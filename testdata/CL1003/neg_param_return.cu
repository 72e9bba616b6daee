// CL1003 negative: early returns on kernel parameters (n == 0, null
// pointer) are uniform across the whole launch.
__global__ void param_guard(const float *in, float *out, int n)
{
    __shared__ float s[256];
    if (n == 0 || in == nullptr)
        return;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = (i < n) ? in[i] : 0.0f;
    __syncthreads();
    if (i < n)
        out[i] = s[255 - threadIdx.x];
}
