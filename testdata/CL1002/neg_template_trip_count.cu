// CL1002 negative: loop trip count is a template parameter (ITEMS) --
// compile-time constant, hence uniform.
template <int ITEMS>
__global__ void multi_item(float *x)
{
    __shared__ float s[256];
    for (int it = 0; it < ITEMS; ++it) {
        s[threadIdx.x] = x[(blockIdx.x * ITEMS + it) * 256 + threadIdx.x];
        __syncthreads();
        x[(blockIdx.x * ITEMS + it) * 256 + threadIdx.x] = s[255 - threadIdx.x];
        __syncthreads();
    }
}

template __global__ void multi_item<4>(float *);
