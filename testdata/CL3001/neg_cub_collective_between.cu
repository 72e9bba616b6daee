// CL3001 negative: between the write of the tile and the read of a
// neighbour's element there is no __syncthreads() in the kernel's own code,
// but there is cub's BlockReduce::Sum, which synchronises the block
// inside, so every write is visible before the read.
#include <cub/block/block_reduce.cuh>

__global__ void neighbour_and_total(const float *x, float *y, float *totals)
{
    using BlockReduce = cub::BlockReduce<float, 256>;
    __shared__ BlockReduce::TempStorage tmp;
    __shared__ float tile[257];
    float v = x[blockIdx.x * 256 + threadIdx.x];
    tile[threadIdx.x] = v;
    float total = BlockReduce(tmp).Sum(v);
    y[blockIdx.x * 256 + threadIdx.x] = tile[threadIdx.x + 1];
    if (threadIdx.x == 0)
        totals[blockIdx.x] = total;
}
