#include <cooperative_groups.h>
namespace cg = cooperative_groups;
// Kernel parameters and gridDim are the same in every thread of the grid.
__global__ void uniform(float *x, int n, int steps)
{
	cg::grid_group grid = cg::this_grid();
	if (n > 0)
		grid.sync();
	if (gridDim.x > 1)
		cg::sync(grid);
	for (int s = 0; s < steps; s++) {
		x[grid.thread_rank()] += 1.0f;
		grid.sync();
	}
}
