// nvcc compatibility: the cache-hint loads and stores of CUDA's
// sm_32_intrinsics.h (__ldcs, __stcs, ...), which libclang 19 does not
// declare (clang keeps that header out and defines only __ldg).
#include <cuda_runtime.h>

__global__ void stream_scale(const float4 *in, float4 *out, float *acc, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float4 v = __ldcs(in + i);
    float s = __ldcg(acc) + __ldca(acc + 1) + __ldlu(acc + 2) + __ldcv(acc + 3);
    v.x *= s;
    __stcs(out + i, v);
    __stwb(acc + 4, s);
    __stcg(acc + 5, s);
    __stwt(acc + 6, s);
    if (threadIdx.x < 32)
        __syncthreads(); // expect: CL1001
}
