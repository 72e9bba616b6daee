#include <cuda/pipeline>

// Each thread copies its element of the next stage into the buffer the
// block is still reading: another thread can read its neighbour's slot
// after the neighbour's copy has replaced it.
__global__ void refill(const int *in, int *out)
{
	__shared__ int stage[256];
	stage[threadIdx.x] = in[threadIdx.x];
	__syncthreads();
	int mine = stage[255 - threadIdx.x]; // expect-note: "read here"
	cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
	pipe.producer_acquire();
	cuda::memcpy_async(&stage[threadIdx.x], &in[256 + threadIdx.x], sizeof(int), pipe); // expect: CL3001 "asynchronous copy"
	pipe.producer_commit();
	pipe.consumer_wait();
	__syncthreads();
	out[threadIdx.x] = mine + stage[threadIdx.x];
	pipe.consumer_release();
}
