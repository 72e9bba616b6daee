// CL1003 negative: `if constexpr (!ENABLED) return;` in a kernel template --
// a compile-time condition, uniform for every thread.
template <bool ENABLED>
__global__ void optional_pass(float *x)
{
    __shared__ float s[256];
    if constexpr (!ENABLED)
        return;
    s[threadIdx.x] = x[threadIdx.x];
    __syncthreads();
    x[threadIdx.x] = s[255 - threadIdx.x];
}

template __global__ void optional_pass<true>(float *);
template __global__ void optional_pass<false>(float *);
