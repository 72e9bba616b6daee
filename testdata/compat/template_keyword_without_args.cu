// nvcc compatibility: `x.template f(args)` with no template argument list
// (older cub), an error in clang unless
// -Wno-missing-template-arg-list-after-template-kw.

struct Loader {
    template <class T> __device__ T load(const T *p) const { return *p; }
};

template <class L> __device__ float first(const L &l, const float *p)
{
    return l.template load(p);
}

__global__ void copy(const float *in, float *out)
{
    Loader l;
    float v = first(l, in + threadIdx.x);
    if (v > 0.0f)
        __syncthreads(); // expect: CL1001
    out[threadIdx.x] = v;
}
