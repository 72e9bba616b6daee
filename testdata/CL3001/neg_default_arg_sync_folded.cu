// The helper's default is to synchronise at its end, and the call (not
// in a template) passes clang's folded default: the write after the call
// is ordered after every read of s.
__device__ float reduce(float v, float *s, bool final_sync = true)
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
		s[(threadIdx.x + 1) % 32] = v;
	out[threadIdx.x] = v;
}
