// CL1001 negative: the dependent call under the thread-dependent branch has
// one argument; only the overload of `combine` that takes three calls
// __syncthreads(), and it cannot be the one instantiated.
template <int M>
__device__ float combine(float v)
{
    return v * M;
}
template <int M>
__device__ float combine(float v, float *tile, int k)
{
    tile[threadIdx.x] = v;
    __syncthreads();
    return tile[k] + M;
}

template <int M>
__global__ void scale(float *x, int n)
{
    float v = x[threadIdx.x];
    if (threadIdx.x < n)
        v = combine<M>(v);
    x[threadIdx.x] = v;
}
