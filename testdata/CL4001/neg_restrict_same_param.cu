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
