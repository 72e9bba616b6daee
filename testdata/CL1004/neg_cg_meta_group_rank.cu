// CL1004 negative: tile.meta_group_rank() is the index of the tile in the
// block, the same in all its lanes; a branch on it keeps the tile whole, so
// cg::reduce and tile.any inside are fine.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void first_tile_sum(const int *in, int *out)
{
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    if (tile.meta_group_rank() == 0) {
        int s = cg::reduce(tile, v, cg::plus<int>());
        if (tile.any(s > 0) && tile.thread_rank() == 0)
            out[blockIdx.x] = s;
    }
}
