#include <cuda/barrier>

// A quarter of the threads copy 16 bytes each into a row of a 2-D tile
// through a float4 pointer; the row is read before the barrier's wait.
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
	float sum = 0.0f;
	for (int k = 0; k < 16; ++k)
		sum += as[threadIdx.y][k]; // expect: CL3002
	bar.arrive_and_wait();
	out[16 * threadIdx.y + threadIdx.x] = sum;
}
