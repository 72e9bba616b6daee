// CL1004 positive: thread_block_tile<32>::ballot under a condition on
// tile.thread_rank() (the lane within the tile): only lanes 0..3 vote.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void tile_vote(const int *in, unsigned *out)
{
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned b = 0;
    if (tile.thread_rank() < 4)
        b = tile.ballot(in[i] != 0); // expect: CL1004
    out[i] = b;
}
