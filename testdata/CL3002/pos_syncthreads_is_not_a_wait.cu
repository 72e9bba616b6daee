#include <cuda_pipeline.h>

// __syncthreads() orders the threads, not the copy: the pipeline's copies
// are complete only after __pipeline_wait_prior.
__global__ void stage(const float4 *in, float4 *out)
{
	__shared__ float4 buf[128];
	__pipeline_memcpy_async(&buf[threadIdx.x], &in[blockIdx.x * 128 + threadIdx.x], sizeof(float4));
	__pipeline_commit();
	__syncthreads();
	out[blockIdx.x * 128 + threadIdx.x] = buf[127 - threadIdx.x]; // expect: CL3002 "__pipeline_memcpy_async"
}
