#include <cooperative_groups.h>
namespace cg = cooperative_groups;
// Iterate until a global residual converges (the conjugate-gradient
// shape): every thread reads the residual after a grid barrier that
// follows every write of it, so all of the grid reads one value and
// leaves the loop together. Also through a helper that ends in one.
__device__ void all_arrive(const cg::grid_group &g, int *ticket)
{
	if (g.thread_rank() == 0)
		atomicAdd(ticket, 1);
	g.sync();
}

__global__ void solve(float *x, double *residual, int *ticket, float tol, int n)
{
	cg::grid_group grid = cg::this_grid();
	double r = *residual;
	while (r > tol) {
		for (int i = grid.thread_rank(); i < n; i += grid.size())
			x[i] *= 0.5f;
		if (grid.thread_rank() == 0)
			*residual = 0.0;
		grid.sync();
		atomicAdd(residual, (double)x[grid.thread_rank() % n]);
		all_arrive(grid, ticket);
		r = *residual;
	}
}
