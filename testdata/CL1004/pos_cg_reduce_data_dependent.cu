// CL1004 positive: cg::reduce over a 32-thread tile, called only in lanes whose
// own input is positive. The condition is a load at a lane-varying address
// (in[i]), so the tile splits and the reduction misses lanes.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void positive_tile_sum(const int *in, int *out)
{
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    int s = 0;
    if (v > 0)
        s = cg::reduce(tile, v, cg::plus<int>()); // expect: CL1004
    out[i] = s;
}
