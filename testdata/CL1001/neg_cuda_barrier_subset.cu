#include <cuda/barrier>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// Barriers of a subset, initialised for exactly the threads that arrive;
// a branch every thread of the block takes alike; a thread that leaves
// with arrive_and_drop.
__global__ void subsets(float *x, int n)
{
	__shared__ cuda::barrier<cuda::thread_scope_block> low, rest, all;
	cg::thread_block block = cg::this_thread_block();
	if (block.thread_rank() == 0) {
		init(&low, 64);
		init(&rest, block.size() - 32);
		init(&all, block.size());
	}
	block.sync();
	if (threadIdx.x < 64)
		low.arrive_and_wait();
	if (block.thread_rank() >= 32)
		rest.arrive_and_wait();
	if (blockIdx.x < n)
		all.arrive_and_wait();
	if (threadIdx.x >= 128)
		(void)all.arrive_and_drop();
	else
		x[threadIdx.x] += 1.0f;
}
