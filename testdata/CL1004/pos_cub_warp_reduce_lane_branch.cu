// CL1004 positive: cub::WarpReduce over a full 32-lane warp shuffles with
// the full mask inside; calling it only from the lanes that hold data
// leaves the others out of the shuffle.
#include <cub/warp/warp_reduce.cuh>

__global__ void warp_sums(const int *x, int *out, int n)
{
    using WarpReduce = cub::WarpReduce<int>;
    __shared__ WarpReduce::TempStorage tmp[4];
    int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) { // expect-note: @9 "differs between lanes"
        int s = WarpReduce(tmp[warp]).Sum(x[i]); // expect: CL1004 "`WarpReduce::Sum` synchronises the whole warp internally"
        if (lane == 0)
            out[i / 32] = s;
    }
}
