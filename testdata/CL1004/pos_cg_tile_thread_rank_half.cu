// CL1004 positive: a 32-thread tile's thread_rank() is the lane, so
// `tile.thread_rank() < 16` splits every warp and the full-mask shuffle
// under it waits for lanes that never come.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void half_warp(const float *in, float *out)
{
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
    float v = in[blockIdx.x * blockDim.x + threadIdx.x];
    if (tile.thread_rank() < 16)
        v += __shfl_xor_sync(0xffffffff, v, 1); // expect: CL1004
    out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}
