#include <cooperative_groups.h>
namespace cg = cooperative_groups;
// The residual is read right after this thread's own atomicAdd, with no
// grid barrier between: blocks that run ahead read a partial sum, leave
// the loop early and stop arriving at the barrier.
__global__ void solve_racy(float *x, double *residual, float tol, int n)
{
	cg::grid_group grid = cg::this_grid();
	double r = *residual;
	while (r > tol) {
		atomicAdd(residual, -(double)x[grid.thread_rank() % n]);
		r = *residual;
		grid.sync(); // expect: CL1005 "loop whose trip count differs between the blocks"
	}
}
