// CL4002 negative: the same exchange, but the input and the output are
// plain pointers and may be the same memory: an output written after the
// barrier may be what another warp read before it, so the barrier stays.
__global__ void swap_pairs(const float *in, float *out)
{
	__shared__ float s[256];
	int t = threadIdx.x, base = blockIdx.x * 256;
	s[t] = in[base + t];
	__syncthreads();
	out[base + t] = s[t ^ 1];
}

// Restrict parameters, but one of them is written before the barrier and
// read back by another warp after it.
__global__ void read_back(const float *__restrict__ in, float *__restrict__ buf, float *__restrict__ out)
{
	__shared__ float s[256];
	int t = threadIdx.x, base = blockIdx.x * 256;
	s[t] = in[base + t];
	buf[base + t] = 2.0f;
	__syncthreads();
	out[base + t] = s[t ^ 1] + buf[base + (t + 64) % 256];
}
