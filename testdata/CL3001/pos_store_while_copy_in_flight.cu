#include <cuda_pipeline.h>

// A thread of another warp clears an element thread 1's copy is still
// filling: the barrier orders the threads, not the copy, which lands at
// any time before its wait, so either value can be left.
__global__ void clear_first(const float *in, float *out)
{
	__shared__ float buf[256];
	__pipeline_memcpy_async(&buf[threadIdx.x], &in[threadIdx.x], sizeof(float)); // expect-note: "the copy is issued here"
	__pipeline_commit();
	__syncthreads();
	if (threadIdx.x == 64)
		buf[1] = 0.f; // expect: CL3001 "still filling"
	__pipeline_wait_prior(0);
	__syncthreads();
	out[threadIdx.x] = buf[255 - threadIdx.x];
}
