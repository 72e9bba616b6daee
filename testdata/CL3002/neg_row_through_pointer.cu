#include <cuda/barrier>

// The twin of pos_row_through_pointer.cu: the barrier's arrive_and_wait
// completes the copies before the row is read.
__global__ void rows(const float *a, float *out)
{
	__shared__ cuda::barrier<cuda::thread_scope_block> bar;
	__shared__ alignas(16) float as[16][16];
	if (threadIdx.x == 0 && threadIdx.y == 0)
		init(&bar, blockDim.x * blockDim.y);
	__syncthreads();
	int t4x = threadIdx.x * 4;
	if (t4x < 16) {
		float4 *dst = reinterpret_cast<float4 *>(&as[threadIdx.y][t4x]);
		cuda::memcpy_async(dst, reinterpret_cast<const float4 *>(&a[16 * threadIdx.y + t4x]), sizeof(float4), bar);
	}
	bar.arrive_and_wait();
	float sum = 0.0f;
	for (int k = 0; k < 16; ++k)
		sum += as[threadIdx.y][k];
	out[16 * threadIdx.y + threadIdx.x] = sum;
	bar.arrive_and_wait();
}
