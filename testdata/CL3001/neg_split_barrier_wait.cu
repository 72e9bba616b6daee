// A block-scoped cuda::barrier used in its split form: arrive() then
// wait() is a block barrier, so the partials written before it are read
// after it in another interval.
#include <cuda/barrier>
using block_barrier = cuda::barrier<cuda::thread_scope_block>;

__global__ void k(const float *in, float *out)
{
	__shared__ block_barrier bar;
	__shared__ float part[8];
	if (threadIdx.x == 0)
		init(&bar, blockDim.x);
	__syncthreads();
	if (threadIdx.x % 32 == 0)
		part[threadIdx.x / 32] = in[threadIdx.x];
	auto token = bar.arrive();
	bar.wait(std::move(token));
	if (threadIdx.x < 8)
		out[threadIdx.x] = part[threadIdx.x] + part[(threadIdx.x + 1) % 8];
}
