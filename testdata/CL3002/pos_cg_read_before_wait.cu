#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

// The tile is read before cg::wait: the copy may not have landed.
__global__ void scale(const float *in, float *out)
{
	__shared__ float tile[256];
	cg::thread_block block = cg::this_thread_block();
	cg::memcpy_async(block, tile, in + blockIdx.x * 256, sizeof(float) * 256); // expect-note: @2 "starts here"
	out[blockIdx.x * 256 + threadIdx.x] = tile[threadIdx.x] * 2.0f; // expect: CL3002@40 "still filling"
	cg::wait(block);
}
