// CL1004 negative: the WarpReduce runs in every lane of the warps it runs
// in (the condition is per warp), a 16-lane logical warp runs in the lanes
// of its own half, and the guarded-count overload is called by all lanes.
#include <cub/warp/warp_reduce.cuh>

__global__ void warp_sums(const int *x, int *out, int n)
{
    using WarpReduce = cub::WarpReduce<int>;
    using HalfReduce = cub::WarpReduce<int, 16>;
    __shared__ WarpReduce::TempStorage tmp[4];
    __shared__ HalfReduce::TempStorage htmp[8];
    int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    int v = x[blockIdx.x * blockDim.x + threadIdx.x];
    int s = 0;
    if (warp < 2)
        s = WarpReduce(tmp[warp]).Sum(v);
    if (lane < 16)
        s += HalfReduce(htmp[warp]).Sum(v);
    s += WarpReduce(tmp[warp]).Sum(v, n % 32);
    if (lane == 0)
        out[blockIdx.x * 4 + warp] = s;
}
