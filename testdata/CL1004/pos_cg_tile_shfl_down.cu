// CL1004 positive: cooperative groups thread_block_tile<32>::shfl_down is a
// full-tile collective; calling it under a lane-varying condition
// (`threadIdx.x % 32 < 16`) leaves half of the tile out.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void tile_half_sum(const int *in, int *out)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[i];
    if (threadIdx.x % 32 < 16)
        v += tile.shfl_down(v, 16); // expect: CL1004
    out[i] = v;
}
