#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

// Double buffering: the next stage is copied into the other row while this
// row, waited for, is read; and a second copy into the same buffer (its
// array is an argument, not a read).
__global__ void pipelined(const float *in, float *out, int stages)
{
	__shared__ float buf[2][256];
	cg::thread_block block = cg::this_thread_block();
	cg::memcpy_async(block, buf[0], in, sizeof(float) * 128);
	cg::memcpy_async(block, buf[0] + 128, in + 128, sizeof(float) * 128);
	cg::wait(block);
	float acc = 0.0f;
	for (int s = 0; s < stages; s++) {
		int cur = s % 2, next = 1 - cur;
		cg::memcpy_async(block, buf[next], in + (s + 1) * 256, sizeof(float) * 256);
		acc += buf[cur][threadIdx.x];
		cg::wait(block);
		block.sync();
	}
	out[threadIdx.x] = acc;
}
