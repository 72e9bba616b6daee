#include <cuda_pipeline.h>

// The same shift with a barrier between the reads and the copies: every
// read is done before any thread's copy is issued.
__global__ void shift(const float *in, float *out)
{
	__shared__ float buf[256];
	buf[threadIdx.x] = in[threadIdx.x];
	__syncthreads();
	float left = buf[(threadIdx.x + 255) % 256];
	__syncthreads();
	__pipeline_memcpy_async(&buf[threadIdx.x], &in[256 + threadIdx.x], sizeof(float));
	__pipeline_commit();
	__pipeline_wait_prior(0);
	__syncthreads();
	out[threadIdx.x] = left + buf[threadIdx.x];
}
