// CL1003 negative: `if constexpr` on a constant that is false: its branch,
// with the early return, is discarded at compile time and never runs, so
// every thread reaches the barrier.
constexpr bool kBoundsReturn = false;

__global__ void copy_tile(const float *x, float *y, int n)
{
    __shared__ float s[256];
    int i = blockIdx.x * 256 + threadIdx.x;
    if constexpr (kBoundsReturn) {
        if (i >= n)
            return;
    }
    s[threadIdx.x] = i < n ? x[i] : 0.0f;
    __syncthreads();
    if (i < n)
        y[i] = s[255 - threadIdx.x];
}
