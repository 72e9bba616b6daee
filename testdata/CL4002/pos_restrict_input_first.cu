// CL4002 positive: the tile is loaded from a `const __restrict__` input
// and only a `__restrict__` output is written after the barrier. The input
// is read-only and the output is reached through no other pointer, so the
// barrier orders global memory for no one; the shared exchange stays in a
// warp (partner t ^ 1).
__global__ void swap_pairs(const float *__restrict__ in, float *__restrict__ out)
{
	__shared__ float s[256];
	int t = threadIdx.x, base = blockIdx.x * 256;
	s[t] = in[base + t];
	__syncthreads(); // expect: CL4002
	out[base + t] = s[t ^ 1];
}

// Only the input is restrict: the plain output still cannot be memory the
// input reads (the input's restrict says so).
__global__ void swap_pairs_plain_out(const float *__restrict__ in, float *out)
{
	__shared__ float s[256];
	int t = threadIdx.x, base = blockIdx.x * 256;
	s[t] = in[base + t];
	__syncthreads(); // expect: CL4002
	out[base + t] = s[t ^ 1];
}
