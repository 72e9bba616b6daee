#include <cooperative_groups.h>
namespace cg = cooperative_groups;
// Only thread 0 of each block waits for the grid.
__global__ void leader_waits(int *flag)
{
	if (threadIdx.x == 0) {
		flag[blockIdx.x] = 1;
		cg::this_grid().sync(); // expect: CL1005 "threads for which `threadIdx.x == 0`"
	}
}
