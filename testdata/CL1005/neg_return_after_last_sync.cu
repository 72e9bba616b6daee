#include <cooperative_groups.h>
namespace cg = cooperative_groups;
// An exit after the last grid barrier, and a block barrier under a
// blockIdx condition (each block agrees with itself): neither is CL1005.
__global__ void tail(float *x, int n)
{
	cg::grid_group grid = cg::this_grid();
	x[grid.thread_rank()] = 1.0f;
	grid.sync();
	if (blockIdx.x >= n)
		return;
	if (blockIdx.x < 2)
		__syncthreads();
	x[blockIdx.x] += x[0];
}
