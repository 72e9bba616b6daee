// CL1003 positive: the seed's early-return-before-a-reduction bug, with
// cub's BlockReduce instead of a hand-written tree: threads past n leave,
// and the collective's internal barrier waits for fewer threads.
#include <cub/block/block_reduce.cuh>

__global__ void sum_rows(const float *x, float *out, int n)
{
    using BlockReduce = cub::BlockReduce<float, 256>;
    __shared__ BlockReduce::TempStorage tmp;
    int i = blockIdx.x * 256 + threadIdx.x;
    if (i >= n)
        return; // expect-note: @9 "some threads leave here"
    float total = BlockReduce(tmp).Sum(x[i]); // expect: CL1003@19 "`BlockReduce::Sum`, which synchronises the block internally"
    if (threadIdx.x == 0)
        out[blockIdx.x] = total;
}
