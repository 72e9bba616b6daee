// CL1001 positive: the dependent call `combine<M>(v)` picks an overload by
// the type of v when the kernel is instantiated: the float one for
// scale<float>, the double one, which synchronises the block, for
// scale<double>. Either may run, so the call may reach a barrier, and it
// runs under a thread-dependent branch.
namespace red {
template <int M>
__device__ float combine(float v)
{
    return v * M;
}
template <int M>
__device__ double combine(double v)
{
    __syncthreads();
    return v + M;
}
}

template <typename T, int M>
__global__ void scale(T *x, int n)
{
    T v = x[threadIdx.x];
    if (threadIdx.x < n)
        v = red::combine<M>(v); // expect: CL1001 "`combine()`"
    x[threadIdx.x] = v;
}

template __global__ void scale<float, 2>(float *, int);
template __global__ void scale<double, 2>(double *, int);
