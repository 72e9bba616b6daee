// CL4001 positive: each thread reads back only its own slot, the input is
// `const __restrict__` and the output `__restrict__`: the barrier orders
// neither shared nor global memory.
__global__ void copy_through(const float *__restrict__ in, float *__restrict__ out)
{
	__shared__ float s[256];
	int t = threadIdx.x, base = blockIdx.x * 256;
	s[t] = in[base + t];
	__syncthreads(); // expect: CL4001
	out[base + t] = 2.0f * s[t];
}
