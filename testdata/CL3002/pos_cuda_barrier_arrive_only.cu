#include <cuda/barrier>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// arrive() alone does not wait for the phase: the copy it counts may
// still be in flight when the tile is read.
__global__ void arrive_only(const int *in, int *out)
{
	__shared__ int tile[128];
	__shared__ cuda::barrier<cuda::thread_scope_block> bar;
	cg::thread_block block = cg::this_thread_block();
	if (block.thread_rank() == 0)
		init(&bar, block.size());
	block.sync();
	cuda::memcpy_async(block, tile, in, sizeof(int) * 128, bar); // expect-note: @2 "starts here"
	auto token = bar.arrive();
	out[block.thread_rank()] = tile[block.thread_rank() % 128]; // expect: CL3002
	bar.wait(std::move(token));
}
