// CL4001 negative: the shared accesses are private, but each thread writes
// global memory that another thread of the block reads after the barrier,
// which orders global memory for the block too.
__global__ void pass_on(float *buf, float *out)
{
	__shared__ float s[256];
	int t = threadIdx.x, base = blockIdx.x * 256;
	s[t] = 1.0f;
	buf[base + t] = s[t];
	__syncthreads();
	out[base + t] = buf[base + (t + 1) % 256];
}
