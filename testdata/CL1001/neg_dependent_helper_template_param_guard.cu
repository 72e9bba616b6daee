// CL1001 negative: the guards are template parameters, the same in every
// thread of every block: `if (THREADS > 32)` and `if constexpr (THREADS >=
// 64)` pick a reduction for the whole block, never for part of it.
template <int THREADS>
__device__ float block_sum(float v)
{
    __shared__ float s[THREADS];
    s[threadIdx.x] = v;
    __syncthreads();
    float t = 0;
    for (int i = 0; i < THREADS; i++)
        t += s[i];
    __syncthreads();
    return t;
}

template <int THREADS>
__device__ float warp_sum(float v)
{
    for (int o = 16; o > 0; o /= 2)
        v += __shfl_down_sync(0xffffffff, v, o);
    return v;
}

template <int THREADS>
__global__ void sums(const float *x, float *out)
{
    float v = x[blockIdx.x * THREADS + threadIdx.x];
    if (THREADS > 32)
        v = block_sum<THREADS>(v);
    if constexpr (THREADS >= 64)
        v += block_sum<THREADS>(v);
    else
        v += warp_sum<THREADS>(v);
    if (threadIdx.x == 0)
        out[blockIdx.x] = v;
}

template __global__ void sums<32>(const float *, float *);
template __global__ void sums<256>(const float *, float *);
