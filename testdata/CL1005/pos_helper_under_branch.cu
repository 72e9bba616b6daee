#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__device__ void phase_end(cg::grid_group &g)
{
	g.sync(); // expect-note: @2 "the barrier is reached here"
}

__global__ void phases(float *x, int n)
{
	cg::grid_group grid = cg::this_grid();
	if (threadIdx.x < 32)
		phase_end(grid); // expect: CL1005 "the call to `phase_end()`, which reaches"
	x[threadIdx.x] = 1.0f;
}
