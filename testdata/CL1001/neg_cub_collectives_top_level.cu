// CL1001 negative: the cub block collectives run in every thread of the
// block; only the use of the result (valid in thread 0) is guarded.
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>

template <int THREADS>
__global__ void sum_and_scan(const int *x, int *offsets, int *totals)
{
    using BlockReduce = cub::BlockReduce<int, THREADS>;
    using BlockScan = cub::BlockScan<int, THREADS>;
    __shared__ typename BlockReduce::TempStorage rtmp;
    __shared__ typename BlockScan::TempStorage stmp;
    int v = x[blockIdx.x * THREADS + threadIdx.x];
    int total = BlockReduce(rtmp).Sum(v);
    int o, all;
    BlockScan(stmp).ExclusiveSum(v, o, all);
    offsets[blockIdx.x * THREADS + threadIdx.x] = o;
    if (threadIdx.x == 0)
        totals[blockIdx.x] = total + all;
}

template __global__ void sum_and_scan<256>(const int *, int *, int *);
