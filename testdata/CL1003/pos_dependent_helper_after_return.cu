// CL1003 positive: the template kernel returns early for out-of-range
// threads, then calls block_max<THREADS>, a function template with its own
// barriers. The call depends on THREADS, so clang resolves it only when the
// kernel is instantiated; cudalint links it to the template by name.
template <int THREADS>
__device__ float block_max(float v)
{
    __shared__ float s[THREADS];
    s[threadIdx.x] = v;
    __syncthreads();
    for (int o = THREADS / 2; o > 0; o /= 2) {
        if (threadIdx.x < o)
            s[threadIdx.x] = fmaxf(s[threadIdx.x], s[threadIdx.x + o]);
        __syncthreads();
    }
    return s[0];
}

template <int THREADS>
__global__ void row_max(const float *x, float *out, int n)
{
    int i = blockIdx.x * THREADS + threadIdx.x;
    if (i >= n)
        return;
    float m = block_max<THREADS>(x[i]); // expect: CL1003@15 "`block_max()`"
    if (threadIdx.x == 0)
        out[blockIdx.x] = m;
}

template __global__ void row_max<256>(const float *, float *, int);
