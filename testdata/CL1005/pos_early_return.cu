#include <cooperative_groups.h>
namespace cg = cooperative_groups;
// Blocks past the end leave before the grid barrier.
__global__ void bounded(float *x, int nblocks)
{
	cg::grid_group grid = cg::this_grid();
	if (blockIdx.x >= nblocks) // expect-note: @6 "differs between the blocks"
		return; // expect-note: @3 "some blocks leave here"
	x[blockIdx.x] = 0.0f;
	grid.sync(); // expect: CL1005@2 "after a `return` (line 8)"
	x[blockIdx.x] += x[0];
}
