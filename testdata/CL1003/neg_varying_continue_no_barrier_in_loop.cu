// CL1003 negative: a varying `continue` in a loop that has no barrier; the
// barrier after the loop is reached by every thread.
__global__ void sparse_accumulate(const float *v, float *out, int n)
{
    __shared__ float s[256];
    float acc = 0.0f;
    for (int k = 0; k < n; ++k) {
        float e = v[k * 256 + threadIdx.x];
        if (e == 0.0f)
            continue;
        acc += e;
    }
    s[threadIdx.x] = acc;
    __syncthreads();
    out[threadIdx.x] = s[255 - threadIdx.x];
}
