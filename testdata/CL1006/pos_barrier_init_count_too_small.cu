#include <cuda/barrier>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// The barrier counts half the block, and every thread arrives: each
// phase completes twice over, and the second half runs on unsynchronised.
__global__ void half_count(float *x)
{
	__shared__ cuda::barrier<cuda::thread_scope_block> bar;
	__shared__ float s[256];
	if (threadIdx.x == 0)
		init(&bar, blockDim.x / 2); // expect: CL1006 "`init(&bar, blockDim.x / 2)`"
	__syncthreads();
	s[threadIdx.x] = x[threadIdx.x];
	bar.arrive_and_wait(); // expect-note: @2 "every thread"
	x[threadIdx.x] = s[255 - threadIdx.x];
}

// block.size() - 32 is short of the block whatever its size.
__global__ void short_count(float *x)
{
	__shared__ cuda::barrier<cuda::thread_scope_block> bar;
	cg::thread_block block = cg::this_thread_block();
	if (block.thread_rank() == 0)
		init(&bar, block.size() - 32); // expect: CL1006
	block.sync();
	bar.wait(bar.arrive());
	x[block.thread_rank()] += 1.0f;
}
