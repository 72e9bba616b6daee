#include <cuda_pipeline.h>

// The same store once every copy is waited for before the barrier: the
// copies have landed when thread 64 clears the element.
__global__ void clear_first(const float *in, float *out)
{
	__shared__ float buf[256];
	__pipeline_memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float));
	__pipeline_commit();
	__pipeline_wait_prior(0);
	__syncthreads();
	if (threadIdx.x == 64)
		buf[1] = 0.f;
	__syncthreads();
	out[threadIdx.x] = buf[255 - threadIdx.x];
}
