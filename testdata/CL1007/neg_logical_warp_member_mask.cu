// CL1007 negative: 16-lane logical warps, as cub's WarpReduce computes
// them: each lane's mask names its own half of the warp (0x0000ffff for
// lanes 0-15, 0xffff0000 for lanes 16-31), so every lane is in the mask it
// passes. A tiled partition's collectives carry no mask to judge, and a
// block-uniform branch (blockIdx) splits no warp.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void halves(int *s)
{
	unsigned lane = threadIdx.x % 32;
	unsigned member_mask = 0xffffu << (16 * (lane / 16));
	int v = s[threadIdx.x];
	for (int o = 8; o > 0; o /= 2)
		v += __shfl_down_sync(member_mask, v, o, 16);
	cg::thread_block_tile<16> tile = cg::tiled_partition<16>(cg::this_thread_block());
	v += tile.shfl_down(v, 1);
	if (blockIdx.x == 0 && lane < 16)
		v += __shfl_xor_sync(0x0000ffffu, v, 1);
	s[threadIdx.x] = v;
}
