#include <cooperative_groups.h>
namespace cg = cooperative_groups;
// One grid barrier per tile, tiles dealt out to blocks: blocks with fewer
// tiles stop arriving (the punica segment-loop shape).
__global__ void per_tile(float *x, int ntiles)
{
	cg::grid_group grid = cg::this_grid();
	for (int t = blockIdx.x; t < ntiles; t += gridDim.x) {
		x[t * blockDim.x + threadIdx.x] *= 2.0f;
		grid.sync(); // expect: CL1005 "loop whose trip count differs between the blocks"
	}
}
