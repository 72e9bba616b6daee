// CL1003 negative: the same templated block reduction after an early return,
// but the return is taken by whole blocks (blockIdx.x against a parameter),
// so every thread of a block that goes on reaches the barriers inside.
template <int THREADS>
__device__ float block_sum(float v)
{
    __shared__ float s[THREADS];
    s[threadIdx.x] = v;
    __syncthreads();
    for (int o = THREADS / 2; o > 0; o /= 2) {
        if (threadIdx.x < o)
            s[threadIdx.x] += s[threadIdx.x + o];
        __syncthreads();
    }
    return s[0];
}

template <int THREADS>
__global__ void row_sum(const float *x, float *out, int rows)
{
    if (blockIdx.x >= rows)
        return;
    float t = block_sum<THREADS>(x[blockIdx.x * THREADS + threadIdx.x]);
    if (threadIdx.x == 0)
        out[blockIdx.x] = t;
}

template __global__ void row_sum<128>(const float *, float *, int);
