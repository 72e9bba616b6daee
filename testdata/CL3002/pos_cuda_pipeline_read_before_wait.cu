#include <cuda/pipeline>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// A block-scoped cuda::pipeline: the stage is read after producer_commit
// but before consumer_wait.
__global__ void staged(const float *in, float *out)
{
	__shared__ float tile[256];
	__shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 1> state;
	cg::thread_block block = cg::this_thread_block();
	auto pipe = cuda::make_pipeline(block, &state);
	pipe.producer_acquire();
	cuda::memcpy_async(block, tile, in, sizeof(float) * 256, pipe);
	pipe.producer_commit();
	float v = tile[block.thread_rank()]; // expect: CL3002 "memcpy_async"
	pipe.consumer_wait();
	out[block.thread_rank()] = v + tile[255 - block.thread_rank()];
	pipe.consumer_release();
}
