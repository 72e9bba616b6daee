#include <cuda/barrier>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// cuda::memcpy_async completes on the barrier: reading before
// arrive_and_wait reads what shared memory held before.
__global__ void via_barrier(const int *in, int *out)
{
	__shared__ int data[512];
	__shared__ cuda::barrier<cuda::thread_scope_block> bar;
	cg::thread_block block = cg::this_thread_block();
	if (block.thread_rank() == 0)
		init(&bar, block.size());
	block.sync();
	cuda::memcpy_async(block, data, in, sizeof(int) * 512, bar);
	int first = data[0]; // expect: CL3002 "still filling"
	bar.arrive_and_wait();
	out[block.thread_rank()] = first + data[block.thread_rank()];
}
