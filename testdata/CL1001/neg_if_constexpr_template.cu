// CL1001 negative: `if constexpr (N > 32)` on a template parameter is a
// compile-time (hence block-uniform) condition. Small instantiations skip the
// barrier for every thread alike.
template <int N>
__global__ void tile_copy(float *x)
{
    __shared__ float s[N];
    if (threadIdx.x < N)
        s[threadIdx.x] = x[threadIdx.x];
    if constexpr (N > 32)
        __syncthreads();
    else
        __syncwarp();
    if (threadIdx.x < N)
        x[threadIdx.x] = s[N - 1 - threadIdx.x];
}

template __global__ void tile_copy<32>(float *);
template __global__ void tile_copy<128>(float *);
