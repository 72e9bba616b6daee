// CL1004 positive: inside a template the shuffle's value has type T, so the
// call is dependent (clang resolves the overload at instantiation); it is
// still __shfl_down_sync with a full mask, under a lane-dependent branch.
template <typename T>
__global__ void half_warp_sum(T *x)
{
    T v = x[threadIdx.x];
    if (threadIdx.x % 32 < 16) { // expect-note: @9 "differs between lanes"
        for (int o = 8; o > 0; o /= 2)
            v += __shfl_down_sync(0xffffffff, v, o); // expect: CL1004 "`__shfl_down_sync()`"
    }
    x[threadIdx.x] = v;
}

template __global__ void half_warp_sum<float>(float *);
