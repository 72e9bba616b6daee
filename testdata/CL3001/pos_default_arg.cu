// A helper whose last barrier hangs on a default argument (llm.c's
// blockReduce): the call leaves it out, so the barrier is not passed and
// the write after the call races with the helper's read of s.
__device__ float reduce(float v, float *s, bool final_sync = false)
{
	if (threadIdx.x % 32 == 0)
		s[threadIdx.x / 32] = v;
	__syncthreads();
	v = threadIdx.x < 8 ? s[threadIdx.x] : 0.0f;
	if (final_sync)
		__syncthreads();
	return v;
}

__global__ void k(float *out)
{
	__shared__ float s[32];
	float v = reduce(out[threadIdx.x], s);
	if (threadIdx.x < 32)
		s[(threadIdx.x + 1) % 32] = v; // expect: CL3001
	out[threadIdx.x] = v;
}
