#include <cooperative_groups.h>
namespace cg = cooperative_groups;
// The persistent-kernel idiom: a thread-varying grid-stride loop of work,
// then a grid barrier every thread reaches.
__global__ void persistent(float *x, int n, int steps)
{
	cg::grid_group grid = cg::this_grid();
	for (int s = 0; s < steps; s++) {
		for (int i = grid.thread_rank(); i < n; i += grid.size())
			x[i] = x[i] * 0.5f + 1.0f;
		grid.sync();
	}
	if (grid.thread_rank() == 0)
		x[0] = 0.0f;
}
