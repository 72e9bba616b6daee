// CL1001 positive: a device helper wraps cub's block reduction, and the
// kernel calls the helper only from the first warp. The helper is the
// barrier site; the note points at the collective inside it.
#include <cub/block/block_reduce.cuh>

using BlockReduce = cub::BlockReduce<float, 256>;

__device__ float block_total(BlockReduce::TempStorage &tmp, float v)
{
    return BlockReduce(tmp).Sum(v); // expect-note: @12 "the barrier is reached here"
}

__global__ void first_warp_total(const float *x, float *out)
{
    __shared__ BlockReduce::TempStorage tmp;
    if (threadIdx.x < 32) {
        float t = block_total(tmp, x[threadIdx.x]); // expect: CL1001 "which reaches `BlockReduce::Sum` (it calls `__syncthreads()` internally)"
        if (threadIdx.x == 0)
            *out = t;
    }
}
