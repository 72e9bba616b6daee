#include <cuda_pipeline.h>

// __pipeline_memcpy_async into the half the other threads read in this
// interval: the copy may land before or after their reads.
__global__ void shift(const float *in, float *out)
{
	__shared__ float buf[256];
	buf[threadIdx.x] = in[threadIdx.x];
	__syncthreads();
	float left = buf[(threadIdx.x + 255) % 256]; // expect-note: "read here"
	__pipeline_memcpy_async(&buf[threadIdx.x], &in[256 + threadIdx.x], sizeof(float)); // expect: CL3001 "asynchronous copy"
	__pipeline_commit();
	__pipeline_wait_prior(0);
	__syncthreads();
	out[threadIdx.x] = left + buf[threadIdx.x];
}
