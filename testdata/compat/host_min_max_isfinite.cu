// nvcc compatibility: host code calling the global min/max with mixed
// argument types and isfinite/isnan/isinf without <math.h>; nvcc's
// math_functions.hpp declares them __host__ __device__, clang's headers
// only for the device.
#include <cmath>
#include <cstdio>
#include <cuda_runtime.h>

__global__ void clampk(float *x, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < min(n, 1024u))
        x[i] = max(x[i], 0.0f);
    if (isfinite(x[0]) && x[i] > 0.0f)
        __syncthreads(); // expect: CL1001
}

int grid_for(int items, unsigned per_block, float scale)
{
    unsigned blocks = min(items, per_block);
    float s = max(32.0f / scale, 1.0f);
    if (!isfinite(s) || isnan(s) || isinf(scale))
        return 1;
    return (int)(blocks * s);
}
