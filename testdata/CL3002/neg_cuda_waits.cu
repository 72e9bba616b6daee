#include <cuda/barrier>
#include <cuda/pipeline>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// Every copy is completed before its destination is read: the barrier's
// wait(arrive()), the pipeline's consumer_wait and wait_prior, and a
// helper that waits.
__device__ void finish(cuda::barrier<cuda::thread_scope_block> &b)
{
	b.arrive_and_wait();
}

__global__ void waits(const int *in, int *out)
{
	__shared__ int a[256], b[256], c[256], d[256];
	__shared__ cuda::barrier<cuda::thread_scope_block> bar;
	__shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
	cg::thread_block block = cg::this_thread_block();
	if (block.thread_rank() == 0)
		init(&bar, block.size());
	block.sync();
	cuda::memcpy_async(block, a, in, sizeof(int) * 256, bar);
	bar.wait(bar.arrive());
	int x = a[block.thread_rank()];
	cuda::memcpy_async(block, b, in + 256, sizeof(int) * 256, bar);
	finish(bar);
	x += b[block.thread_rank()];
	auto pipe = cuda::make_pipeline(block, &state);
	pipe.producer_acquire();
	cuda::memcpy_async(block, c, in + 512, sizeof(int) * 256, pipe);
	pipe.producer_commit();
	pipe.consumer_wait();
	x += c[block.thread_rank()];
	pipe.consumer_release();
	pipe.producer_acquire();
	cuda::memcpy_async(block, d, in + 768, sizeof(int) * 256, pipe);
	pipe.producer_commit();
	cuda::pipeline_consumer_wait_prior<0>(pipe);
	x += d[block.thread_rank()];
	out[block.thread_rank()] = x;
}
