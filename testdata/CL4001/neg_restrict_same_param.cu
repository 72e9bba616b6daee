// CL4001 negative: restrict parameters, but the buffer written before the
// barrier is read back by other threads after it, through the same
// parameter: the barrier orders that global memory.
__global__ void two_steps(const float *__restrict__ in, float *__restrict__ buf, float *__restrict__ out)
{
	int t = threadIdx.x, base = blockIdx.x * 256;
	buf[base + t] = in[base + t];
	__syncthreads();
	out[base + t] = buf[base + (t + 1) % 256];
}

// The same when the write's place is not known (an index loaded from
// memory): it is still the restrict buffer's memory.
__global__ void scattered(const int *__restrict__ idx, float *__restrict__ buf, float *__restrict__ out)
{
	__shared__ float s[256];
	int t = threadIdx.x, base = blockIdx.x * 256;
	s[t] = 1.0f;
	buf[idx[base + t]] = 1.0f;
	__syncthreads();
	out[base + t] = s[t] + buf[base + (t + 1) % 256];
}

// A pointer loaded from memory may point anywhere, the restrict buffer
// included, as far as anything here shows.
__global__ void through_table(float *__restrict__ buf, float *__restrict__ out, float **tab)
{
	__shared__ float s[256];
	int t = threadIdx.x, base = blockIdx.x * 256;
	s[t] = 1.0f;
	float *p = tab[0];
	p[t] = 1.0f;
	__syncthreads();
	out[base + t] = s[t] + buf[base + (t + 1) % 256];
}
