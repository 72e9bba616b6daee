// CL1004 positive: tile.sync() on a thread_block_tile<32> is a full-warp
// barrier; calling it inside an if/else arm chosen by lane parity means the two
// halves of the warp never meet at the same sync.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void tile_sync_split(float *out, const float *in)
{
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[i];
    if ((threadIdx.x & 1) == 0) {
        v *= 2.0f;
        tile.sync(); // expect: CL1004
    }
    out[i] = v;
}
