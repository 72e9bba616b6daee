// CL1001 negative: tiled_partition<32>(block).sync() is a warp/tile barrier,
// not a block barrier. Under `threadIdx.x < 64` whole warps 0 and 1 enter.
// Only block-scope barriers (block.sync(), cg::sync(block), ...) count.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void two_warps(float *x)
{
    auto block = cg::this_thread_block();
    auto tile = cg::tiled_partition<32>(block);
    __shared__ float s[256];
    s[threadIdx.x] = x[threadIdx.x];
    block.sync();
    if (threadIdx.x < 64) {
        s[threadIdx.x] += s[threadIdx.x ^ 1]; // expect: CL3001
        tile.sync();
        x[threadIdx.x] = s[threadIdx.x ^ 2];
    }
}
