// CL1003 negative (the fix of the positive twin): every thread calls the
// reduction; threads past n contribute 0 instead of leaving, or use the
// num_valid overload.
#include <cub/block/block_reduce.cuh>

__global__ void sum_rows(const float *x, float *out, int n)
{
    using BlockReduce = cub::BlockReduce<float, 256>;
    __shared__ BlockReduce::TempStorage tmp;
    int i = blockIdx.x * 256 + threadIdx.x;
    float v = i < n ? x[i] : 0.0f;
    float total = BlockReduce(tmp).Sum(v);
    __syncthreads();
    float again = BlockReduce(tmp).Sum(v, n - blockIdx.x * 256);
    if (threadIdx.x == 0)
        out[blockIdx.x] = total + again;
}
