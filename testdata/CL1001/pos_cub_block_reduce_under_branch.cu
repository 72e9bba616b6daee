// CL1001 positive: cub::BlockReduce::Sum synchronises the block inside (its
// warp aggregates meet in shared memory behind a __syncthreads()), so it is
// a barrier for the threads that call it; here only the threads below n do.
#include <cub/block/block_reduce.cuh>

__global__ void partial_sums(const int *x, int *out, int n)
{
    using BlockReduce = cub::BlockReduce<int, 128>;
    __shared__ BlockReduce::TempStorage tmp;
    if (threadIdx.x < n) { // expect-note: @9 "differs between the threads"
        int total = BlockReduce(tmp).Sum(x[threadIdx.x]); // expect: CL1001@21 "`BlockReduce::Sum`, which synchronises the block internally"
        if (threadIdx.x == 0)
            out[blockIdx.x] = total;
    }
}
