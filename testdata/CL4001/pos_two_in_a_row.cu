// CL4001 positive: two barriers in a row. The first orders the neighbour's
// write before the read; the second, with nothing between them, adds
// nothing (removing both would not do).
__global__ void shift(const int *in, int *out)
{
	__shared__ int s[256];
	int t = threadIdx.x;
	s[t] = in[blockIdx.x * 256 + t];
	__syncthreads();
	__syncthreads(); // expect: CL4001
	out[blockIdx.x * 256 + t] = s[(t + 1) % 256];
}
