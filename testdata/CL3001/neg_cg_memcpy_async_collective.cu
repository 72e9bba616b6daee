#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

// A collective copy by the whole block after a barrier: which thread
// moves which bytes is the library's, and the reads before it are
// ordered by the barrier.
__global__ void whole(const float *in, float *out)
{
	__shared__ float buf[256];
	cg::thread_block block = cg::this_thread_block();
	buf[threadIdx.x] = in[threadIdx.x];
	block.sync();
	float left = buf[(threadIdx.x + 255) % 256];
	block.sync();
	cg::memcpy_async(block, buf, in + 256, sizeof(float) * 256);
	cg::wait(block);
	block.sync();
	out[threadIdx.x] = left + buf[threadIdx.x];
}
