#include <cuda_pipeline.h>

// Two stages: the next one is copied while this one is read, and the
// barrier at the end of each round keeps a stage's readers ahead of its
// refill two rounds later.
__global__ void stream(const float *in, float *out, int rounds)
{
	__shared__ float stage[2][256];
	float acc = 0.f;
	__pipeline_memcpy_async(&stage[0][threadIdx.x], &in[threadIdx.x], sizeof(float));
	__pipeline_commit();
	for (int r = 0; r < rounds; r++) {
		int cur = r % 2;
		if (r + 1 < rounds)
			__pipeline_memcpy_async(&stage[1 - cur][threadIdx.x], &in[(r + 1) * 256 + threadIdx.x], sizeof(float));
		__pipeline_commit();
		__pipeline_wait_prior(1);
		__syncthreads();
		acc += stage[cur][(threadIdx.x + 1) % 256];
		__syncthreads();
	}
	out[threadIdx.x] = acc;
}
