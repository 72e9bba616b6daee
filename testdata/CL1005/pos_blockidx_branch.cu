#include <cooperative_groups.h>
namespace cg = cooperative_groups;
// Only the first half of the blocks reach the grid barrier: the grid deadlocks.
__global__ void half_grid(float *x, int n)
{
	cg::grid_group grid = cg::this_grid();
	x[grid.thread_rank()] = 1.0f;
	if (blockIdx.x < gridDim.x / 2) // expect-note: @6 "blocks of the grid"
		grid.sync(); // expect: CL1005@3 "blocks for which `blockIdx.x < gridDim.x / 2`"
}
