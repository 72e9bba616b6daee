// CL4001 negative: the barrier orders another thread's write before the read.
__global__ void shift(const int *in, int *out)
{
	__shared__ int s[256];
	int t = threadIdx.x;
	s[t] = in[blockIdx.x * 256 + t];
	__syncthreads();
	out[blockIdx.x * 256 + t] = s[255 - t];
}
