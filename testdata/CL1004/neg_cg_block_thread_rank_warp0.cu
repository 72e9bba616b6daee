// CL1004 negative: a block's thread_rank() is the linear thread index, and
// warps are cut from it, so `cta.thread_rank() < 32` selects all of warp 0
// and `cta.thread_rank() / 32` is a warp id (the reduce4..reduce6 pattern of
// NVIDIA's reduction sample).
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void warp0_reduce(const float *in, float *out)
{
    cg::thread_block cta = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cta);
    float v = in[blockIdx.x * blockDim.x + threadIdx.x];
    if (cta.thread_rank() < 32) {
        for (int o = 16; o > 0; o /= 2)
            v += tile.shfl_down(v, o);
    }
    if (cta.thread_rank() / 32 == 1)
        v += __shfl_xor_sync(0xffffffff, v, 1);
    if (cta.thread_rank() == 0)
        out[blockIdx.x] = v;
}
