// CL2003 negative: every thread stores, fences and bumps the counter itself:
// each atomic follows its own thread's fenced store, so there is no single
// publisher that could go before the others' stores.
__device__ unsigned int g_count;

__global__ void each(const float *in, float *part, float *out)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    part[i] = in[i] + 1.0f;
    __threadfence();
    unsigned t = atomicInc(&g_count, gridDim.x * blockDim.x);
    if (t == gridDim.x * blockDim.x - 1) {
        __threadfence();
        float s = 0.0f;
        for (unsigned j = 0; j < gridDim.x * blockDim.x; j++)
            s += part[j];
        *out = s;
    }
}
